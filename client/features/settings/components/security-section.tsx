import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '../../../components/use-api-error-text.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { authErrorMessageKeyOf } from '../../../lib/auth-errors.ts';
import { setSignedInUser } from '../../../lib/auth-session.ts';
import { reportError } from '../../../lib/error-reporting.ts';
import { sendPasswordReset } from '../../../lib/firebase-auth/email-actions.ts';
import { clearLocalAccountData } from '../../../lib/session-actions.ts';
import { signOutEverywhere } from '../api/account-settings-api.ts';
import { loginUrlInLanguage } from '../login-url.ts';

type Status = { kind: 'idle' | 'working' } | { kind: 'done' } | { kind: 'error'; message: string };

/**
 * Security: the password-reset e-mail (e-mail accounts; a Google account's password is Google's)
 * and signing out of every device, which ends every session of the user and revokes their Firebase
 * refresh tokens, this browser's included.
 */
export function SecuritySection({ email, usesPassword }: { email: string; usesPassword: boolean }) {
  const { t, i18n } = useTranslation('app');
  const errorText = useApiErrorText();
  const [reset, setReset] = useState<Status>({ kind: 'idle' });
  const [signOut, setSignOut] = useState<Status>({ kind: 'idle' });

  async function handleSendReset() {
    setReset({ kind: 'working' });
    try {
      await sendPasswordReset(email);
      setReset({ kind: 'done' });
    } catch (error) {
      setReset({
        kind: 'error',
        message: t(authErrorMessageKeyOf(error, 'password-reset'), { ns: 'auth' }),
      });
    }
  }

  async function handleSignOutEverywhere() {
    setSignOut({ kind: 'working' });
    try {
      await signOutEverywhere();
    } catch (error) {
      if (!(error instanceof ApiError)) reportError(error);
      const code = error instanceof ApiError ? error.code : 'internal_error';
      setSignOut({
        kind: 'error',
        message: errorText(code, t('settings.security.sessions.failed')),
      });
      return;
    }
    // The BFF has ended this browser's session with the others; the tab learns it, and forgets the
    // person as a sign-out does (the cookie-consent choice stays: it is this browser's, not theirs).
    setSignedInUser(null);
    clearLocalAccountData();
    // A full load: every screen, cache and preference of the session starts again from nothing.
    window.location.assign(loginUrlInLanguage(i18n.resolvedLanguage));
  }

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
              disabled={reset.kind === 'working'}
              onClick={() => void handleSendReset().catch(reportError)}
            >
              {reset.kind === 'working'
                ? t('settings.security.password.sending')
                : t('settings.security.password.send')}
            </button>
          </div>
          <div aria-live="polite">
            {reset.kind === 'done' && (
              <p className="form-success">{t('settings.security.password.sent', { email })}</p>
            )}
          </div>
          {reset.kind === 'error' && (
            <p className="form-error" role="alert">
              {reset.message}
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
          disabled={signOut.kind === 'working'}
          onClick={() => void handleSignOutEverywhere().catch(reportError)}
        >
          {signOut.kind === 'working'
            ? t('settings.security.sessions.working')
            : t('settings.security.sessions.button')}
        </button>
      </div>
      {signOut.kind === 'error' && (
        <p className="form-error" role="alert">
          {signOut.message}
        </p>
      )}
    </section>
  );
}
