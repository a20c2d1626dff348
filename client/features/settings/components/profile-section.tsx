import { useState, type FormEvent } from 'react';
import { displayNameMaxLength } from '#shared/registration.ts';
import type { Account } from '#shared/schemas/account.ts';
import { FormField } from '#client/components/form-field.tsx';
import { ApiError } from '#client/lib/api-error.ts';
import { authErrorMessageKeyOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useSaveDisplayName } from '../api/account-queries.ts';

/**
 * The profile: the display name, editable and saved to the account (and the Firebase user, so the
 * menu and the e-mails use it), and the e-mail address, read-only: it is the sign-in identity.
 */
export function ProfileSection({ account }: { account: Account }) {
  const { t } = useTranslation('settings');
  const saveDisplayName = useSaveDisplayName(account.uid);
  const [name, setName] = useState(account.displayName);
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
    setOutcome(null);
    try {
      const saved = await saveDisplayName.mutateAsync(trimmed);
      setName(saved.displayName);
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
    }
  }

  return (
    <section className="card settings-section" aria-labelledby="settings-profile">
      <h2 id="settings-profile">{t('settings.profile.title')}</h2>
      <form className="settings-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <FormField
          label={t('settings.profile.displayName')}
          required
          hint={t('settings.profile.displayNameHint', { max: displayNameMaxLength })}
          error={outcome?.kind === 'error' && outcome.onField ? outcome.message : undefined}
        >
          {(control) => (
            <input
              {...control}
              name="displayName"
              type="text"
              autoComplete="name"
              maxLength={displayNameMaxLength}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('settings.profile.email')} hint={t('settings.profile.emailHint')}>
          {(control) => <input {...control} type="email" value={account.email} readOnly />}
        </FormField>
        <div className="button-row">
          <button type="submit" className="button" disabled={saveDisplayName.isPending}>
            {saveDisplayName.isPending ? t('settings.profile.saving') : t('settings.profile.save')}
          </button>
        </div>
        <div aria-live="polite">
          {outcome?.kind === 'saved' && (
            <p className="form-success">{t('settings.profile.saved')}</p>
          )}
        </div>
        {outcome?.kind === 'error' && !outcome.onField && (
          <p className="form-error" role="alert">
            {outcome.message}
          </p>
        )}
      </form>
    </section>
  );
}
