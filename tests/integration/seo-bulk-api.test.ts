import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueCatalogImport } from '#server/areas/catalog/catalog-import-job.ts';
import * as changesRepository from '#server/areas/seo-changes/changes-repository.ts';
import type { SeoChangesDependencies } from '#server/areas/seo-changes/seo-changes-dependencies.ts';
import { writeBatch } from '#server/areas/seo-changes/write-changes.ts';
import { adminClients } from '#server/areas/catalog/catalog-dependencies.ts';
import { runAudit } from '#server/areas/seo/run-audit.ts';
import { startAudit } from '#server/areas/seo/start-audit.ts';
import { contentDigest, type Product } from '#server/local/shopify/catalog-model.ts';
import { SeededStore } from '#server/local/shopify/seeded-store.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { shopAccessProvider, storeCatalog } from '#server/workers.ts';
import {
  bulkDraftsSchema,
  bulkPreviewSchema,
  type BulkDraftsBody,
  type BulkPreview,
  type BulkPreviewBody,
  type BulkPreviewValue,
} from '#shared/schemas/seo-bulk.ts';
import {
  batchResponseSchema,
  changeListSchema,
  type ChangeState,
  type ChangeView,
} from '#shared/schemas/seo-changes.ts';
import { pagePathOf, seoOverviewSchema } from '#shared/schemas/seo.ts';
import { themeTitle } from '#shared/seo/checks/page-title.ts';
import { textWidthPx, titleFontSizePx } from '#shared/seo/text/pixel-width.ts';
import {
  bearer,
  createTestJobQueue,
  errorOf,
  startApiForTests,
  type ApiTestContext,
} from '../support/api-test-app.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';
import {
  connectedStore,
  registeredOwner,
  storeConnectedToLocalShopify,
} from '../support/owners-and-stores.ts';
import { gid, seedStoreCopy, seoDependencies } from '../support/seo-test-support.ts';
import { testShopifyApp, testShopTokens, waitUntil } from '../support/shops-test-support.ts';

/**
 * Bulk edits through the API: the plans that have them, the templates filled from each page's texts
 * in English and French, the preview's counts, skip reasons and checks, the drafts saved for the
 * whole selection or the pages ticked (never over a draft the owner wrote), the owner only, a paused store
 * refused; and, on the local Shopify (server/local/shopify), the drafts approved through the
 * changes' route, written by the product's workers, and undone as a batch.
 */

// A store of its own: a store connects to one account only, across the test files' database.
const storeName = 'atelier-en-masse';
const seeded = new SeededStore(storeName, 8);

let shopify: TestShopify;
let api: ApiTestContext;
let idleJobs: JobQueue;

beforeAll(async () => {
  shopify = await startTestShopify({ stores: [{ name: storeName, products: 8 }] });
  api = await startApiForTests({ shopify: testShopifyApp(shopify.url) });
  idleJobs = createTestJobQueue(`pgboss_idle_${randomUUID().replaceAll('-', '').slice(0, 12)}`);
  await idleJobs.start();
}, 120_000);

const connectedShops: string[] = [];

afterAll(async () => {
  for (const shopId of connectedShops) {
    await storeCatalog({ db: api.database.db, jobs: api.jobs }).deleteStoreCopy(shopId);
    await api.database.pool.query('delete from shops where id = $1', [shopId]);
  }
  await idleJobs?.stop();
  await api?.close();
  await shopify?.stop();
});

const shirt = gid('Product', 1);
const mug = gid('Product', 3);
const sale = gid('Collection', 5);
const about = gid('Page', 6);
const story = gid('Article', 8);

/**
 * A store's copy, audited: a shirt with a vendor, a type and French texts, a mug with neither an
 * SEO title nor a vendor, a collection whose SEO title is already "title | shop", a page and an
 * article. The store's name is "Maison Exemple".
 */
async function auditedStore(owner: TestUser, connectedAt?: Date): Promise<string> {
  const shopId = await connectedStore(api, owner, undefined, 'active', connectedAt);
  await seedStoreCopy(api, shopId, {
    products: [
      { id: 1, title: 'Linen shirt', seoTitle: 'Linen shirt | Maison' },
      { id: 3, title: 'Stoneware mug' },
    ],
    collections: [{ id: 5, title: 'Summer sale', seoTitle: 'Summer sale | Maison Exemple' }],
    pages: [{ id: 6, title: 'About us' }],
    articles: [{ id: 8, title: 'Our story' }],
    translations: [
      [shirt, 'fr', 'title', 'Chemise en lin'],
      [shirt, 'fr', 'meta_title', 'Chemise en lin | Maison'],
      [shirt, 'fr', 'product_type', 'Chemises'],
    ],
  });
  await api.database.pool.query(
    `update catalog_products set vendor = 'Atelier Nord', product_type = 'Shirts'
     where shop_id = $1 and gid = $2`,
    [shopId, shirt],
  );
  const deps = { ...seoDependencies(api), jobs: idleJobs };
  const started = await startAudit(deps, shopId, 'manual');
  await runAudit(deps, started!.run.id);
  return shopId;
}

