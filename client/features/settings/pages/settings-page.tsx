import { useState } from 'react';
import { DocumentHead } from '#client/components/document-head.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { authErrorMessageKeyOf } from '#client/lib/auth-errors.ts';
import { useAuthState } from '#client/lib/auth-session.ts';
import type { Namespace } from '#client/lib/i18n.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useAccount } from '../api/account-queries.ts';
import { DeleteAccountSection } from '../components/delete-account-section.tsx';
import { PreferencesSection } from '../components/preferences-section.tsx';
import { ProfileSection } from '../components/profile-section.tsx';
import { SecuritySection } from '../components/security-section.tsx';
import { WeeklySummarySection } from '../components/weekly-summary-section.tsx';
import '#client/components/form-controls.css';
import '../settings.css';

/** `auth`: the messages of the re-authentication, password-reset and account failures. */
export const namespaces: readonly Namespace[] = ['settings', 'auth'];

/** Signed in without a backend account: the sign-in's account sync makes it; until then, nothing. */
const accountNotFound = { code: 'account_not_found' };

/**
 * Settings: the profile, the preferences, the weekly summary, security (password reset, sign out of every device) and
 * account deletion. Everything here is saved to the backend account, so it follows the user to a new
 * browser. The account sections wait for the account; the preferences do not.
 */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { t: tCommon } = useTranslation();
  const auth = useAuthState();
  // The user who opened the page: a deletion signs the session out while the page still says so.
  const [uid] = useState(() => (auth.status === 'signed-in' ? auth.user.uid : ''));
  const accountQuery = useAccount(uid);

  const account = accountQuery.data ?? null;
  const failure = accountQuery.isError
    ? accountQuery.error
    : accountQuery.isSuccess && account === null
      ? accountNotFound
      : undefined;
  // How the user signs in decides how they prove it is them: a password, or Google.
  const usesPassword = account?.accountType === 'email';

  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.settings')} />
      <PageHeader title={tCommon('routes.settings')}>
        <p>{t('settings.intro')}</p>
      </PageHeader>
      {accountQuery.isFetching && account === null && (
        <p className="muted" role="status">
          {t('settings.loading')}
        </p>
      )}
      {failure !== undefined && !accountQuery.isFetching && (
        <div className="card settings-section" role="alert">
          <p>{t(authErrorMessageKeyOf(failure, 'account-fetch'), { ns: 'auth' })}</p>
          <div className="button-row">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void accountQuery.refetch()}
            >
              {t('settings.retry')}
            </button>
          </div>
        </div>
      )}
      {account !== null && <ProfileSection account={account} />}
      <PreferencesSection />
      {account !== null && <WeeklySummarySection uid={account.uid} />}
      {/* Shown from the account rather than the session: a deletion signs the session out and
          its section stays, saying so, until the page goes to /login. */}
      {account !== null && (
        <>
          <SecuritySection email={account.email} usesPassword={usesPassword} />
          <DeleteAccountSection
            uid={account.uid}
            email={account.email}
            usesPassword={usesPassword}
          />
        </>
      )}
    </div>
  );
}
