import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { authErrorMessageKeyOf } from '#client/lib/auth-errors.ts';
import { setSignedInUser } from '#client/lib/auth-session.ts';
import { clearLocalAccountData } from '#client/lib/session-actions.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useSendPasswordReset, useSignOutEverywhere } from '../api/account-queries.ts';
import { loginUrlInLanguage } from '#client/lib/login-url.ts';

/**
 * Security: the password-reset e-mail (e-mail accounts; a Google account's password is Google's)
 * and signing out of every device, which ends every session of the user and revokes their Firebase
 * refresh tokens, this browser's included.
 */
export function SecuritySection({ email, usesPassword }: { email: string; usesPassword: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const errorText = useApiErrorText();
  const reset = useSendPasswordReset();
  const signOutEverywhere = useSignOutEverywhere();

  function handleSendReset() {
    reset.mutate(email);
  }

  function handleSignOutEverywhere() {
    signOutEverywhere.mutate(undefined, {
      onSuccess: () => {
        // The BFF has ended this browser's session with the others; the tab learns it, and forgets
        // the person as a sign-out does (the cookie-consent choice stays: it is this browser's).
        setSignedInUser(null);
        clearLocalAccountData();
        // A full load: every screen, cache and preference of the session starts again from nothing.
        window.location.assign(loginUrlInLanguage(i18n.resolvedLanguage));
      },
    });
  }

  const resetError = reset.isError
    ? t(authErrorMessageKeyOf(reset.error, 'password-reset'), { ns: 'auth' })
    : undefined;
  const signOutError = signOutEverywhere.isError
    ? errorText(
        signOutEverywhere.error instanceof ApiError
          ? signOutEverywhere.error.code
          : 'internal_error',
        t('settings.security.sessions.failed'),
      )
    : undefined;
  // Signing out goes on to a new page: the button stays busy until it has gone.
  const signingOut = signOutEverywhere.isPending || signOutEverywhere.isSuccess;

  return (
    <section className="card settings-section" aria-labelledby="settings-security">
      <h2 id="settings-security">{t('settings.security.title')}</h2>

      <h3>{t('settings.security.password.title')}</h3>
      {usesPassword ? (
        <>
          <p className="muted">{t('settings.security.password.text', { email })}</p>
          <div className="button-row">
            <button
              type="button"
              className="button button-secondary"
              disabled={reset.isPending}
              onClick={handleSendReset}
            >
              {reset.isPending
                ? t('settings.security.password.sending')
                : t('settings.security.password.send')}
            </button>
          </div>
          <div aria-live="polite">
            {reset.isSuccess && (
              <p className="form-success">{t('settings.security.password.sent', { email })}</p>
            )}
          </div>
          {resetError !== undefined && (
            <p className="form-error" role="alert">
              {resetError}
            </p>
          )}
        </>
      ) : (
        <p className="muted">{t('settings.security.password.google')}</p>
      )}

      <h3>{t('settings.security.sessions.title')}</h3>
      <p className="muted">{t('settings.security.sessions.text')}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary"
          disabled={signingOut}
          onClick={handleSignOutEverywhere}
        >
          {signingOut
            ? t('settings.security.sessions.working')
            : t('settings.security.sessions.button')}
        </button>
      </div>
      {signOutError !== undefined && (
        <p className="form-error" role="alert">
          {signOutError}
        </p>
      )}
    </section>
  );
}
