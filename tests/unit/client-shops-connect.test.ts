import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/lib/api-error.ts';
import { AuthFlowError } from '#client/lib/auth-errors.ts';
import { createPopupCoordinator } from '#client/lib/popup-coordinator.ts';
import {
  completionMessageOf,
  connectStore,
  ShopConnectionError,
  type PopupMessage,
} from '#client/features/shops/connect-store.ts';
import { completionMessageFrom } from '#client/features/shops/oauth-completion.ts';
import { oauthCompletionMessageType } from '#shared/schemas/shops.ts';

/**
 * Connecting a store through Shopify's popup, with the browser given as arguments: the popup opens
 * blank before the API has answered (inside the click), goes to Shopify's address once it is known,
 * and only the popup's own message on this origin settles the connection.
 */

const origin = 'http://localhost:4800';
const shopDomain = 'maison-exemple.myshopify.com';
const authorizeUrl = `http://localhost:4803/${shopDomain}/admin/oauth/authorize?client_id=key`;

class FakePopup {
  closed = false;
  readonly visited: string[] = [];
  readonly location = { replace: (url: string) => void this.visited.push(url) };
  close(): void {
    this.closed = true;
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setUp() {
  const opened: Array<{ popup: FakePopup; url: string; features: string }> = [];
  const listeners = new Set<(event: PopupMessage) => void>();
  const authorizations: Array<{
    shop: string;
    answer: ReturnType<typeof deferred<{ authorizeUrl: string }>>;
  }> = [];
  const popups = createPopupCoordinator<FakePopup>({
    open: (url, _name, features) => {
      const popup = new FakePopup();
      opened.push({ popup, url, features });
      return popup;
    },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  });
  const connect = (shop = shopDomain) =>
    connectStore(
      {
        popups,
        origin,
        startAuthorization: (requested) => {
          const answer = deferred<{ authorizeUrl: string }>();
          authorizations.push({ shop: requested, answer });
          return answer.promise;
        },
        listenForMessages: (onMessage) => {
          listeners.add(onMessage);
          return () => listeners.delete(onMessage);
        },
      },
      shop,
    );
  const post = (event: PopupMessage) => {
    for (const listener of [...listeners]) listener(event);
  };
  return { connect, opened, authorizations, listeners, post, cancel: () => popups.cancel() };
}

const connected = { type: oauthCompletionMessageType, result: 'connected', shopDomain };

async function outcomeOf(promise: Promise<string>): Promise<string> {
  try {
    return `connected ${await promise}`;
  } catch (error) {
    if (error instanceof AuthFlowError || error instanceof ShopConnectionError) return error.code;
    if (error instanceof ApiError) return `api ${error.code}`;
    return 'other';
  }
}

describe('connecting a store in a popup', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens a blank 500×600 popup at once, then sends it to Shopify when the API answers', async () => {
    const { connect, opened, authorizations, post } = setUp();
    const result = connect();
    // Synchronously, in the click: the API has not answered yet.
    expect(opened).toHaveLength(1);
    expect(opened[0]?.url).toBe('about:blank');
    expect(opened[0]?.features).toContain('width=500,height=600');
    expect(authorizations.map(({ shop }) => shop)).toEqual([shopDomain]);
    expect(opened[0]?.popup.visited).toEqual([]);

    authorizations[0]?.answer.resolve({ authorizeUrl });
    await vi.advanceTimersByTimeAsync(0);
    expect(opened[0]?.popup.visited).toEqual([authorizeUrl]);

    post({ origin, source: opened[0]?.popup, data: connected });
    expect(await outcomeOf(result)).toBe(`connected ${shopDomain}`);
  });