let owner: TestUser;
let shopId: string;

beforeAll(async () => {
  owner = await registeredOwner(api, 'pro');
  shopId = await auditedStore(owner);
});

function post(user: TestUser, store: string, url: string, payload: object) {
  return api.app.inject({
    method: 'POST',
    url: `/api/v1/shops/${store}/seo${url}`,
    headers: bearer(user.idToken),
    payload,
  });
}

async function preview(body: BulkPreviewBody, store = shopId, user = owner): Promise<BulkPreview> {
  const response = await post(user, store, '/bulk/preview', body);
  expect(response.statusCode, response.body).toBe(200);
  return bulkPreviewSchema.parse(response.json()).data;
}

async function bulkDrafts(body: BulkDraftsBody, user = owner, store = shopId) {
  const response = await post(user, store, '/bulk/drafts', body);
  expect(response.statusCode, response.body).toBe(201);
  return bulkDraftsSchema.parse(response.json()).data;
}

/** The value of `page` in `language`, from a preview. */
function valueOf(data: BulkPreview, page: string, language: 'en' | 'fr'): BulkPreviewValue {
  const row = data.rows.find((candidate) => candidate.pageId === page);
  const value = row?.values.find((candidate) => candidate.language === language);
  if (value === undefined) throw new Error(`No ${language} value for ${page}`);
  return value;
}

const checkIds = (value: BulkPreviewValue) => value.findings.map((finding) => finding.checkId);

