import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Language } from '#shared/constants.ts';
import { safeRedirectTarget } from '#shared/navigation-guard.ts';
import { flowPaths } from '#shared/routes.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { syncBackendAccount } from '#client/lib/account-sync.ts';
import { useAuthState } from '#client/lib/auth-session.ts';
import type { Namespace } from '#client/lib/i18n.ts';
import { pendingRedirect, readPendingRegistration } from '#client/lib/pending-registration.ts';
import {
  cancelRegistration,
  refreshSession,
  resendVerificationEmail,
} from '#client/lib/session-actions.ts';
import { mayHaveAccount } from '#client/lib/signed-in-account.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useAuthError } from '../use-auth-error.ts';
import '#client/components/form-controls.css';
import '../account.css';

export const namespaces: readonly Namespace[] = ['account', 'auth'];

/** Between two resends: the user waits a minute rather than hammer the button (BFF limit: 30 s). */
const resendCooldownSeconds = 60;

type Busy = 'resend' | 'check' | 'cancel' | undefined;

function useCountdown(): [number, (seconds: number) => void] {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);
  return [seconds, setSeconds];
}

/**
 * Where a new account waits for its e-mail verification: where the e-mail
 * went, send it again (with a cooldown), "I have verified" (the session's claims read again, then
 * the account finalised, and on to the page the sign-up was on its way to: `?redirect=`, else this
 * browser's pending registration's), or "use another account" (the registration cancelled).
 */
export default function VerifyEmailPage() {
  const { t, i18n } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const state = useAuthState();
  const [busy, setBusy] = useState<Busy>();
  const [notice, setNotice] = useState<'resent' | 'notVerifiedYet' | undefined>();
  const [cooldown, startCooldown] = useCountdown();
  const { message, show, clear } = useAuthError();

  const [searchParams] = useSearchParams();
  const user = state.status === 'signed-in' ? state.user : null;
  const email = user?.email ?? readPendingRegistration()?.email ?? null;
  const redirect = searchParams.get('redirect') ?? pendingRedirect(user?.email ?? null) ?? null;
  const language = (i18n.resolvedLanguage ?? i18n.language) as Language;

  async function run(kind: Exclude<Busy, undefined>, action: () => Promise<void>): Promise<void> {
    setBusy(kind);
    setNotice(undefined);
    clear();
    try {
      await action();
    } finally {
      setBusy(undefined);
    }
  }

  const resend = () =>
    run('resend', async () => {
      try {
        await resendVerificationEmail(language);
        setNotice('resent');
        startCooldown(resendCooldownSeconds);
      } catch (failure) {
        show(failure, 'resend-verification');
      }
    });

  const checkVerified = () =>
    run('check', async () => {
      try {
        const refreshed = await refreshSession();
        if (!mayHaveAccount(refreshed)) {
          setNotice('notVerifiedYet');
          return;
        }
        await syncBackendAccount(refreshed);
      } catch (failure) {
        show(failure, 'finalize');
        return;
      }
      await navigate(safeRedirectTarget(redirect), { replace: true });
    });

  const switchAccount = () =>
    run('cancel', async () => {
      try {
        await cancelRegistration();
      } catch (failure) {
        show(failure, 'account-deletion');
        return;
      }
      await navigate(flowPaths.login, { replace: true });
    });

  // A verified user has nothing to wait for here (the route is open to everyone, so it still
  // shows).
  const verified = user !== null && mayHaveAccount(user) && busy === undefined;

  return (
    <div className="account-flow">
      <DocumentHead title={tCommon('routes.verify-email')} />
      <h1>{tCommon('routes.verify-email')}</h1>
      {verified ? (
        <>
          <p role="status">{t('verifyEmail.alreadyVerified')}</p>
          <p>
            <AppLink className="button" to={flowPaths.afterSignIn}>
              {t('verifyEmail.dashboardLink')}
            </AppLink>
          </p>
        </>
      ) : state.status === 'signed-out' ? (
        <>
          <p>{t('verifyEmail.signedOut')}</p>
          <p>
            <AppLink
              className="button"
              to={
                redirect === null
                  ? flowPaths.login
                  : `${flowPaths.login}?redirect=${encodeURIComponent(safeRedirectTarget(redirect))}`
              }
            >
              {t('verifyEmail.signInLink')}
            </AppLink>
          </p>
        </>
      ) : (
        <>
          <p>
            {email === null ? t('verifyEmail.sentNoAddress') : t('verifyEmail.sentTo', { email })}
          </p>
          <p className="muted">{t('verifyEmail.spamHint')}</p>
          {message !== undefined && (
            <p className="form-error" role="alert">
              {message}
            </p>
          )}
          {notice !== undefined && (
            <p className="form-success" role="status">
              {notice === 'resent' ? t('verifyEmail.resent') : t('verifyEmail.notVerifiedYet')}
            </p>
          )}
          <div className="button-row">
            <button
              type="button"
              className="button"
              disabled={busy !== undefined}
              onClick={() => void checkVerified()}
            >
              {busy === 'check' ? t('verifyEmail.checking') : t('verifyEmail.checkVerified')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy !== undefined || cooldown > 0}
              aria-describedby={cooldown > 0 ? 'verify-email-cooldown' : undefined}
              onClick={() => void resend()}
            >
              {busy === 'resend' ? t('verifyEmail.resending') : t('verifyEmail.resend')}
            </button>
          </div>
          {cooldown > 0 && (
            <p id="verify-email-cooldown" className="form-hint">
              {t('verifyEmail.cooldown', { seconds: cooldown })}
            </p>
          )}
          <p>
            <button
              type="button"
              className="link-button"
              disabled={busy !== undefined}
              onClick={() => void switchAccount()}
            >
              {busy === 'cancel' ? t('verifyEmail.cancelling') : t('verifyEmail.useAnotherAccount')}
            </button>
          </p>
        </>
      )}
    </div>
  );
}