  it('takes only the popup’s own message, from this origin, in the contract’s shape', async () => {
    const { connect, opened, authorizations, post, listeners } = setUp();
    const result = connect();
    authorizations[0]?.answer.resolve({ authorizeUrl });
    await vi.advanceTimersByTimeAsync(0);
    const popup = opened[0]?.popup;
    let settled = false;
    void result.finally(() => (settled = true)).catch(() => {});

    post({ origin: 'http://localhost:4803', source: popup, data: connected });
    post({ origin, source: {}, data: connected });
    post({ origin, source: popup, data: { ...connected, type: 'other' } });
    post({ origin, source: popup, data: { ...connected, shopDomain: 42 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);

    post({
      origin,
      source: popup,
      data: { type: oauthCompletionMessageType, result: 'failed', errorCode: 'oauth_denied' },
    });
    expect(await outcomeOf(result)).toBe('oauth_denied');
    expect(listeners.size).toBe(0);
  });

  it('closes the popup and tells the API’s refusal when the authorization cannot start', async () => {
    const { connect, opened, authorizations } = setUp();
    const result = connect();
    authorizations[0]?.answer.reject(
      new ApiError(403, 'plan_limit_reached', 'limit', { limit: 'stores', plan: 'business' }),
    );
    expect(await outcomeOf(result)).toBe('api plan_limit_reached');
    expect(opened[0]?.popup.closed).toBe(true);
    expect(opened[0]?.popup.visited).toEqual([]);
  });

  it('never sends the popup to an address that is not a web page', async () => {
    const { connect, opened, authorizations } = setUp();
    const result = connect();
    authorizations[0]?.answer.resolve({ authorizeUrl: 'javascript:alert(document.cookie)' });
    expect(await outcomeOf(result)).toBe('internal_error');
    expect(opened[0]?.popup.visited).toEqual([]);
    expect(opened[0]?.popup.closed).toBe(true);
  });

  it('a second connection cancels the first, whose late answer changes nothing', async () => {
    const { connect, opened, authorizations, post } = setUp();
    const first = connect();
    const second = connect('autre-boutique.myshopify.com');
    expect(await outcomeOf(first)).toBe('auth/cancelled-popup-request');
    expect(opened[0]?.popup.closed).toBe(true);

    authorizations[0]?.answer.resolve({ authorizeUrl });
    authorizations[1]?.answer.resolve({ authorizeUrl: `${authorizeUrl}&second` });
    await vi.advanceTimersByTimeAsync(0);
    expect(opened[0]?.popup.visited).toEqual([]);
    expect(opened[1]?.popup.visited).toEqual([`${authorizeUrl}&second`]);

    post({ origin, source: opened[0]?.popup, data: connected });
    post({
      origin,
      source: opened[1]?.popup,
      data: { ...connected, shopDomain: 'autre-boutique.myshopify.com' },
    });
    expect(await outcomeOf(second)).toBe('connected autre-boutique.myshopify.com');
  });

  it('says within a second that the owner closed the popup (Cancel on Shopify’s screen closes it)', async () => {
    const { connect, opened, authorizations } = setUp();
    const result = connect();
    let settled = false;
    void result.finally(() => (settled = true)).catch(() => {});
    authorizations[0]?.answer.resolve({ authorizeUrl });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(5000);
    // Open, it is waited for as long as the owner takes.
    expect(settled).toBe(false);
    opened[0]!.popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled).toBe(true);
    expect(await outcomeOf(result)).toBe('auth/popup-closed-by-user');
  });

  it('takes the answer a popup posted just before it closed', async () => {
    const { connect, opened, authorizations, post } = setUp();
    const result = connect();
    authorizations[0]?.answer.resolve({ authorizeUrl });
    await vi.advanceTimersByTimeAsync(0);
    opened[0]!.popup.closed = true;
    await vi.advanceTimersByTimeAsync(500);
    post({ origin, source: opened[0]?.popup, data: connected });
    expect(await outcomeOf(result)).toBe(`connected ${shopDomain}`);
  });

  it('is cancelled on request, popup closed', async () => {
    const { connect, opened, cancel } = setUp();
    const result = connect();
    cancel();
    expect(await outcomeOf(result)).toBe('auth/cancelled-popup-request');
    expect(opened[0]?.popup.closed).toBe(true);
  });
});

describe('the completion message', () => {
  it('is read only from the popup, on this origin', () => {
    const popup = {};
    expect(completionMessageOf({ origin, source: popup, data: connected }, popup, origin)).toEqual(
      connected,
    );
    expect(
      completionMessageOf(
        { origin: 'https://evil.example', source: popup, data: connected },
        popup,
        origin,
      ),
    ).toBeNull();
    expect(completionMessageOf({ origin, source: {}, data: connected }, popup, origin)).toBeNull();
    expect(
      completionMessageOf({ origin, source: popup, data: 'connected' }, popup, origin),
    ).toBeNull();
  });

  it('is made from the address the BFF sends the popup to', () => {
    expect(
      completionMessageFrom(new URLSearchParams(`result=connected&shop=${shopDomain}`)),
    ).toEqual(connected);
    expect(completionMessageFrom(new URLSearchParams('result=failed&error=oauth_denied'))).toEqual({
      type: oauthCompletionMessageType,
      result: 'failed',
      errorCode: 'oauth_denied',
    });
  });

  it('tells a failure for anything but a real store, and passes on known codes only', () => {
    const failedWith = (query: string) => {
      const message = completionMessageFrom(new URLSearchParams(query));
      return message.result === 'failed' ? message.errorCode : `connected ${message.shopDomain}`;
    };
    expect(failedWith('result=connected&shop=evil.com')).toBe('internal_error');
    expect(failedWith('result=connected')).toBe('internal_error');
    expect(failedWith('result=failed&error=<script>')).toBe('internal_error');
    expect(failedWith('')).toBe('internal_error');
    expect(failedWith('result=failed&error=shop_connected_elsewhere')).toBe(
      'shop_connected_elsewhere',
    );
  });
});
