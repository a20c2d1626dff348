import { AuthFlowError } from './auth-errors.ts';

/**
 * The rules Firebase's own sign-in popups follow, for a popup the client opens itself (the local
 * stand-in of Google's account chooser): a new popup cancels the one still open
 * (`auth/cancelled-popup-request`), a popup the browser refused to open fails at once
 * (`auth/popup-blocked`), and a popup closed before it answered fails `closedDetectionMs` after it
 * was seen closed (`auth/popup-closed-by-user`), the grace Firebase's own popups give a result that
 * is still on its way. The browser is given as arguments, so the rules are tested in Node with fake
 * timers.
 *
 * A flow whose address is known only after a call (the Shopify connection asks the API for it) opens
 * `about:blank` on the click, while the browser still lets a popup open, and sends the popup on its
 * way once the address arrives; a failed call ends the wait with `fail`, which closes the popup.
 */

/** What of a popup window the coordinator uses. */
export interface PopupWindow {
  readonly closed: boolean;
  close(): void;
}

export interface PopupEnvironment<W extends PopupWindow> {
  open(url: string, name: string, features: string): W | null;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface PopupOptions {
  url: string;
  /** The window names' prefix, one per flow; a number is added so that each popup is new. */
  name?: string;
  width: number;
  height: number;
  closedDetectionMs: number;
  /** How often the popup is checked for having been closed. */
  pollMs?: number;
  /** The screen's size and position, to centre the popup on the opener's screen. */
  screen?: { left: number; top: number; width: number; height: number };
}

/** Settles the popup's wait; `listen` calls it with the popup's answer. */
export type PopupAnswer<T> = (result: T) => void;

/** Ends the popup's wait with a failure and closes the popup. */
export type PopupFailure = (error: unknown) => void;

/**
 * `listen` is called with the opened window, a function to call with its answer and one to call
 * when the flow fails before the popup could answer; it returns how to stop listening.
 */
export type PopupListener<W, T> = (
  popup: W,
  answer: PopupAnswer<T>,
  fail: PopupFailure,
) => () => void;

export interface PopupCoordinator<W extends PopupWindow> {
  open<T>(options: PopupOptions, listen: PopupListener<W, T>): Promise<T>;
  /** Cancels the popup still open, if any (`auth/cancelled-popup-request`), and closes it. */
  cancel(): void;
}

const defaultPollMs = 500;

/** `width=…,height=…,left=…,top=…` centred on the given screen. */
export function popupFeatures(options: PopupOptions): string {
  const { width, height } = options;
  const screen = options.screen ?? { left: 0, top: 0, width, height };
  const left = Math.max(0, Math.round(screen.left + (screen.width - width) / 2));
  const top = Math.max(0, Math.round(screen.top + (screen.height - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/** The browser's windows and timers, for the flows that run in a page. */
export function browserPopupEnvironment(): PopupEnvironment<Window> {
  return {
    open: (url, name, features) => window.open(url, name, features),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  };
}

/** The opener's screen, to centre a popup on it. */
export function openerScreen(): NonNullable<PopupOptions['screen']> {
  return {
    left: window.screenX,
    top: window.screenY,
    width: window.outerWidth,
    height: window.outerHeight,
  };
}

export function createPopupCoordinator<W extends PopupWindow>(
  environment: PopupEnvironment<W>,
): PopupCoordinator<W> {
  let cancelCurrent: (() => void) | undefined;
  let sequence = 0;

  return {
    open<T>(options: PopupOptions, listen: PopupListener<W, T>): Promise<T> {
      // A new popup cancels the previous one: only the latest click can sign the user in.
      cancelCurrent?.();
      sequence += 1;
      // A name of its own, so the browser opens a new window rather than reusing the cancelled one.
      const opened = environment.open(
        options.url,
        `${options.name ?? 'vitrine-sign-in'}-${sequence}`,
        popupFeatures(options),
      );
      if (opened === null) return Promise.reject(new AuthFlowError('auth/popup-blocked'));
      const popup: W = opened;

      return new Promise<T>((resolve, reject) => {
        let settled = false;
        let closedTimer: unknown;
        const stopListening = listen(
          popup,
          (result) => finish(() => resolve(result)),
          (error) => {
            finish(() => reject(error));
            if (!popup.closed) popup.close();
          },
        );
        const poll = environment.setInterval(() => {
          if (!popup.closed || closedTimer !== undefined) return;
          closedTimer = environment.setTimeout(
            () => finish(() => reject(new AuthFlowError('auth/popup-closed-by-user'))),
            options.closedDetectionMs,
          );
        }, options.pollMs ?? defaultPollMs);

        function finish(settle: () => void): void {
          if (settled) return;
          settled = true;
          environment.clearInterval(poll);
          if (closedTimer !== undefined) environment.clearTimeout(closedTimer);
          stopListening();
          if (cancelCurrent === cancel) cancelCurrent = undefined;
          settle();
        }

        function cancel(): void {
          finish(() => reject(new AuthFlowError('auth/cancelled-popup-request')));
          if (!popup.closed) popup.close();
        }

        cancelCurrent = cancel;
      });
    },

    cancel(): void {
      cancelCurrent?.();
    },
  };
}
