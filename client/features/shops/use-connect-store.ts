import { useEffect, useRef, useState } from 'react';
import {
  browserPopupEnvironment,
  createPopupCoordinator,
  openerScreen,
} from '#client/lib/popup-coordinator.ts';
import { startShopAuthorization } from './api/shops-api.ts';
import { connectStore, type PopupMessage } from './connect-store.ts';

/** One coordinator for the page: a Reconnect and a Connect share the rule "the newest popup wins". */
const popups = createPopupCoordinator(browserPopupEnvironment());

function listenForMessages(onMessage: (event: PopupMessage) => void): () => void {
  const listener = (event: MessageEvent) => onMessage(event);
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}

export type ConnectionStatus =
  | { kind: 'idle' }
  | { kind: 'waiting'; shopDomain: string }
  | { kind: 'connected'; shopDomain: string }
  | { kind: 'failed'; error: unknown };

/**
 * The connection under way on the stores screen: `connect` must be called in the click's handler
 * (it opens the popup before anything is awaited); only the newest attempt's outcome shows, since a
 * new one cancels the one before. Leaving the screen cancels the popup still open.
 */
export function useConnectStore(onConnected: () => void) {
  const [status, setStatus] = useState<ConnectionStatus>({ kind: 'idle' });
  const latestAttempt = useRef(0);

  useEffect(() => () => popups.cancel(), []);

  function connect(shopDomain: string): void {
    latestAttempt.current += 1;
    const attempt = latestAttempt.current;
    setStatus({ kind: 'waiting', shopDomain });
    connectStore(
      {
        popups,
        startAuthorization: startShopAuthorization,
        listenForMessages,
        origin: window.location.origin,
        screen: openerScreen(),
      },
      shopDomain,
    ).then(
      (connected) => {
        onConnected();
        if (attempt === latestAttempt.current)
          setStatus({ kind: 'connected', shopDomain: connected });
      },
      (error: unknown) => {
        if (attempt === latestAttempt.current) setStatus({ kind: 'failed', error });
      },
    );
  }

  return { status, connect, cancel: () => popups.cancel() };
}
