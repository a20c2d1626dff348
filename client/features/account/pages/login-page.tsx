import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  loginModeParameter,
  loginNoticeOf,
  loginNoticeParameter,
  signUpMode,
} from '#shared/login-address.ts';
import { safeRedirectTarget } from '#shared/navigation-guard.ts';
import { flowPaths } from '#shared/routes.ts';
import type { Language } from '#shared/constants.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { syncBackendAccount } from '#client/lib/account-sync.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { sendPasswordReset } from '#client/lib/firebase-auth/email-actions.ts';
import { signInWithEmail } from '#client/lib/firebase-auth/email-sign-in.ts';
import { signInWithGoogle } from '#client/lib/firebase-auth/google-sign-in.ts';
import { preloadFirebaseAuth } from '#client/lib/firebase-auth/load-sdk.ts';
import {
  minimumLengthCheck,
  type PasswordCheck,
} from '#client/lib/firebase-auth/password-requirements.ts';
import { pendingRedirect } from '#client/lib/pending-registration.ts';
import { mayHaveAccount } from '#client/lib/signed-in-account.ts';
import type { Namespace } from '#client/lib/i18n.ts';
import type { AuthUser } from '#shared/schemas/session.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { initialFieldValue } from '../initial-field-value.ts';
import { useAuthError, type AuthField } from '../use-auth-error.ts';
import '#client/components/form-controls.css';
import '../account.css';

export const namespaces: readonly Namespace[] = ['account', 'auth'];

type Mode = 'signIn' | 'signUp' | 'reset';

/** Fixed ids: the prerendered fields and the app's are matched by them (initialFieldValue). */
const ids = {
  name: 'login-name',
  email: 'login-email',
  password: 'login-password',
  error: 'login-error',
  requirements: 'login-password-requirements',
} as const;

/**
 * When the Firebase SDK is fetched: as soon as the visitor starts using a form, and otherwise once
 * the page has loaded and the browser has a quiet moment, never in the page's first load (its
 * budget, npm run bench:client).
 */
const idlePreloadDelayMs = 2000;

/**
 * The sign-up's own code (creating the user, reading the password policy), fetched when the visitor
 * turns to the sign-up, not with the page: most visitors of /login only sign in.
 */
function loadSignUp() {
  return Promise.all([
    import('#client/lib/firebase-auth/sign-up.ts'),
    import('#client/lib/firebase-auth/password-policy.ts'),
  ]).then(([signUp, passwordPolicy]) => ({ ...signUp, ...passwordPolicy }));
}

function usePreloadAfterLoad(): void {
  useEffect(() => {
    let timer: number | undefined;
    const schedule = (): void => {
      timer = window.setTimeout(() => {
        if ('requestIdleCallback' in window) window.requestIdleCallback(preloadFirebaseAuth);
        else preloadFirebaseAuth();
      }, idlePreloadDelayMs);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      window.clearTimeout(timer);
    };
  }, []);
}

