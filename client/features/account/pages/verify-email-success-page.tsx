import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { safeRedirectTarget } from '#shared/navigation-guard.ts';
import type { AuthUser } from '#shared/schemas/session.ts';
import { flowPaths } from '#shared/routes.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { syncBackendAccount } from '#client/lib/account-sync.ts';
import { AuthFlowError, errorCodeOf } from '#client/lib/auth-errors.ts';
import { whenSessionKnown } from '#client/lib/auth-session.ts';
import { applyEmailVerificationCode } from '#client/lib/firebase-auth/email-actions.ts';
import type { Namespace } from '#client/lib/i18n.ts';
import { pendingRedirect } from '#client/lib/pending-registration.ts';
import { cancelRegistration, refreshSession } from '#client/lib/session-actions.ts';
import { mayHaveAccount } from '#client/lib/signed-in-account.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useAuthError } from '../use-auth-error.ts';
import '#client/components/form-controls.css';
import '../account.css';

export const namespaces: readonly Namespace[] = ['account', 'auth'];

type Step = 'working' | 'finishing' | 'signInToContinue' | 'failed' | 'finalizeFailed';

/** The action code of a verification link, read once and then removed from the address bar. */
function takeVerificationCode(): string | undefined {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('oobCode');
  const mode = url.searchParams.get('mode');
  if (code === null) return undefined;
  // A one-time code has no business in the history, a bookmark or a session replay
  // (docs/decisions/0007-client-error-reporting.md).
  window.history.replaceState(window.history.state, '', url.pathname);
  return mode === null || mode === 'verifyEmail' ? code : undefined;
}

/**
 * Where the verification link of a sign-up leads. With `?mode=verifyEmail&oobCode=…` the
 * code is applied here; without one (the identity provider's page applied it) the session is only
 * read again. A verified session then finalises the backend account (the pending registration's
 * language and name) and goes to the page the sign-up was on its way to, else the dashboard; no
 * session means the link was opened in another browser, or the session ended: the address is
 * verified, and the user is asked to sign in (on to that page, when this browser knows it). A code that cannot be applied
 * cancels the registration, but only while the session's user is still unverified: a link opened
 * twice must not delete a verified account.
 */
export default function VerifyEmailSuccessPage() {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('working');
  const [verifiedUser, setVerifiedUser] = useState<AuthUser | undefined>();
  const { message, show } = useAuthError();
  const started = useRef(false);

  async function finalize(user: AuthUser): Promise<void> {
    setStep('finishing');
    // Read before the account is ensured, which clears the pending registration.
    const target = safeRedirectTarget(pendingRedirect(user.email));
    try {
      await syncBackendAccount(user);
    } catch (failure) {
      setVerifiedUser(user);
      show(failure, 'finalize');
      setStep('finalizeFailed');
      return;
    }
    await navigate(target, { replace: true });
  }

  async function verify(): Promise<void> {
    const code = takeVerificationCode();
    let codeFailure: unknown;
    if (code !== undefined) {
      try {
        await applyEmailVerificationCode(code);
      } catch (failure) {
        codeFailure = failure;
      }
    }

    const session = await whenSessionKnown();
    if (session.status !== 'signed-in') {
      if (codeFailure === undefined) setStep('signInToContinue');
      else {
        show(codeFailure, 'verify');
        setStep('failed');
      }
      return;
    }

    let user = session.user;
    try {
      user = await refreshSession();
    } catch (failure) {
      // The session's claims could not be read again: judge by the ones known.
      codeFailure ??= failure;
    }
    if (mayHaveAccount(user)) {
      await finalize(user);
      return;
    }
    // Still unverified: the link was bad (or absent). A bad link cancels the registration, so that
    // the address is free to sign up again.
    show(codeFailure ?? new AuthFlowError('auth/invalid-action-code'), 'verify');
    setStep('failed');
    if (code !== undefined && codeFailure !== undefined && isCodeRejection(codeFailure)) {
      try {
        await cancelRegistration();
      } catch {
        // The registration stays; /verify-email still offers to cancel it or to resend the link.
      }
    }
  }

  useEffect(() => {
    // Once: StrictMode runs effects twice in development, and a code can be applied only once.
    if (started.current) return;
    started.current = true;
    void verify();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once for the link that opened the page.
  }, []);

  return (
    <div className="account-flow">
      <DocumentHead title={tCommon('routes.verify-email-success')} />
      <h1>{tCommon('routes.verify-email-success')}</h1>
      {(step === 'working' || step === 'finishing') && (
        <p role="status">
          {step === 'working' ? t('verifyEmailSuccess.working') : t('verifyEmailSuccess.finishing')}
        </p>
      )}
      {step === 'signInToContinue' && (
        <>
          <p role="status">{t('verifyEmailSuccess.signInToContinue')}</p>
          <p>
            <AppLink className="button" to={signInPath()}>
              {t('verifyEmailSuccess.signInLink')}
            </AppLink>
          </p>
        </>
      )}
      {(step === 'failed' || step === 'finalizeFailed') && (
        <>
          <p className="form-error" role="alert">
            {message}
          </p>
          <div className="button-row">
            {step === 'finalizeFailed' && verifiedUser !== undefined && (
              <button type="button" className="button" onClick={() => void finalize(verifiedUser)}>
                {t('verifyEmailSuccess.retry')}
              </button>
            )}
            <AppLink className="button button-secondary" to={flowPaths.login}>
              {t('verifyEmailSuccess.backToSignIn')}
            </AppLink>
          </div>
        </>
      )}
    </div>
  );
}

/** The sign-in, on to the page this browser's sign-up was on its way to when there is one. */
function signInPath(): string {
  const redirect = pendingRedirect(null);
  return redirect === undefined
    ? flowPaths.login
    : `${flowPaths.login}?redirect=${encodeURIComponent(safeRedirectTarget(redirect))}`;
}

/** The provider refused the code itself (invalid, expired, used); a network failure is no verdict. */
function isCodeRejection(failure: unknown): boolean {
  const code = errorCodeOf(failure);
  return code.startsWith('auth/') && code !== 'auth/network-request-failed';
}
