import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { postDeleteRedirectMs } from '#shared/constants.ts';
import { Button } from '#client/components/button.tsx';
import { Dialog, DialogClose } from '#client/components/dialog.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { ApiError } from '#client/lib/api-error.ts';
import { authErrorMessageKey, authErrorMessageKeyOf } from '#client/lib/auth-errors.ts';
import { reportError } from '#client/lib/error-reporting.ts';
import { reauthenticate } from '#client/lib/firebase-auth/reauthentication.ts';
import { signOutAndClear } from '#client/lib/session-actions.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useDeleteAccount } from '../api/account-queries.ts';
import { loginUrlInLanguage } from '#client/lib/login-url.ts';

type Status = 'idle' | 'confirming' | 'deleting' | 'deleted';

/**
 * Account deletion (docs/decisions/0009-account-deletion-and-local-google-sign-in.md): a modal
 * dialog asks the user to prove it is them again (their password, or the Google popup), with the
 * same account they are signed in with, having read that their stores are disconnected and a paid
 * plan ends at once; then the account is deleted (its data and stores, the Firebase user, every
 * session), this browser forgets the person, and after postDeleteRedirectMs the user is on
 * /login, loaded afresh.
 *
 * The dialog is the app's modal dialog (client/components/dialog.tsx), kept in the page and opened
 * by the button: the browser traps focus inside it, makes the page behind it inert, closes it on
 * Escape and gives focus back to the button that opened it. It cannot be dismissed while the
 * deletion runs.
 */
export function DeleteAccountSection({
  uid,
  email,
  usesPassword,
}: {
  uid: string;
  email: string;
  usesPassword: boolean;
}) {
  const { t, i18n } = useTranslation('settings');
  const deleteAccount = useDeleteAccount();
  const passwordRef = useRef<HTMLInputElement>(null);
  const textId = useId();
  const storesId = useId();
  const errorId = useId();
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  const busy = status === 'confirming' || status === 'deleting' || status === 'deleted';

  // After a failure, back to the password (once it is enabled again), where the user acts next.
  useEffect(() => {
    if (error !== null && status === 'idle') passwordRef.current?.focus();
  }, [error, status]);

  function open() {
    setError(null);
    setOpened(true);
  }

  async function confirmAndDelete() {
    setError(null);
    setStatus('confirming');
    try {
      await reauthenticate(usesPassword ? { kind: 'password', password } : { kind: 'google' }, uid);
    } catch (failure) {
      setStatus('idle');
      // A sign-in failure reads as one (wrong password, popup closed, another account).
      setError(
        t(authErrorMessageKeyOf(failure, usesPassword ? 'login' : 'google'), { ns: 'auth' }),
      );
      return;
    }

    setStatus('deleting');
    try {
      await deleteAccount.mutateAsync();
    } catch (failure) {
      setStatus('idle');
      // The proof of identity went stale between the two steps (a slow network, a sleeping tab):
      // the user proves it again, nothing was deleted.
      if (failure instanceof ApiError && failure.code === 'recent_login_required') {
        setError(t('settings.delete.confirmAgain'));
      } else if (failure instanceof ApiError && failure.code === 'subscription_cancel_failed') {
        // The paid subscription must end first, and Stripe did not take its cancellation.
        setError(t('apiErrors.subscription_cancel_failed', { ns: 'common' }));
      } else {
        setError(t(authErrorMessageKeyOf(failure, 'account-deletion'), { ns: 'auth' }));
      }
      return;
    }

    // The account is gone: this browser forgets the person too (the session cookie, the pending
    // registration, the verification flag, the preference cookies). The cookie-consent choice
    // stays: it is this browser's answer about cookies, not data of the deleted account.
    await signOutAndClear();
    setPassword('');
    setStatus('deleted');
    // Not tied to this component: the signed-out app may unmount it, and the user must still go.
    // A full load, so that nothing of the deleted account stays in memory.
    const loginUrl = loginUrlInLanguage(i18n.resolvedLanguage, 'account-deleted');
    window.setTimeout(() => window.location.assign(loginUrl), postDeleteRedirectMs);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (usesPassword && password === '') {
      setError(t(authErrorMessageKey('auth/missing-password', 'account-deletion'), { ns: 'auth' }));
      return;
    }
    confirmAndDelete().catch((failure: unknown) => {
      setStatus('idle');
      reportError(failure);
      setError(t(authErrorMessageKeyOf(failure, 'account-deletion'), { ns: 'auth' }));
    });
  }

  const waitingText =
    status === 'confirming'
      ? t('settings.delete.confirming')
      : status === 'deleting'
        ? t('settings.delete.deleting')
        : status === 'deleted'
          ? t('settings.delete.deleted')
          : '';

  return (
    <section className="card settings-section settings-danger" aria-labelledby="settings-delete">
      <h2 id="settings-delete">{t('settings.delete.title')}</h2>
      <p className="muted">{t('settings.delete.text')}</p>
      <div className="button-row">
        <Button variant="danger" onClick={open}>
          {t('settings.delete.open')}
        </Button>
      </div>

      <Dialog
        title={t('settings.delete.dialogTitle')}
        describedBy={`${storesId} ${textId}`}
        open={opened}
        // Escape while the deletion runs would hide a step the user must see through.
        busy={busy}
        onClose={() => {
          // Cancelled: the password typed for it does not stay in the page.
          setOpened(false);
          setError(null);
          setPassword('');
        }}
      >
        <form noValidate onSubmit={handleSubmit}>
          <p id={storesId}>{t('settings.delete.stores')}</p>
          <p id={textId}>
            {usesPassword
              ? t('settings.delete.withPassword', { email })
              : t('settings.delete.withGoogle', { email })}
          </p>
          {usesPassword && (
            <FormField
              label={t('settings.delete.password')}
              required
              invalid={error !== null}
              describedBy={[error !== null && errorId]}
            >
              {(control) => (
                <input
                  {...control}
                  ref={passwordRef}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  autoFocus
                  value={password}
                  disabled={busy}
                  onChange={(event) => setPassword(event.target.value)}
                />
              )}
            </FormField>
          )}
          {error !== null && (
            <p id={errorId} className="form-error" role="alert">
              {error}
            </p>
          )}
          <p className="form-status" role="status">
            {waitingText}
          </p>
          <div className="button-row">
            <DialogClose disabled={busy} autoFocus={!usesPassword}>
              {t('settings.delete.cancel')}
            </DialogClose>
            <Button type="submit" variant="danger" disabled={busy}>
              {usesPassword ? t('settings.delete.confirm') : t('settings.delete.confirmWithGoogle')}
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