function PasswordRequirements({ check }: { check: PasswordCheck }) {
  const { t } = useTranslation('account');
  return (
    <div id={ids.requirements} className="password-requirements">
      <p className="form-hint">{t('login.requirementsTitle')}</p>
      <ul>
        {check.requirements.map((requirement) => (
          <li key={requirement.kind} data-met={requirement.met}>
            <span aria-hidden="true">{requirement.met ? '✓' : '•'}</span>{' '}
            {t(
              `login.requirements.${requirement.kind}`,
              'value' in requirement ? { value: requirement.value } : {},
            )}
            <span className="visually-hidden">
              {' '}
              ({requirement.met ? t('login.requirementMet') : t('login.requirementMissing')})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The sign-in page: sign in with e-mail and password, create an account, reset a
 * forgotten password, or continue with Google. It is prerendered, so the forms are plain HTML with
 * labels and autocomplete hints before the app starts; the fields have no `name`, so a form sent
 * before then puts nothing, least of all a password, into the address.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation('account');
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  // "Create your free account" opens the sign-up (`?mode=sign-up`); any other visit, the sign-in.
  const signUpAsked = searchParams.get(loginModeParameter) === signUpMode;
  const [mode, setMode] = useState<Mode>(signUpAsked ? 'signUp' : 'signIn');
  // A link to the sign-up followed while this page is open (the header's "Create your free
  // account") renders the same page with the new address: it opens the sign-up too.
  const [signUpAskedBefore, setSignUpAskedBefore] = useState(signUpAsked);
  if (signUpAsked !== signUpAskedBefore) {
    setSignUpAskedBefore(signUpAsked);
    if (signUpAsked) setMode('signUp');
  }
  // What brought the visitor here, said once: the address forgets it at once, so that a reload
  // or a later visit through history does not say it again.
  const [notice] = useState(() => loginNoticeOf(searchParams));
  const [name, setName] = useState(() => initialFieldValue(ids.name));
  const [email, setEmail] = useState(() => initialFieldValue(ids.email));
  const [password, setPassword] = useState(() => initialFieldValue(ids.password));
  const [busy, setBusy] = useState<'form' | 'google' | undefined>();
  const [resetSentTo, setResetSentTo] = useState<string | undefined>();
  const [passwordCheck, setPasswordCheck] = useState<PasswordCheck>(() =>
    minimumLengthCheck(password),
  );
  const { error, message, show, clear } = useAuthError();
  const googleAttempt = useRef(0);
  const checkSequence = useRef(0);
  usePreloadAfterLoad();

  const language = (i18n.resolvedLanguage ?? i18n.language) as Language;
  // The page the visitor was on the way to (`?redirect=`), kept through a sign-up and its
  // verification; null for a plain visit.
  const redirect = searchParams.get('redirect');
  const verifyEmailPath =
    redirect === null
      ? flowPaths.verifyEmail
      : `${flowPaths.verifyEmail}?redirect=${encodeURIComponent(safeRedirectTarget(redirect))}`;

  useEffect(() => {
    if (!searchParams.has(loginNoticeParameter)) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete(loginNoticeParameter);
    setSearchParams(rest, { replace: true });
  }, [searchParams, setSearchParams]);

  // The live requirements of the sign-up's password (Firebase's validatePassword).
  useEffect(() => {
    if (mode !== 'signUp') return;
    const sequence = ++checkSequence.current;
    loadSignUp()
      .then(({ validatePasswordLive }) => validatePasswordLive(password))
      .then(
        (check) => {
          if (sequence === checkSequence.current) setPasswordCheck(check);
        },
        () => {},
      );
  }, [mode, password]);

  function switchMode(next: Mode): void {
    setMode(next);
    clear();
    setResetSentTo(undefined);
  }

  /**
   * After a sign-in: the verification page, or the account ensured and the page asked for (the one
   * this browser's sign-up was on its way to, when the sign-in names none).
   */
  async function continueAfterSignIn(user: AuthUser): Promise<void> {
    if (!mayHaveAccount(user)) {
      await navigate(verifyEmailPath, { replace: true });
      return;
    }
    // Read before the account is ensured, which clears the pending registration.
    const target = redirect ?? pendingRedirect(user.email);
    try {
      // Created on the fly, the account starts in English (shared/registration.ts), unless a
      // pending registration of this user names the language chosen at sign-up.
      await syncBackendAccount(user);
    } catch (failure) {
      show(failure, 'account-fetch');
      return;
    }
    await navigate(safeRedirectTarget(target), { replace: true });
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy === 'form') return;
    setBusy('form');
    clear();
    try {
      if (mode === 'signIn') {
        let user: AuthUser;
        try {
          user = await signInWithEmail(email.trim(), password);
        } catch (failure) {
          show(failure, 'login');
          return;
        }
        await continueAfterSignIn(user);
      } else if (mode === 'signUp') {
        try {
          const { signUpWithEmail } = await loadSignUp();
          await signUpWithEmail({
            name: name.trim(),
            email: email.trim(),
            password,
            language,
            ...(redirect !== null && { redirect: safeRedirectTarget(redirect) }),
          });
        } catch (failure) {
          show(failure, 'signup');
          if (errorCodeOf(failure) === 'auth/password-does-not-meet-requirements') {
            // The message is shown already; a policy that cannot be re-read keeps the last list,
            // and a password typed meanwhile is checked by the live check instead.
            const sequence = ++checkSequence.current;
            await loadSignUp()
              .then(({ refreshPasswordPolicy }) => refreshPasswordPolicy(password))
              .then(
                (check) => {
                  if (sequence === checkSequence.current) setPasswordCheck(check);
                },
                () => {},
              );
          }
          return;
        }
        await navigate(verifyEmailPath, { replace: true });
      } else {
        try {
          await sendPasswordReset(email.trim());
          setResetSentTo(email.trim());
        } catch (failure) {
          show(failure, 'password-reset');
        }
      }
    } finally {
      setBusy((current) => (current === 'form' ? undefined : current));
    }
  }

  /**
   * Google's popup. The button stays usable while a popup is open: a second click opens a new popup
   * and cancels the first (client/lib/popup-coordinator.ts), whose message is shown while the new
   * one runs.
   */
  async function continueWithGoogle(): Promise<void> {
    const attempt = ++googleAttempt.current;
    setBusy('google');
    clear();
    try {
      const user = await signInWithGoogle();
      if (attempt !== googleAttempt.current) return;
      await continueAfterSignIn(user);
    } catch (failure) {
      show(failure, 'google');
    } finally {
      if (attempt === googleAttempt.current) {
        setBusy((current) => (current === 'google' ? undefined : current));
      }
    }
  }

  const invalid = (field: AuthField) => error?.field === field;

  const heading =
    mode === 'signUp'
      ? t('login.signUpTitle')
      : mode === 'reset'
        ? t('login.resetTitle')
        : t('heads.login.title');
  const submitLabel = {
    signIn: busy === 'form' ? t('login.signingIn') : t('login.signIn'),
    signUp: busy === 'form' ? t('login.signingUp') : t('login.signUp'),
    reset: busy === 'form' ? t('login.sendingReset') : t('login.sendReset'),
  }[mode];

  return (
    <div className="login">
      <DocumentHead title={t('heads.login.title')} description={t('heads.login.description')} />
      <h1>{heading}</h1>
      {notice === 'account-deleted' && (
        <p className="form-success" role="status">
          {t('login.accountDeleted')}
        </p>
      )}
      {mode !== 'reset' && (
        <div className="login-modes" role="group" aria-label={t('login.modes')}>
          <button
            type="button"
            className="login-mode"
            aria-pressed={mode === 'signIn'}
            onClick={() => switchMode('signIn')}
          >
            {t('login.signInTab')}
          </button>
          <button
            type="button"
            className="login-mode"
            aria-pressed={mode === 'signUp'}
            onClick={() => switchMode('signUp')}
          >
            {t('login.signUpTab')}
          </button>
        </div>
      )}
      <p className="muted">
        {mode === 'signUp'
          ? t('login.signUpIntro')
          : mode === 'reset'
            ? t('login.resetIntro')
            : t('login.intro')}
      </p>

      <form
        className="login-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        onFocus={preloadFirebaseAuth}
        aria-busy={busy === 'form'}
      >
        {mode === 'signUp' && (
          <FormField
            id={ids.name}
            label={t('login.name')}
            required
            invalid={invalid('name')}
            describedBy={[invalid('name') && ids.error]}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="name"
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </FormField>
        )}
        <FormField
          id={ids.email}
          label={t('login.email')}
          required
          invalid={invalid('email')}
          describedBy={[invalid('email') && ids.error]}
        >
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete={mode === 'signIn' ? 'username' : 'email'}
              spellCheck={false}
              autoCapitalize="none"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        {mode !== 'reset' && (
          <FormField
            id={ids.password}
            label={t('login.password')}
            required
            invalid={invalid('password')}
            describedBy={[mode === 'signUp' && ids.requirements, invalid('password') && ids.error]}
          >
            {(control) => (
              <>
                <input
                  {...control}
                  type="password"
                  autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
                  spellCheck={false}
                  autoCapitalize="none"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                {mode === 'signUp' && <PasswordRequirements check={passwordCheck} />}
              </>
            )}
          </FormField>
        )}

        {message !== undefined && (
          <p id={ids.error} className="form-error" role="alert">
            {message}
          </p>
        )}
        {resetSentTo !== undefined && (
          <p className="form-success" role="status">
            {t('login.resetSent', { email: resetSentTo })}
          </p>
        )}

        <div className="button-row login-actions">
          <button type="submit" className="button" disabled={busy === 'form'}>
            {submitLabel}
          </button>
          {mode === 'signIn' && (
            <button type="button" className="link-button" onClick={() => switchMode('reset')}>
              {t('login.forgotPassword')}
            </button>
          )}
          {mode === 'reset' && (
            <button type="button" className="link-button" onClick={() => switchMode('signIn')}>
              {t('login.backToSignIn')}
            </button>
          )}
        </div>
      </form>

      {mode !== 'reset' && (
        <>
          <p className="login-divider">
            <span>{t('login.or')}</span>
          </p>
          <button
            type="button"
            className="button button-secondary login-google"
            disabled={busy === 'form'}
            onFocus={preloadFirebaseAuth}
            onPointerEnter={preloadFirebaseAuth}
            onClick={() => void continueWithGoogle()}
          >
            {busy === 'google' ? t('login.googleWaiting') : t('login.google')}
          </button>
        </>
      )}
      <p className="login-plans">
        <AppLink to="/pricing">{t('login.pricingLink')}</AppLink>
      </p>
    </div>
  );
}