async function draftsOf(user: TestUser, store: string): Promise<ChangeView[]> {
  const response = await api.app.inject({
    method: 'GET',
    url: `/api/v1/shops/${store}/seo/changes?state=draft&limit=200`,
    headers: bearer(user.idToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return changeListSchema.parse(response.json()).data.changes;
}

const titleOfShop = { en: '{title} | {shop}', fr: '{title} | {shop}' };

describe('the plans with bulk edits', () => {
  it('answers 403 plan_feature_unavailable on Free, and lets Business in', async () => {
    const freeOwner = await registeredOwner(api);
    const freeStore = await auditedStore(freeOwner);
    const body = { selection: {}, field: 'seoTitle', templates: titleOfShop } as const;
    for (const route of ['/bulk/preview', '/bulk/drafts']) {
      const refused = await post(freeOwner, freeStore, route, body);
      expect(refused.statusCode, route).toBe(403);
      expect(errorOf(refused).code).toBe('plan_feature_unavailable');
    }
    expect(await draftsOf(freeOwner, freeStore)).toEqual([]);

    const businessOwner = await registeredOwner(api, 'business');
    const businessStore = await auditedStore(businessOwner);
    const allowed = await post(businessOwner, businessStore, '/bulk/preview', body);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('the preview', () => {
  it("fills the placeholders from each page's texts, the French title where the page has one", async () => {
    const data = await preview({
      selection: { kind: 'product' },
      field: 'seoTitle',
      templates: {
        en: '{title} by {vendor} – {type} | {shop}',
        fr: '{title} par {vendor} – {type} | {shop}',
      },
    });
    expect(data.total).toBe(2);
    expect(data.rows.map((row) => row.pageId).sort()).toEqual([shirt, mug]);
    const english = valueOf(data, shirt, 'en');
    expect(english).toMatchObject({
      current: 'Linen shirt | Maison',
      proposed: 'Linen shirt by Atelier Nord – Shirts | Maison Exemple',
      length: 'Linen shirt by Atelier Nord – Shirts | Maison Exemple'.length,
      skip: null,
    });
    // As the theme prints it: the title already holds the shop's name, so it is not added again.
    expect(english.widthPx).toBe(
      Math.round(textWidthPx(themeTitle(english.proposed, 'Maison Exemple'), titleFontSizePx)),
    );
    expect(valueOf(data, shirt, 'fr')).toMatchObject({
      current: 'Chemise en lin | Maison',
      proposed: 'Chemise en lin par Atelier Nord – Chemises | Maison Exemple',
      skip: null,
    });
    // The mug has no vendor and no type: their placeholders leave no double space.
    expect(valueOf(data, mug, 'en')).toMatchObject({
      current: null,
      proposed: 'Stoneware mug by – | Maison Exemple',
      skip: null,
    });
    // No English SEO title, but the bulk edit writes one: the French is written after it.
    expect(valueOf(data, mug, 'fr')).toMatchObject({
      current: null,
      proposed: 'Stoneware mug par – | Maison Exemple',
      skip: null,
      writtenAfter: 'en',
    });
    expect(valueOf(data, shirt, 'fr').writtenAfter).toBeNull();
    expect(valueOf(data, mug, 'en').writtenAfter).toBeNull();
  });

  it('skips a French value whose English text neither exists nor is written by the bulk edit', async () => {
    const frenchOnly = await preview({
      selection: { kind: 'product' },
      field: 'seoTitle',
      templates: { fr: '{title} | {shop}' },
    });
    // No English SEO title, and no English template: Shopify has nothing to register it against.
    expect(valueOf(frenchOnly, mug, 'fr')).toMatchObject({
      skip: 'translation_source_missing',
      writtenAfter: null,
    });
    expect(valueOf(frenchOnly, shirt, 'fr')).toMatchObject({ skip: null, writtenAfter: null });

    // The English value is skipped (its placeholders leave it empty): nothing to translate either.
    const emptyEnglish = await preview({
      selection: { kind: 'product' },
      field: 'seoTitle',
      templates: { en: '{vendor}', fr: '{title} | {shop}' },
    });
    expect(valueOf(emptyEnglish, mug, 'en').skip).toBe('empty');
    expect(valueOf(emptyEnglish, mug, 'fr')).toMatchObject({
      skip: 'translation_source_missing',
      writtenAfter: null,
    });
  });

  it('counts the values ready and skipped over the whole selection, whatever page is shown', async () => {
    const body = { selection: {}, field: 'seoTitle', templates: titleOfShop } as const;
    const whole = await preview(body);
    expect(whole.total).toBe(5);
    expect(whole.rows).toHaveLength(5);
    // English: all but the collection, which already has this title. French: every page, the
    // shirt and the collection translating their English SEO title, the others the one the bulk
    // edit writes before.
    expect(whole.counts).toEqual({
      ready: 9,
      skipped: {
        empty: 0,
        too_long: 0,
        markup: 0,
        unchanged: 1,
        translation_source_missing: 0,
        has_draft: 0,
      },
    });
    expect(valueOf(whole, sale, 'en')).toMatchObject({
      proposed: 'Summer sale | Maison Exemple',
      skip: 'unchanged',
    });
    expect(valueOf(whole, sale, 'fr')).toMatchObject({ current: null, skip: null });
    expect(valueOf(whole, about, 'fr')).toMatchObject({ skip: null, writtenAfter: 'en' });
    expect(valueOf(whole, story, 'en').proposed).toBe('Our story | Maison Exemple');

    const paged = await preview({ ...body, offset: 1, limit: 2 });
    expect(paged).toMatchObject({ total: 5, offset: 1, counts: whole.counts });
    expect(paged.rows).toEqual(whole.rows.slice(1, 3));
  });

  it('skips a value its placeholders leave empty, and one longer than the field takes', async () => {
    const empty = await preview({
      selection: {},
      field: 'seoTitle',
      templates: { en: '{vendor}' },
    });
    expect(empty.counts).toEqual({
      ready: 1,
      skipped: {
        empty: 4,
        too_long: 0,
        markup: 0,
        unchanged: 0,
        translation_source_missing: 0,
        has_draft: 0,
      },
    });
    expect(valueOf(empty, shirt, 'en')).toMatchObject({ proposed: 'Atelier Nord', skip: null });
    expect(valueOf(empty, about, 'en')).toMatchObject({ proposed: '', skip: 'empty' });
    // Only the languages a template was given for.
    expect(empty.rows.every((row) => row.values.length === 1)).toBe(true);

    const long = await preview({
      selection: { kind: 'product' },
      field: 'seoTitle',
      templates: { en: `{title} ${'x'.repeat(250)}` },
    });
    expect(long.counts.skipped.too_long).toBe(2);
    expect(valueOf(long, shirt, 'en').length).toBe(262);
  });

  it("runs the audit's checks of the field on the values proposed", async () => {
    const leading = await preview({
      selection: { kind: 'page' },
      field: 'seoTitle',
      templates: { en: '| {title}' },
    });
    expect(checkIds(valueOf(leading, about, 'en'))).toEqual(['T04']);

    const wide = await preview({
      selection: { kind: 'article' },
      field: 'seoTitle',
      templates: { en: `{title}: ${'WIDE '.repeat(20)}` },
    });
    // Too wide, and one word said twenty times: keyword stuffing too.
    expect(checkIds(valueOf(wide, story, 'en'))).toEqual(['T03', 'T06']);

    // One description for every page: too short, and the same on each.
    const same = await preview({
      selection: {},
      field: 'seoDescription',
      templates: { en: 'Made by hand at {shop}.' },
    });
    for (const row of same.rows) {
      expect(row.values[0]!.findings).toEqual([
        { checkId: 'M02', severity: 'info' },
        { checkId: 'M03', severity: 'warning' },
      ]);
    }
    const distinct = await preview({
      selection: {},
      field: 'seoDescription',
      templates: { en: '{title}, made by hand at {shop}.' },
    });
    expect(distinct.rows.flatMap((row) => checkIds(row.values[0]!))).not.toContain('M03');
  });

  it('answers 400 naming the language whose template names an unknown placeholder', async () => {
    const unknown = await post(owner, shopId, '/bulk/preview', {
      selection: {},
      field: 'seoTitle',
      templates: { en: '{title} | {shop}', fr: '{titre} | {shop}' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ code: 'invalid_template', field: 'fr' });

    const unclosed = await post(owner, shopId, '/bulk/drafts', {
      selection: {},
      field: 'seoTitle',
      templates: { en: '{title | {shop}' },
    });
    expect(unclosed.statusCode).toBe(400);
    expect(errorOf(unclosed)).toMatchObject({ code: 'invalid_template', field: 'en' });

    const none = await post(owner, shopId, '/bulk/preview', {
      selection: {},
      field: 'seoTitle',
      templates: {},
    });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).code).toBe('invalid_templates');
  });

  it('answers 400 naming the language whose template holds markup, and takes a lone "<"', async () => {
    for (const route of ['/bulk/preview', '/bulk/drafts']) {
      const marked = await post(owner, shopId, route, {
        selection: {},
        field: 'seoDescription',
        templates: { en: '{title} at {shop}', fr: '<b>{title}</b> chez {shop}' },
      });
      expect(marked.statusCode, route).toBe(400);
      expect(errorOf(marked)).toMatchObject({ code: 'markup_not_allowed', field: 'fr' });
    }
    const lessThan = await preview({
      selection: { kind: 'product' },
      field: 'seoTitle',
      templates: { en: '{title} < 50 €' },
    });
    expect(valueOf(lessThan, mug, 'en')).toMatchObject({
      proposed: 'Stoneware mug < 50 €',
      skip: null,
    });
  });

  it('skips a value whose placeholders bring markup from the store, and saves no draft of it', async () => {
    const editor = await registeredOwner(api, 'pro');
    const store = await connectedStore(api, editor);
    await seedStoreCopy(api, store, {
      locales: [{ locale: 'en', primary: true, published: true }],
      products: [
        { id: 1, title: 'Linen <script>alert(1)</script> shirt' },
        { id: 3, title: 'Stoneware mug' },
      ],
    });
    const deps = { ...seoDependencies(api), jobs: idleJobs };
    const started = await startAudit(deps, store, 'manual');
    await runAudit(deps, started!.run.id);
    const request = { selection: {}, field: 'seoTitle', templates: { en: '{title} | {shop}' } };
    const answer = await post(editor, store, '/bulk/preview', request);
    expect(answer.statusCode, answer.body).toBe(200);
    const previewed = bulkPreviewSchema.parse(answer.json()).data;
    expect(previewed.counts).toMatchObject({ ready: 1, skipped: { markup: 1 } });
    expect(valueOf(previewed, shirt, 'en').skip).toBe('markup');
    const saved = await bulkDrafts(request as BulkDraftsBody, editor, store);
    expect(saved.skipped).toBe(1);
    expect((await draftsOf(editor, store)).map((draft) => draft.pageId)).toEqual([mug]);
  });

  it('answers 400 invalid_language for a template in a language the store does not publish', async () => {
    const englishOnlyOwner = await registeredOwner(api, 'pro');
    const englishOnly = await connectedStore(api, englishOnlyOwner);
    await seedStoreCopy(api, englishOnly, {
      locales: [{ locale: 'en', primary: true, published: true }],
      products: [{ id: 1, title: 'Linen shirt' }],
    });
    const response = await post(englishOnlyOwner, englishOnly, '/bulk/preview', {
      selection: {},
      field: 'seoTitle',
      templates: { en: '{title}', fr: '{title}' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'invalid_language', field: 'fr' });
  });
});

describe('the drafts', () => {
  it('saves a draft of every value ready, and never replaces a draft the owner wrote', async () => {
    const editor = await registeredOwner(api, 'pro');
    const store = await auditedStore(editor);
    const earlier = await api.app.inject({
      method: 'PUT',
      url: `/api/v1/shops/${store}/seo/pages/${pagePathOf(shirt)}/draft`,
      headers: bearer(editor.idToken),
      payload: { language: 'en', field: 'seoTitle', targetId: shirt, value: 'An earlier draft' },
    });
    expect(earlier.statusCode, earlier.body).toBe(200);
    const request = { selection: {}, field: 'seoTitle', templates: titleOfShop } as const;

    // The preview says which value waits on the owner's draft.
    const previewed = await post(editor, store, '/bulk/preview', request);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const { counts, rows } = bulkPreviewSchema.parse(previewed.json()).data;
    expect(counts.skipped.has_draft).toBe(1);
    const shirtRow = rows.find((row) => row.pageId === shirt)!;
    expect(shirtRow.values.map((value) => [value.language, value.skip])).toEqual([
      ['en', 'has_draft'],
      ['fr', null],
    ]);

    const saved = await bulkDrafts(request, editor, store);
    // English: the shirt waits on the owner's draft, the collection has this title already.
    // French: every page, the English of the mug, the page and the article written before.
    expect(saved.changeIds).toHaveLength(8);
    expect(saved.skipped).toBe(2);
    const drafts = await draftsOf(editor, store);
    expect(drafts).toHaveLength(9);
    expect(saved.changeIds.every((id) => drafts.some((draft) => draft.id === id))).toBe(true);
    const shirtDrafts = drafts.filter(
      (draft) => draft.pageId === shirt && draft.field === 'seoTitle',
    );
    expect(
      shirtDrafts.map((draft) => [draft.language, draft.value, draft.baseValue]).sort(),
    ).toEqual([
      ['en', 'An earlier draft', 'Linen shirt | Maison'],
      ['fr', 'Chemise en lin | Maison Exemple', 'Chemise en lin | Maison'],
    ]);
    // The primary language's drafts come first, so that chunks of approvals write them first.
    const languageOf = new Map(drafts.map((draft) => [draft.id, draft.language]));
    const languages = saved.changeIds.map((id) => languageOf.get(id));
    expect(languages.lastIndexOf('en')).toBeLessThan(languages.indexOf('fr'));

    // Again: the drafts it made wait for approval, and are not made twice.
    const again = await bulkDrafts(request, editor, store);
    expect(again).toEqual({ changeIds: [], skipped: 10 });
    expect(await draftsOf(editor, store)).toHaveLength(9);
  });

  it('saves drafts on the pages ticked only, if they are in the selection', async () => {
    const editor = await registeredOwner(api, 'pro');
    const store = await auditedStore(editor);
    const saved = await bulkDrafts(
      {
        selection: { kind: 'product' },
        field: 'seoTitle',
        templates: titleOfShop,
        // The page is not a product: not in the selection.
        pageIds: [mug, about],
      },
      editor,
      store,
    );
    expect(saved).toMatchObject({ skipped: 0 });
    const drafts = await draftsOf(editor, store);
    expect(drafts.map((draft) => [draft.pageId, draft.language, draft.value]).sort()).toEqual([
      [mug, 'en', 'Stoneware mug | Maison Exemple'],
      [mug, 'fr', 'Stoneware mug | Maison Exemple'],
    ]);
    expect([...saved.changeIds].sort()).toEqual(drafts.map((draft) => draft.id).sort());
  });

  it("answers 404 for another owner's store", async () => {
    const stranger = await registeredOwner(api, 'pro');
    for (const route of ['/bulk/preview', '/bulk/drafts']) {
      const response = await post(stranger, shopId, route, {
        selection: {},
        field: 'seoTitle',
        templates: titleOfShop,
      });
      expect(response.statusCode, route).toBe(404);
      expect(errorOf(response).code).toBe('shop_not_found');
    }
  });

  it('refuses drafts on a store the plan pauses, which can still be previewed', async () => {
    const proOwner = await registeredOwner(api, 'pro');
    // Pro keeps one store active, the first connected: audited alone, then paused by a store
    // connected before it.
    const paused = await auditedStore(proOwner, new Date('2026-11-02T10:00:00Z'));
    await connectedStore(api, proOwner, undefined, 'active', new Date('2026-11-01T10:00:00Z'));
    const body = { selection: {}, field: 'seoTitle', templates: titleOfShop } as const;
    const refused = await post(proOwner, paused, '/bulk/drafts', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: object }>().error).toMatchObject({
      code: 'plan_limit_reached',
      limit: 'stores',
      plan: 'business',
    });
    const { rows } = await api.database.pool.query<{ count: number }>(
      'select count(*)::int as count from seo_changes where shop_id = $1',
      [paused],
    );
    expect(rows).toEqual([{ count: 0 }]);
    const previewed = await post(proOwner, paused, '/bulk/preview', body);
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(bulkPreviewSchema.parse(previewed.json()).data.counts.ready).toBe(9);
  });
});

describe('the API document', () => {
  it('describes both routes with their answers', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>().paths;
    for (const [path, success] of [
      ['/api/v1/shops/{shopId}/seo/bulk/preview', '200'],
      ['/api/v1/shops/{shopId}/seo/bulk/drafts', '201'],
    ] as const) {
      expect(Object.keys(paths[path]?.post?.responses ?? {}), path).toEqual(
        expect.arrayContaining([success, '400', '401', '403', '404']),
      );
    }
  });
});

describe('written to Shopify', () => {
  const productGid = (id: number) => `gid://shopify/Product/${id}`;
  /**
   * Six active products of the local store: the first two given an English SEO title, the others
   * without one (as the store seeds them), the fifth without an SEO description either.
   */
  const [first, second, third, fourth, fifth, sixth] = [...seeded.productIds()]
    .map((id) => seeded.product(id)!)
    .filter((product) => product.status === 'ACTIVE')
    .map((product) => product.id);
  const titleBefore = 'Before the bulk edit';

  let shopifyOwner: TestUser;
  let shopifyStore: string;

  async function shopifyProduct(id: number): Promise<Product> {
    const response = await shopify.control<Product>('GET', `products/${id}`);
    expect(response.status).toBe(200);
    return response.body;
  }

  async function changesOf(store: string): Promise<ChangeView[]> {
    const response = await api.app.inject({
      method: 'GET',
      url: `/api/v1/shops/${store}/seo/changes?limit=200`,
      headers: bearer(shopifyOwner.idToken),
    });
    expect(response.statusCode).toBe(200);
    return changeListSchema.parse(response.json()).data.changes;
  }

  async function settled(ids: readonly string[], states: ChangeState[]): Promise<ChangeView[]> {
    let found: ChangeView[] = [];
    await waitUntil(async () => {
      found = (await changesOf(shopifyStore)).filter((change) => ids.includes(change.id));
      return found.length === ids.length && found.every((change) => states.includes(change.state));
    }, 30_000);
    return found;
  }

  /**
   * What the write job gets, for a test that runs a batch's write itself: the store's Admin API
   * client as the product's workers make it, and a job queue whose workers never run.
   */
  function writeDependencies(): SeoChangesDependencies {
    const app = testShopifyApp(shopify.url);
    const access = shopAccessProvider({
      db: api.database.db,
      shopify: app,
      shopTokens: testShopTokens,
    });
    const clients = adminClients(app, access);
    return {
      db: api.database.db,
      jobs: idleJobs,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      adminClient: async (store) => clients(store, (await access.shopAccess(store)).shopDomain),
    };
  }

  beforeAll(async () => {
    shopifyOwner = await registeredOwner(api, 'pro');
    for (const id of [first!, second!]) {
      await shopify.control('PATCH', `products/${id}`, { seo: { title: titleBefore } });
    }
    shopifyStore = await storeConnectedToLocalShopify(api, shopify, shopifyOwner);
    connectedShops.push(shopifyStore);
    await queueCatalogImport({ db: api.database.db, jobs: api.jobs }, shopifyStore);
    await waitUntil(async () => {
      const response = await api.app.inject({
        method: 'GET',
        url: `/api/v1/shops/${shopifyStore}/seo`,
        headers: bearer(shopifyOwner.idToken),
      });
      return seoOverviewSchema.parse(response.json()).data.lastRun?.state === 'done';
    }, 60_000);
  }, 120_000);

  it('writes the drafts approved through the changes, and undoes them as a batch', async () => {
    const ids = [first!, second!];
    const before = await Promise.all(ids.map(shopifyProduct));
    const { rows } = await api.database.pool.query<{ name: string }>(
      'select name from catalog_shops where shop_id = $1',
      [shopifyStore],
    );
    const shopName = rows[0]!.name;

    const saved = await bulkDrafts(
      {
        selection: { kind: 'product' },
        field: 'seoTitle',
        templates: { en: '{title} – {vendor}', fr: '{title} | {shop}' },
        pageIds: ids.map(productGid),
      },
      shopifyOwner,
      shopifyStore,
    );
    // English and French on both: each has an English SEO title to translate.
    expect(saved).toMatchObject({ skipped: 0 });
    expect(saved.changeIds).toHaveLength(4);

    const approved = await post(shopifyOwner, shopifyStore, '/changes/approve', {
      changeIds: saved.changeIds,
    });
    expect(approved.statusCode, approved.body).toBe(202);
    const { batchId } = batchResponseSchema.parse(approved.json()).data;
    const applied = await settled(saved.changeIds, ['applied', 'conflict', 'failed']);
    expect(applied.map((change) => change.state)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
    ]);

    for (const [index, product] of before.entries()) {
      const written = await shopifyProduct(ids[index]!);
      const frenchTitle = product.translations.fr?.title?.value || product.title;
      expect(written.seo.title).toBe(`${product.title} – ${product.vendor}`);
      expect(written.translations.fr?.meta_title?.value).toBe(`${frenchTitle} | ${shopName}`);
    }

    const undone = await post(shopifyOwner, shopifyStore, `/batches/${batchId}/undo`, {});
    expect(undone.statusCode, undone.body).toBe(202);
    const undos = batchResponseSchema.parse(undone.json()).data.changes.map((change) => change.id);
    expect(undos).toHaveLength(4);
    await settled(undos, ['applied', 'conflict', 'failed']);
    expect((await changesOf(shopifyStore)).filter((change) => undos.includes(change.id))).toEqual(
      expect.arrayContaining(undos.map(() => expect.objectContaining({ state: 'applied' }))),
    );
    for (const [index, product] of before.entries()) {
      const restored = await shopifyProduct(ids[index]!);
      expect(restored.seo.title).toBe(titleBefore);
      expect(restored.translations.fr?.meta_title?.value ?? null).toBe(
        product.translations.fr?.meta_title?.value ?? null,
      );
    }
  });
  it('writes the English and then the French of pages without an English SEO title, in one batch', async () => {
    const ids = [third!, fourth!];
    const before = await Promise.all(ids.map(shopifyProduct));
    for (const product of before) expect(product.seo.title).toBeNull();
    const { rows } = await api.database.pool.query<{ name: string }>(
      'select name from catalog_shops where shop_id = $1',
      [shopifyStore],
    );
    const shopName = rows[0]!.name;
    const request: BulkDraftsBody = {
      selection: { kind: 'product' },
      field: 'seoTitle',
      templates: { en: '{title} | {shop}', fr: '{title} – {shop}' },
      pageIds: ids.map(productGid),
    };

    // The preview says the French will be written, after the English it translates.
    const previewed = await preview(request, shopifyStore, shopifyOwner);
    for (const id of ids) {
      expect(valueOf(previewed, productGid(id), 'en')).toMatchObject({ current: null, skip: null });
      expect(valueOf(previewed, productGid(id), 'fr')).toMatchObject({
        skip: null,
        writtenAfter: 'en',
      });
    }

    const saved = await bulkDrafts(request, shopifyOwner, shopifyStore);
    expect(saved).toMatchObject({ skipped: 0 });
    expect(saved.changeIds).toHaveLength(4);
    const approved = await post(shopifyOwner, shopifyStore, '/changes/approve', {
      changeIds: saved.changeIds,
    });
    expect(approved.statusCode, approved.body).toBe(202);
    const { batchId } = batchResponseSchema.parse(approved.json()).data;
    const applied = await settled(saved.changeIds, ['applied', 'conflict', 'failed']);
    expect(applied.map((change) => [change.state, change.errorCode])).toEqual(
      saved.changeIds.map(() => ['applied', null]),
    );

    for (const [index, product] of before.entries()) {
      const written = await shopifyProduct(ids[index]!);
      const frenchTitle = product.translations.fr?.title?.value || product.title;
      const english = `${product.title} | ${shopName}`;
      expect(written.seo.title).toBe(english);
      // Registered against the English just written, so current, not outdated.
      expect(written.translations.fr?.meta_title).toMatchObject({
        value: `${frenchTitle} – ${shopName}`,
        sourceDigest: contentDigest(english),
      });
    }

    // Undone as a batch: the English cleared, the French removed with it.
    const undone = await post(shopifyOwner, shopifyStore, `/batches/${batchId}/undo`, {});
    expect(undone.statusCode, undone.body).toBe(202);
    const undos = batchResponseSchema.parse(undone.json()).data.changes.map((change) => change.id);
    expect(undos).toHaveLength(4);
    const settledUndos = await settled(undos, ['applied', 'conflict', 'failed']);
    expect(settledUndos.map((change) => change.state)).toEqual(undos.map(() => 'applied'));
    for (const id of ids) {
      const restored = await shopifyProduct(id);
      expect(restored.seo.title).toBeNull();
      expect(restored.translations.fr?.meta_title).toBeUndefined();
    }
  });

  it('leaves the French unwritten when the English it translates is not written', async () => {
    const id = fifth!;
    expect((await shopifyProduct(id)).seo.description).toBeNull();
    const request: BulkDraftsBody = {
      selection: { kind: 'product' },
      field: 'seoDescription',
      templates: { en: 'Made by hand: {title}.', fr: 'Fait main : {title}.' },
      pageIds: [productGid(id)],
    };
    const previewed = await preview(request, shopifyStore, shopifyOwner);
    expect(valueOf(previewed, productGid(id), 'fr').writtenAfter).toBe('en');
    const saved = await bulkDrafts(request, shopifyOwner, shopifyStore);
    expect(saved.changeIds).toHaveLength(2);

    // The owner writes an English description in Shopify's admin meanwhile: the bulk edit's
    // English is a conflict, and its French would translate the owner's text instead.
    await shopify.control('PATCH', `products/${id}`, {
      seo: { description: 'Written in Shopify meanwhile' },
    });
    const approved = await post(shopifyOwner, shopifyStore, '/changes/approve', {
      changeIds: saved.changeIds,
    });
    expect(approved.statusCode, approved.body).toBe(202);
    const ended = await settled(saved.changeIds, ['applied', 'conflict', 'failed']);
    const byLanguage = Object.fromEntries(
      ended.map((change) => [change.language, [change.state, change.errorCode]]),
    );
    expect(byLanguage).toEqual({
      en: ['conflict', null],
      fr: ['failed', 'translation_source_not_written'],
    });
    const product = await shopifyProduct(id);
    expect(product.seo.description).toBe('Written in Shopify meanwhile');
    expect(product.translations.fr?.meta_description).toBeUndefined();
  });
  it('writes a French value approved in a later batch only after the English approved before it', async () => {
    const id = sixth!;
    const page = productGid(id);
    expect((await shopifyProduct(id)).seo.title).toBeNull();
    const saved = await bulkDrafts(
      {
        selection: { kind: 'product' },
        field: 'seoTitle',
        templates: { en: 'Made by hand: {title}', fr: 'Fait main : {title}' },
        pageIds: [page],
      },
      shopifyOwner,
      shopifyStore,
    );
    const drafts = (await changesOf(shopifyStore)).filter((change) =>
      saved.changeIds.includes(change.id),
    );
    const english = drafts.find((change) => change.language === 'en')!;
    const french = drafts.find((change) => change.language === 'fr')!;

    // A bulk edit approved in chunks: the English in a first batch, the French in a second one,
    // whose write happens to run first (two workers, or the first batch's job retried).
    const approvedAsBatch = async (changeId: string) => {
      const batchId = randomUUID();
      await api.database.db.transaction((tx) =>
        changesRepository.approveDrafts(tx, [changeId], {
          batchId,
          approvedBy: shopifyOwner.uid,
        }),
      );
      return batchId;
    };
    const englishBatch = await approvedAsBatch(english.id);
    const frenchBatch = await approvedAsBatch(french.id);
    const deps = writeDependencies();
    expect(await writeBatch(deps, shopifyStore, frenchBatch)).toBe('busy');
    expect(await writeBatch(deps, shopifyStore, englishBatch)).toEqual({
      applied: 1,
      conflicts: 0,
      failed: 0,
    });
    expect(await writeBatch(deps, shopifyStore, frenchBatch)).toEqual({
      applied: 1,
      conflicts: 0,
      failed: 0,
    });
    const product = await shopifyProduct(id);
    expect(product.translations.fr?.meta_title).toMatchObject({
      value: french.value,
      sourceDigest: contentDigest(english.value),
    });
  });
});
