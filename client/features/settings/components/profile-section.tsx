import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../../shared/schemas/account.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { authErrorMessageKeyOf } from '../../../lib/auth-errors.ts';
import { saveDisplayName } from '../api/account-settings-api.ts';

/** The longest display name the account takes (shared/schemas/account.ts). */
const displayNameMaxLength = 100;

/**
 * The profile: the display name, editable and saved to the account (and the Firebase user, so the
 * menu and the e-mails use it), and the e-mail address, read-only: it is the sign-in identity.
 */
export function ProfileSection({
  account,
  onSaved,
}: {
  account: Account;
  onSaved: (account: Account) => void;
}) {
  const { t } = useTranslation('app');
  const nameId = useId();
  const emailId = useId();
  const hintId = useId();
  const errorId = useId();
  const [name, setName] = useState(account.displayName);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<
    { kind: 'saved' } | { kind: 'error'; message: string; onField: boolean } | null
  >(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setOutcome({ kind: 'error', message: t('settings.profile.invalidName'), onField: true });
      return;
    }
    setSaving(true);
    setOutcome(null);
    try {
      const saved = await saveDisplayName(trimmed);
      setName(saved.displayName);
      onSaved(saved);
      setOutcome({ kind: 'saved' });
    } catch (error) {
      setOutcome(
        error instanceof ApiError && error.code === 'invalid_displayName'
          ? { kind: 'error', message: t('settings.profile.invalidName'), onField: true }
          : {
              kind: 'error',
              message: t(authErrorMessageKeyOf(error, 'profile'), { ns: 'auth' }),
              onField: false,
            },
      );
    } finally {
      setSaving(false);
    }
  }

  const fieldError = outcome?.kind === 'error' && outcome.onField;
  return (
    <section className="card settings-section" aria-labelledby="settings-profile">
      <h2 id="settings-profile">{t('settings.profile.title')}</h2>
      <form className="settings-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <div className="form-field">
          <label htmlFor={nameId}>{t('settings.profile.displayName')}</label>
          <input
            id={nameId}
            name="displayName"
            type="text"
            autoComplete="name"
            required
            maxLength={displayNameMaxLength}
            value={name}
            aria-invalid={fieldError || undefined}
            aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => setName(event.target.value)}
          />
          <p id={hintId} className="form-hint">
            {t('settings.profile.displayNameHint', { max: displayNameMaxLength })}
          </p>
        </div>
        <div className="form-field">
          <label htmlFor={emailId}>{t('settings.profile.email')}</label>
          <input
            id={emailId}
            type="email"
            value={account.email}
            readOnly
            aria-describedby={`${emailId}-hint`}
          />
          <p id={`${emailId}-hint`} className="form-hint">
            {t('settings.profile.emailHint')}
          </p>
        </div>
        <div className="button-row">
          <button type="submit" className="button" disabled={saving}>
            {saving ? t('settings.profile.saving') : t('settings.profile.save')}
          </button>
        </div>
        <div aria-live="polite">
          {outcome?.kind === 'saved' && (
            <p className="form-success">{t('settings.profile.saved')}</p>
          )}
        </div>
        {outcome?.kind === 'error' && (
          <p id={errorId} className="form-error" role="alert">
            {outcome.message}
          </p>
        )}
      </form>
    </section>
  );
}
