import { useCallback, useState } from 'react';
import type { SaveResult } from '#client/lib/preferences.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * A preference switch applies at once; saving it to the account can fail afterwards (offline, the
 * API down). The visitor is told, and the switch itself stays.
 */
export function useSaveFailedAlert() {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);

  const track = useCallback((saving: Promise<SaveResult>) => {
    setFailed(false);
    saving.then(
      (result) => setFailed(result === 'account-save-failed'),
      () => setFailed(true),
    );
  }, []);

  const alert = failed ? (
    <div className="save-failed-alert" role="alert">
      <p>{t('preferences.saveFailed')}</p>
      <button type="button" className="button button-small" onClick={() => setFailed(false)}>
        {t('preferences.dismiss')}
      </button>
    </div>
  ) : null;

  return { track, alert };
}
