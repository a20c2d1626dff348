import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../../shared/schemas/account.ts';
import { DocumentHead } from '../../../components/document-head.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { fetchAccount } from '../../../lib/account-api.ts';
import { authErrorMessageKeyOf } from '../../../lib/auth-errors.ts';
import type { Namespace } from '../../../lib/i18n.ts';
import { DeleteAccountSection } from '../components/delete-account-section.tsx';
import { PreferencesSection } from '../components/preferences-section.tsx';
import { ProfileSection } from '../components/profile-section.tsx';
import { SecuritySection } from '../components/security-section.tsx';
import '../../../components/form-controls.css';
import '../settings.css';

/** `auth`: the messages of the re-authentication, password-reset and account failures (spec §8). */
export const namespaces: readonly Namespace[] = ['app', 'auth'];

type AccountLoad =
  | { status: 'loading' }
  | { status: 'loaded'; account: Account }
  | { status: 'failed'; error: unknown };

/**
 * Settings (issue 4 §3): the profile, the preferences, security (password reset, sign out of every
 * device) and account deletion. Everything here is saved to the backend account, so it follows the
 * user to a new browser. The account sections wait for the account; the preferences do not.
 */
export default function SettingsPage() {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation();
  const [load, setLoad] = useState<AccountLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    fetchAccount().then(
      (account) => {
        if (!current) return;
        // Signed in without a backend account: the account sync of the sign-in makes it; until
        // then there is nothing to edit or delete here.
        setLoad(
          account === null
            ? { status: 'failed', error: { code: 'account_not_found' } }
            : { status: 'loaded', account },
        );
      },
      (error: unknown) => {
        if (current) setLoad({ status: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const account = load.status === 'loaded' ? load.account : null;
  // How the user signs in decides how they prove it is them: a password, or Google.
  const usesPassword = account?.accountType === 'email';

  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.settings')} />
      <PageHeader title={tCommon('routes.settings')}>
        <p>{t('settings.intro')}</p>
      </PageHeader>
      {load.status === 'loading' && (
        <p className="muted" role="status">
          {t('settings.loading')}
        </p>
      )}
      {load.status === 'failed' && (
        <div className="card settings-section" role="alert">
          <p>{t(authErrorMessageKeyOf(load.error, 'account-fetch'), { ns: 'auth' })}</p>
          <div className="button-row">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setLoad({ status: 'loading' });
                setAttempt((value) => value + 1);
              }}
            >
              {t('settings.retry')}
            </button>
          </div>
        </div>
      )}
      {account !== null && (
        <ProfileSection
          account={account}
          onSaved={(saved) => setLoad({ status: 'loaded', account: saved })}
        />
      )}
      <PreferencesSection />
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
