import * as z from 'zod/mini';
import { popupSize, shopifyPopupClosedGraceMs } from '#shared/constants.ts';
import {
  oauthCompletionMessageSchema,
  type OAuthCompletionMessage,
} from '#shared/schemas/shops.ts';
import type { PopupCoordinator, PopupOptions, PopupWindow } from '#client/lib/popup-coordinator.ts';

/**
 * Connecting a store: Shopify's install screen in a popup, under the rules of
 * client/lib/popup-coordinator.ts (a new popup cancels the previous one, a popup closed by the owner
 * is told within a second, shopifyPopupClosedGraceMs after it is seen closed, a blocked one fails
 * at once). The popup opens on the click, blank, because the browser lets a page open one only
 * then; the API's answer (Shopify's address for this store) sends it on its way. The popup comes
 * back to the BFF's /oauth/shopify, whose small page (server/bff/popup-answer-page.ts) posts the
 * outcome (`oauthCompletionMessageSchema`) to this window and closes; only a message from this
 * window's own origin and from the popup itself counts. Pure: the browser is given as arguments, so
 * it is tested in Node (tests/unit/client-shops-connect.test.ts).
 */

/** A popup this flow can send elsewhere once the address is known. */
export interface NavigablePopup extends PopupWindow {
  readonly location: { replace(url: string): void };
}

/** What of a `message` event the flow reads. */
export interface PopupMessage {
  readonly origin: string;
  readonly source: unknown;
  readonly data: unknown;
}

/** A connection Shopify or Vitrine refused, by its code (shared/errors.ts). */
export class ShopConnectionError extends Error {
  readonly code: string;

  constructor(code: string) {
    super(code);
    this.name = 'ShopConnectionError';
    this.code = code;
  }
}

/** The completion message, when it comes from `popup` on `origin` and has the contract's shape. */
export function completionMessageOf(
  event: PopupMessage,
  popup: unknown,
  origin: string,
): OAuthCompletionMessage | null {
  if (event.origin !== origin || event.source !== popup) return null;
  const parsed = z.safeParse(oauthCompletionMessageSchema, event.data);
  return parsed.success ? parsed.data : null;
}

/** Only a web address may be opened in the popup: a `javascript:` one would run in this origin. */
function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export interface ConnectStoreDependencies<W extends NavigablePopup> {
  popups: PopupCoordinator<W>;
  /** `POST /api/v1/shops/authorizations`: Shopify's install address for the store. */
  startAuthorization(shopDomain: string): Promise<{ authorizeUrl: string }>;
  /** Listens to this window's `message` events; returns how to stop. */
  listenForMessages(onMessage: (event: PopupMessage) => void): () => void;
  /** This window's origin, the only one the popup's message may come from. */
  origin: string;
  screen?: PopupOptions['screen'];
}

/**
 * Connects `shopDomain` (already a `*.myshopify.com` domain: shared/shop-domain.ts): resolves with
 * the connected store's domain; rejects with the popup's failure (an AuthFlowError with its
 * `auth/…` code), the API's (an ApiError) or Shopify's refusal (a ShopConnectionError). Must be
 * called in the click's handler, before anything is awaited.
 */
export async function connectStore<W extends NavigablePopup>(
  dependencies: ConnectStoreDependencies<W>,
  shopDomain: string,
): Promise<string> {
  const { popups, origin } = dependencies;
  const message = await popups.open<OAuthCompletionMessage>(
    {
      url: 'about:blank',
      name: 'vitrine-shopify',
      ...popupSize,
      closedDetectionMs: shopifyPopupClosedGraceMs,
      ...(dependencies.screen !== undefined && { screen: dependencies.screen }),
    },
    (popup, answer, fail) => {
      let waiting = true;
      const stopListening = dependencies.listenForMessages((event) => {
        const completion = completionMessageOf(event, popup, origin);
        if (completion !== null) answer(completion);
      });
      dependencies.startAuthorization(shopDomain).then(({ authorizeUrl }) => {
        // Cancelled, or closed by the owner, while the API answered: nothing more to do here.
        if (!waiting || popup.closed) return;
        if (isWebAddress(authorizeUrl)) popup.location.replace(authorizeUrl);
        else fail(new ShopConnectionError('internal_error'));
      }, fail);
      return () => {
        waiting = false;
        stopListening();
      };
    },
  );
  if (message.result === 'failed') throw new ShopConnectionError(message.errorCode);
  return message.shopDomain;
}
