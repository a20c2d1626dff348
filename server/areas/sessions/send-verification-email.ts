import { EmailNotSentError } from '#server/platform/identity.ts';
import type { Language } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import type { FreshTokens, SessionContext } from './session-context.ts';

/**
 * Sends the address-verification e-mail of the session's user (sign-up, and "resend" on
 * /verify-email), in the user's language, with a link that leads back to the app once verified.
 *
 * `tokens` must be freshly refreshed: the user may have verified in another browser since the
 * session last read its claims, and must then be told so (409) rather than mailed again.
 */
export async function sendVerificationEmail(
  context: SessionContext,
  tokens: FreshTokens,
  options: { continueUrl: string; language: Language },
): Promise<void> {
  if (tokens.user.emailVerified) {
    throw new AppError('email_already_verified', 409, {
      message: 'The e-mail address is already verified',
    });
  }
  try {
    await context.identity.sendVerificationEmail(tokens.idToken, options);
  } catch (error) {
    if (!(error instanceof EmailNotSentError)) throw error;
    throw new AppError('verification_email_failed', 502, {
      message: 'The verification e-mail could not be sent; try again',
      cause: error,
    });
  }
}
