import { describe, expect, it } from 'vitest';
import {
  displayedStateOf,
  isSyncUnderWay,
  offersReconnect,
  orderedLocales,
  problemOf,
  progressOf,
  refetchIntervalFor,
  storeAllowance,
  storeOffered,
  syncPollIntervalMs,
} from '#client/features/shops/shop-presentation.ts';
import type { Shop, ShopState } from '#shared/schemas/shops.ts';
import { storeAnswer } from '../support/store-answers.ts';

/** How a store reads on the stores screen, from the API's answer. */

const shop = (state: ShopState, progress: Shop['progress'] = null): Shop =>
  storeAnswer({ id: `shop-${state}`, state, progress });

describe('the list is read again', () => {
  it('every moment while a store is connecting or importing', () => {
    expect(refetchIntervalFor({ shops: [shop('ready'), shop('connecting')] })).toBe(
      syncPollIntervalMs,
    );
    expect(refetchIntervalFor({ shops: [shop('importing')] })).toBe(syncPollIntervalMs);
    expect(syncPollIntervalMs).toBe(1500);
  });

  it('never while every store has settled, nor before the first answer', () => {
    for (const state of ['ready', 'needs_reconnecting', 'error'] as const) {
      expect(isSyncUnderWay({ shops: [shop(state)] }), state).toBe(false);
    }
    expect(refetchIntervalFor({ shops: [] })).toBe(false);
    expect(refetchIntervalFor(undefined)).toBe(false);
  });
});

describe('import progress', () => {
  it('shows the API’s counts and percentage', () => {
    expect(progressOf(shop('importing', { done: 150, total: 600, percent: 25 }))).toEqual({
      done: 150,
      total: 600,
      percent: 25,
    });
  });

  it('works the percentage out when the API leaves it, and keeps it within 0–100', () => {
    expect(progressOf(shop('importing', { done: 1, total: 3, percent: null })).percent).toBe(33);
    expect(progressOf(shop('importing', { done: 10, total: 8, percent: 125 })).percent).toBe(100);
    expect(progressOf(shop('importing', { done: 0, total: 8, percent: -4 })).percent).toBe(0);
  });

  it('never says 100 % before the last record is stored', () => {
    expect(progressOf(shop('importing', { done: 996, total: 1000, percent: 99.6 })).percent).toBe(
      99,
    );
    expect(progressOf(shop('importing', { done: 1000, total: 1000, percent: 100 })).percent).toBe(
      100,
    );
  });

  it('is indeterminate while the total is unknown, and before the import starts', () => {
    expect(progressOf(shop('importing', { done: 40, total: null, percent: null }))).toEqual({
      done: 40,
      total: null,
      percent: null,
    });
    expect(progressOf(shop('importing'))).toEqual({ done: 0, total: null, percent: null });
    expect(progressOf(shop('connecting', { done: 5, total: 10, percent: 50 })).percent).toBeNull();
  });
});

describe('what the owner can do', () => {
  it('connects stores up to the plan’s limit', () => {
    expect(storeAllowance({ shops: [], maxStores: 1 })).toEqual({
      used: 0,
      max: 1,
      atLimit: false,
    });
    expect(storeAllowance({ shops: [shop('ready')], maxStores: 1 }).atLimit).toBe(true);
    expect(storeAllowance({ shops: [shop('ready')], maxStores: 5 }).atLimit).toBe(false);
  });

  it('reconnects a store Shopify refused or whose import failed, not one that works', () => {
    expect(offersReconnect(shop('needs_reconnecting'))).toBe(true);
    expect(offersReconnect(shop('error'))).toBe(true);
    expect(offersReconnect(shop('ready'))).toBe(false);
    expect(offersReconnect(shop('importing'))).toBe(false);
  });

  it('sees the primary language first, then the published ones', () => {
    const locale = (code: string, primary: boolean, published: boolean) => ({
      locale: code,
      name: code,
      primary,
      published,
      url: null,
    });
    expect(
      orderedLocales([
        locale('de', false, false),
        locale('fr', false, true),
        locale('en', true, true),
        locale('es', false, true),
      ]).map(({ locale: code }) => code),
    ).toEqual(['en', 'es', 'fr', 'de']);
  });
});

describe('a store imported again', () => {
  it('reads as re-importing while a reconnected store’s import is queued or runs', () => {
    const synced = '2026-11-23T10:05:00.000Z';
    expect(displayedStateOf({ ...shop('connecting'), lastSyncedAt: synced })).toBe('reimporting');
    expect(displayedStateOf({ ...shop('importing'), lastSyncedAt: synced })).toBe('reimporting');
    expect(displayedStateOf({ ...shop('ready'), lastSyncedAt: synced })).toBe('ready');
    expect(displayedStateOf({ ...shop('needs_reconnecting'), lastSyncedAt: synced })).toBe(
      'needs_reconnecting',
    );
    // A first connection has nothing to keep showing.
    expect(displayedStateOf(shop('connecting'))).toBe('connecting');
    expect(displayedStateOf(shop('importing'))).toBe('importing');
  });
});

describe('what a store that needs the owner says', () => {
  it('gives the reason, then what to do, unless the reason says it already', () => {
    const refused = { ...shop('needs_reconnecting'), errorCode: 'shopify_refused' };
    const uninstalled = { ...shop('needs_reconnecting'), errorCode: 'app_uninstalled' };
    const failed = { ...shop('error'), errorCode: 'import_failed' };
    expect(problemOf(refused)).toEqual({ reasonCode: 'shopify_refused', instruction: 'reconnect' });
    expect(problemOf(uninstalled)).toEqual({ reasonCode: 'app_uninstalled', instruction: null });
    expect(problemOf(failed)).toEqual({ reasonCode: 'import_failed', instruction: 'restart' });
    expect(problemOf(shop('ready'))).toBeNull();
  });
});

describe('an install started in Shopify', () => {
  const list = { shops: [{ ...shop('ready'), shopDomain: 'deja-la.myshopify.com' }] };

  it('offers the store it names once the list shows it is not the owner’s yet', () => {
    expect(storeOffered('maison-exemple.myshopify.com', list)).toBe('maison-exemple.myshopify.com');
    expect(storeOffered('deja-la.myshopify.com', list)).toBeNull();
    expect(storeOffered('maison-exemple.myshopify.com', undefined)).toBeNull();
  });

  it('offers nothing for a parameter that is not a store’s domain', () => {
    for (const connect of [
      null,
      '',
      'maison-exemple',
      'evil.example.com',
      'MAISON.myshopify.com',
    ]) {
      expect(storeOffered(connect, list)).toBeNull();
    }
  });
});
