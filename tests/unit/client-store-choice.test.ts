import { describe, expect, it } from 'vitest';
import {
  chosenStore,
  storeImportPollIntervalMs,
  storeReadiness,
  storesRefetchInterval,
} from '#client/lib/store-choice.ts';
import type { Shop, ShopState } from '#shared/schemas/shops.ts';
import { storeAnswer } from '../support/store-answers.ts';

/**
 * Which of the owner's stores a screen shows (the SEO screens today, the blog and the dashboard
 * next), and whether its copy is there to work on.
 */

const shop = (id: string, state: ShopState, lastSyncedAt: string | null = null): Shop =>
  storeAnswer({ id, shopDomain: `${id}.myshopify.com`, name: id, state, lastSyncedAt });

describe('the store shown', () => {
  const shops = [shop('a', 'importing'), shop('b', 'ready'), shop('c', 'ready')];

  it('is the one the address names, when it is the owner’s', () => {
    expect(chosenStore({ shops }, 'c')?.id).toBe('c');
    expect(chosenStore({ shops }, 'a')?.id).toBe('a');
  });

  it('is the first ready store otherwise, or the first when none is ready', () => {
    expect(chosenStore({ shops }, null)?.id).toBe('b');
    expect(chosenStore({ shops }, 'someone-else’s')?.id).toBe('b');
    expect(chosenStore({ shops: [shop('a', 'importing')] }, null)?.id).toBe('a');
  });

  it('is none without a store', () => {
    expect(chosenStore({ shops: [] }, 'a')).toBeNull();
  });

  it('is ready once its first import is done, even while it imports again or needs reconnecting', () => {
    expect(storeReadiness(shop('a', 'ready', '2026-11-02T10:00:00.000Z'))).toBe('ready');
    expect(storeReadiness(shop('a', 'importing', '2026-11-02T10:00:00.000Z'))).toBe('ready');
    expect(storeReadiness(shop('a', 'needs_reconnecting', '2026-11-02T10:00:00.000Z'))).toBe(
      'ready',
    );
    expect(storeReadiness(shop('a', 'connecting'))).toBe('importing');
    expect(storeReadiness(shop('a', 'importing'))).toBe('importing');
    expect(storeReadiness(shop('a', 'error'))).toBe('unavailable');
  });

  it('is read again every moment only while the store shown has its first import running', () => {
    expect(storesRefetchInterval({ shops: [shop('a', 'importing')] }, null)).toBe(
      storeImportPollIntervalMs,
    );
    expect(storesRefetchInterval({ shops }, 'b')).toBe(false);
    expect(storesRefetchInterval(undefined, null)).toBe(false);
  });
});
