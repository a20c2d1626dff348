import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openLiveChannel } from '#client/lib/live-events.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

/** A channel lost for longer than this is said to be paused; a quick reconnection goes unnoticed. */
const pausedNoticeDelayMs = 5_000;

/**
 * Keeps the signed-in user's screens following what happens on the server (client/lib/live-events.ts):
 * mounted once in the signed-in frame, so one channel per tab, closed when the frame goes (every
 * sign-out ends in a page load). It shows nothing while the channel is open, and a short note when
 * it has been lost for a while.
 */
export function LiveUpdates({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    let notice: ReturnType<typeof setTimeout> | undefined;
    const close = openLiveChannel({
      uid,
      queryClient,
      onStateChange: (state) => {
        clearTimeout(notice);
        if (state === 'open') setPaused(false);
        else notice = setTimeout(() => setPaused(true), pausedNoticeDelayMs);
      },
    });
    return () => {
      clearTimeout(notice);
      close();
    };
  }, [uid, queryClient]);

  return paused ? (
    <p className="live-updates-paused" role="status">
      {t('liveUpdates.paused')}
    </p>
  ) : null;
}
