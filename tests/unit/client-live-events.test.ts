import { QueryClient } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { blogKeys } from '#client/features/blog/api/blog-queries.ts';
import { activityKeys } from '#client/features/dashboard/api/activity-queries.ts';
import { dashboardKeys } from '#client/features/dashboard/api/dashboard-queries.ts';
import {
  overviewKey,
  pageDetailKey,
  pageListKey,
  storeKey,
} from '#client/features/seo/api/seo-queries.ts';
import { billingKey } from '#client/features/subscription/api/billing-queries.ts';
import { everyLiveKey, keysChangedBy, liveEventOf } from '#client/lib/live-events.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { liveEventTypes } from '#shared/schemas/live.ts';

const uid = 'owner-1';
const shopId = '0b6c3a4e-1f5e-4d7a-9a51-3c2f6e1d8b90';
const otherShop = '7d1e2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b';

/**
 * What each event makes stale, checked against a query cache holding the keys the screens really
 * use (taken from the features' own api files): the event's screens are marked stale, and another
 * owner's or another store's are not.
 */
function staleAfter(type: (typeof liveEventTypes)[number], eventShopId: string | null) {
  const cache = new QueryClient();
  const held = {
    dashboard: dashboardKeys.store(uid, shopId),
    activity: activityKeys.page(uid, 0),
    stores: queryKeys.stores(uid),
    seoOverview: overviewKey(uid, shopId),
    seoPages: [...pageListKey(uid, shopId), { offset: 0 }],
    seoPage: pageDetailKey(uid, shopId, 'gid://shopify/Product/1'),
    otherStoreSeo: overviewKey(uid, otherShop),
    blog: blogKeys.list(uid, shopId, {} as never, 0),
    billing: billingKey(uid),
    otherOwnerSeo: overviewKey('owner-2', shopId),
  } as const;
  for (const key of Object.values(held)) cache.setQueryData(key, { read: true });
  for (const queryKey of keysChangedBy({ type, shopId: eventShopId }, uid))
    void cache.invalidateQueries({ queryKey, refetchType: 'none' });
  return Object.entries(held)
    .filter(([, key]) => cache.getQueryState(key)?.isInvalidated === true)
    .map(([name]) => name)
    .sort();
}

test("an audit's end makes the store's SEO screens, the dashboard and the timeline stale, nothing else", () => {
  expect(staleAfter('audit.finished', shopId)).toEqual(
    ['activity', 'dashboard', 'seoOverview', 'seoPage', 'seoPages'].sort(),
  );
});

test("a post's publication makes the store's blog, the usage, the dashboard and the timeline stale", () => {
  expect(staleAfter('post.published', shopId)).toEqual([
    'activity',
    'billing',
    'blog',
    'dashboard',
  ]);
});

test("a plan change, which concerns no store, makes every screen of the owner's stale", () => {
  expect(staleAfter('plan.changed', null)).toEqual(
    [
      'activity',
      'billing',
      'blog',
      'dashboard',
      'otherStoreSeo',
      'seoOverview',
      'seoPage',
      'seoPages',
      'stores',
    ].sort(),
  );
});

test('every event makes the dashboard and the timeline stale, and never another owner’s screens', () => {
  for (const type of liveEventTypes) {
    const stale = staleAfter(type, shopId);
    expect(stale).toContain('dashboard');
    expect(stale).toContain('activity');
    expect(stale).not.toContain('otherOwnerSeo');
  }
});

test('the keys read again after missed events cover every area the channel looks after', () => {
  const keys = everyLiveKey(uid).map((key) => JSON.stringify(key));
  expect(keys).toContain(JSON.stringify(storeKey(uid, shopId).slice(0, 2)));
  expect(keys).toContain(JSON.stringify(blogKeys.all(uid, shopId).slice(0, 2)));
  expect(keys).toContain(JSON.stringify(billingKey(uid)));
  expect(keys).toContain(JSON.stringify(queryKeys.stores(uid)));
  expect(keys).toContain(JSON.stringify(dashboardKeys.all(uid)));
  expect(keys).toContain(JSON.stringify(activityKeys.all(uid)));
});

test('a message of a kind this client does not know is left alone', () => {
  expect(liveEventOf('{"id":"1","type":"future.thing","shopId":null,"at":"x"}')).toBeUndefined();
  expect(liveEventOf('not json')).toBeUndefined();
  expect(liveEventOf('{"id":"7","type":"audit.finished","shopId":null,"at":"x"}')).toEqual({
    id: '7',
    type: 'audit.finished',
    shopId: null,
    at: 'x',
  });
});
