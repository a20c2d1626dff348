import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueCatalogImport } from '#server/areas/catalog/catalog-import-job.ts';
import * as changesRepository from '#server/areas/seo-changes/changes-repository.ts';
import {
  queueUnqueuedBatches,
  unconfirmedWriteGivenUpAfterHours,
  unqueuedBatchAfterSeconds,
} from '#server/areas/seo-changes/seo-change-write-job.ts';
import type { Product } from '#server/local/shopify/catalog-model.ts';
import { SeededStore } from '#server/local/shopify/seeded-store.ts';
import { storeCatalog } from '#server/workers.ts';
import { accountResponseSchema } from '#shared/schemas/account.ts';
import {
  batchListSchema,
  batchResponseSchema,
  changeListSchema,
  changeResponseSchema,
  type ChangeState,
  type ChangeView,
  type SaveDraftBody,
} from '#shared/schemas/seo-changes.ts';
import { pageDetailSchema, pagePathOf, seoOverviewSchema } from '#shared/schemas/seo.ts';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';
import { registeredOwner, storeConnectedToLocalShopify } from '../support/owners-and-stores.ts';
import { testShopifyApp, waitUntil } from '../support/shops-test-support.ts';

/**
 * The SEO changes written to the local Shopify (server/local/shopify) by the product's own workers:
 * a store connected with a real token, imported and audited; drafts approved and written, Shopify's
 * value read first (a conflict keeps both values and writes nothing), French texts registered as
 * translations, undo writing back the exact value replaced, and the page audited again so that its
 * findings follow.
 */

// A store of its own: a store connects to one account only, across the test files' database.
const storeName = 'atelier-corrections';
const seeded = new SeededStore(storeName, 8);

let shopify: TestShopify;
let api: ApiTestContext;
let owner: TestUser;
let shopId: string;
let ownerName: string;

const productGid = (id: number) => `gid://shopify/Product/${id}`;
const mediaGid = (id: number) => `gid://shopify/MediaImage/${id}`;

/** Active products with images, to write to: the towel, the mug and one that will be deleted. */
const [towel, mug, doomed] = [...seeded.productIds()]
  .map((id) => seeded.product(id)!)
  .filter((product) => product.status === 'ACTIVE' && product.media.length > 0)
  .map((product) => product.id);

/** Two more, whose English titles are undone with their French translations. */
const [napkin, apron] = [...seeded.productIds()]
  .map((id) => seeded.product(id)!)
  .filter((product) => product.status === 'ACTIVE')
  .map((product) => product.id)
  .filter((id) => id !== towel && id !== mug && id !== doomed);
const napkinTitle = 'Napkin | Maison';
const apronTitle = 'Apron | Maison';

const towelDescription = 'Too short.';
const towelTitle = 'Linen Tea Towel | Maison';

async function shopifyProduct(id: number): Promise<Product> {
  const response = await shopify.control<Product>('GET', `products/${id}`);
  expect(response.status).toBe(200);
  return response.body;
}

beforeAll(async () => {
  shopify = await startTestShopify({ stores: [{ name: storeName, products: 8 }] });
  api = await startApiForTests({ shopify: testShopifyApp(shopify.url) });
  owner = await registeredOwner(api, 'pro');
  ownerName = accountResponseSchema.parse(
    (
      await api.app.inject({
        method: 'GET',
        url: '/api/v1/account/me',
        headers: bearer(owner.idToken),
      })
    ).json(),
  ).data.user.displayName;

  // The defects the tests fix: a description too short and an empty alt text on the towel, no SEO
  // title on the mug.
  const firstImage = seeded.product(towel!)!.media[0]!.id;
  await shopify.control('PATCH', `products/${towel}`, {
    seo: { title: towelTitle, description: towelDescription },
    media: [{ id: firstImage, alt: '' }],
  });
  await shopify.control('PATCH', `products/${mug}`, { seo: { title: null } });
  await shopify.control('PATCH', `products/${napkin}`, { seo: { title: napkinTitle } });
  await shopify.control('PATCH', `products/${apron}`, { seo: { title: apronTitle } });

  // The store connected as an owner connects it: the app installed, its token kept encrypted.
  shopId = await storeConnectedToLocalShopify(api, shopify, owner);
  // Imported, then audited in full, by the workers.
  await queueCatalogImport({ db: api.database.db, jobs: api.jobs }, shopId);
  await waitUntil(async () => {
    const overview = seoOverviewSchema.parse(
      (
        await api.app.inject({
          method: 'GET',
          url: `/api/v1/shops/${shopId}/seo`,
          headers: bearer(owner.idToken),
        })
      ).json(),
    ).data;
    return overview.lastRun?.state === 'done';
  }, 60_000);
}, 120_000);

afterAll(async () => {
  if (shopId !== undefined) {
    await storeCatalog({ db: api.database.db, jobs: api.jobs }).deleteStoreCopy(shopId);
    await api.database.pool.query('delete from shops where id = $1', [shopId]);
  }
  await api?.close();
  await shopify?.stop();
});

async function savedDraft(page: string, body: SaveDraftBody): Promise<ChangeView> {
  const response = await api.app.inject({
    method: 'PUT',
    url: `/api/v1/shops/${shopId}/seo/pages/${pagePathOf(page)}/draft`,
    headers: bearer(owner.idToken),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return changeResponseSchema.parse(response.json()).data;
}

function post(url: string, payload?: object) {
  return api.app.inject({
    method: 'POST',
    url: `/api/v1/shops/${shopId}/seo${url}`,
    headers: bearer(owner.idToken),
    ...(payload !== undefined && { payload }),
  });
}

async function approve(ids: string[]) {
  const response = await post('/changes/approve', { changeIds: ids });
  expect(response.statusCode, response.body).toBe(202);
  return batchResponseSchema.parse(response.json()).data;
}

async function undo(url: string) {
  const response = await post(url);
  expect(response.statusCode, response.body).toBe(202);
  return batchResponseSchema.parse(response.json()).data;
}

async function allChanges(): Promise<ChangeView[]> {
  const response = await api.app.inject({
    method: 'GET',
    url: `/api/v1/shops/${shopId}/seo/changes?limit=200`,
    headers: bearer(owner.idToken),
  });
  expect(response.statusCode).toBe(200);
  return changeListSchema.parse(response.json()).data.changes;
}

/** The change once its write ended in one of `states`. */
async function settled(id: string, states: ChangeState[]): Promise<ChangeView> {
  let found: ChangeView | undefined;
  await waitUntil(async () => {
    found = (await allChanges()).find((change) => change.id === id);
    return found !== undefined && states.includes(found.state);
  }, 20_000);
  return found!;
}

async function pageDetail(page: string) {
  const response = await api.app.inject({
    method: 'GET',
    url: `/api/v1/shops/${shopId}/seo/pages/${pagePathOf(page)}`,
    headers: bearer(owner.idToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return pageDetailSchema.parse(response.json()).data;
}

/** A description of a good length: between 121 and 156 characters. */
const goodDescription =
  'A tea towel of washed linen in sage green, soft from the first use, quick to dry, and woven to last through years of daily kitchen work.';

/** The batch that wrote the towel's alt text and description, undone at the end. */
let towelBatch: string;

describe('writing approved changes', () => {
  it('writes the values to Shopify, keeps what they replaced and who approved, and the findings go', async () => {
    const towelPage = productGid(towel!);
    const image = mediaGid(seeded.product(towel!)!.media[0]!.id);
    const before = await pageDetail(towelPage);
    const english = before.languages.find((language) => language.language === 'en')!;
    expect(english.findings).toEqual(
      expect.arrayContaining([
        // The photo's alt text was left empty in Shopify: an empty alt (I02), not a missing one.
        expect.objectContaining({ checkId: 'I02', field: `image:${image}` }),
        expect.objectContaining({ checkId: 'M02', field: 'seoDescription' }),
      ]),
    );

    const alt = await savedDraft(towelPage, {
      language: 'en',
      field: 'imageAlt',
      targetId: image,
      value: 'Sage linen tea towel, folded',
    });
    const description = await savedDraft(towelPage, {
      language: 'en',
      field: 'seoDescription',
      targetId: towelPage,
      value: goodDescription,
    });
    expect(description.baseValue).toBe(towelDescription);
    const batch = await approve([alt.id, description.id]);
    towelBatch = batch.batchId;

    const [altApplied, descriptionApplied] = [
      await settled(alt.id, ['applied', 'conflict', 'failed']),
      await settled(description.id, ['applied', 'conflict', 'failed']),
    ];
    expect(descriptionApplied).toMatchObject({
      state: 'applied',
      value: goodDescription,
      previousValue: towelDescription,
      approvedBy: ownerName,
      batchId: towelBatch,
      undoable: true,
    });
    expect(descriptionApplied.appliedAt).not.toBeNull();
    expect(altApplied).toMatchObject({ state: 'applied', undoable: true });
    expect(altApplied.previousValue ?? '').toBe('');

    const written = await shopifyProduct(towel!);
    expect(written.seo.description).toBe(goodDescription);
    expect(written.media[0]!.alt).toBe('Sage linen tea towel, folded');

    // Audited again within seconds: the page's findings follow the values written.
    await waitUntil(async () => {
      const detail = await pageDetail(towelPage);
      const findings = detail.languages.find((language) => language.language === 'en')!.findings;
      return !findings.some(
        (finding) => finding.field === `image:${image}` || finding.checkId === 'M02',
      );
    }, 20_000);
    const after = await pageDetail(towelPage);
    const fields = after.languages.find((language) => language.language === 'en')!.fields;
    expect(fields.find((field) => field.field === 'seoDescription')).toMatchObject({
      value: goodDescription,
      draft: null,
      pending: null,
    });
  });

  it('registers a French meta description as a translation of the primary text', async () => {
    const towelPage = productGid(towel!);
    const french =
      'Un torchon en lin lavé vert sauge, doux dès le premier usage, qui sèche vite et tient des années en cuisine.';
    const draft = await savedDraft(towelPage, {
      language: 'fr',
      field: 'seoDescription',
      targetId: towelPage,
      value: french,
    });
    await approve([draft.id]);
    const applied = await settled(draft.id, ['applied', 'conflict', 'failed']);
    expect(applied).toMatchObject({ state: 'applied', language: 'fr', value: french });
    const written = await shopifyProduct(towel!);
    expect(written.translations.fr?.meta_description?.value).toBe(french);
    // The primary text is untouched.
    expect(written.seo.description).toBe(goodDescription);
    const detail = await pageDetail(towelPage);
    const fields = detail.languages.find((language) => language.language === 'fr')!.fields;
    expect(fields.find((field) => field.field === 'seoDescription')).toMatchObject({
      value: french,
      sourceValue: goodDescription,
      outdated: false,
    });
  });

  it('applies without writing a value Shopify already holds', async () => {
    const towelPage = productGid(towel!);
    const same = await savedDraft(towelPage, {
      language: 'en',
      field: 'seoTitle',
      targetId: towelPage,
      value: towelTitle,
    });
    await approve([same.id]);
    expect(await settled(same.id, ['applied', 'conflict', 'failed'])).toMatchObject({
      state: 'applied',
      previousValue: towelTitle,
    });
    expect((await shopifyProduct(towel!)).seo.title).toBe(towelTitle);
  });

  it('fails a change whose page is gone, writing nothing', async () => {
    const page = productGid(doomed!);
    const draft = await savedDraft(page, {
      language: 'en',
      field: 'seoTitle',
      targetId: page,
      value: 'Gone before written',
    });
    expect((await shopify.control('DELETE', `products/${doomed}`)).status).toBe(200);
    await approve([draft.id]);
    expect(await settled(draft.id, ['applied', 'conflict', 'failed'])).toMatchObject({
      state: 'failed',
      errorCode: 'page_removed',
    });
  });
});

describe('conflicts', () => {
  it("writes nothing when Shopify's value changed since, keeps both, and writes the owner's on request", async () => {
    const towelPage = productGid(towel!);
    const mine = 'Sage Linen Tea Towel | Maison Exemple';
    const draft = await savedDraft(towelPage, {
      language: 'en',
      field: 'seoTitle',
      targetId: towelPage,
      value: mine,
    });
    expect(draft.baseValue).toBe(towelTitle);
    // Someone edits the title in Shopify's admin meanwhile.
    await shopify.control('PATCH', `products/${towel}`, { seo: { title: 'Edited in Shopify' } });
    // The copy follows the edit, as the product's webhook has it do (this file's local Shopify
    // delivers none); the owner, who still sees their draft, saves it again: its base stays the
    // value it was made from, so the edit is not written over.
    await api.database.pool.query(
      `update catalog_products set seo_title = 'Edited in Shopify' where shop_id = $1 and gid = $2`,
      [shopId, towelPage],
    );
    const shownTitle = (await pageDetail(towelPage)).languages
      .find((language) => language.language === 'en')
      ?.fields.find((field) => field.field === 'seoTitle');
    expect(shownTitle).toMatchObject({ value: 'Edited in Shopify', draft: { value: mine } });
    const resaved = await savedDraft(towelPage, {
      language: 'en',
      field: 'seoTitle',
      targetId: towelPage,
      value: mine,
    });
    expect(resaved).toMatchObject({ id: draft.id, baseValue: towelTitle });
    await approve([draft.id]);

    const conflict = await settled(draft.id, ['applied', 'conflict', 'failed']);
    expect(conflict).toMatchObject({
      state: 'conflict',
      value: mine,
      baseValue: towelTitle,
      shopifyValue: 'Edited in Shopify',
      undoable: false,
    });
    expect((await shopifyProduct(towel!)).seo.title).toBe('Edited in Shopify');

    const resolved = await post(`/changes/${draft.id}/resolve`, { keep: 'mine' });
    expect(resolved.statusCode, resolved.body).toBe(202);
    expect(changeResponseSchema.parse(resolved.json()).data).toMatchObject({
      state: 'approved',
      baseValue: 'Edited in Shopify',
    });
    expect(await settled(draft.id, ['applied', 'conflict', 'failed'])).toMatchObject({
      state: 'applied',
      previousValue: 'Edited in Shopify',
    });
    expect((await shopifyProduct(towel!)).seo.title).toBe(mine);
  });

  it("keeps Shopify's value on request, writing nothing", async () => {
    const towelPage = productGid(towel!);
    const draft = await savedDraft(towelPage, {
      language: 'en',
      field: 'seoTitle',
      targetId: towelPage,
      value: 'A title nobody will see',
    });
    await shopify.control('PATCH', `products/${towel}`, { seo: { title: 'Edited again' } });
    await approve([draft.id]);
    expect(await settled(draft.id, ['applied', 'conflict', 'failed'])).toMatchObject({
      state: 'conflict',
      shopifyValue: 'Edited again',
    });
    const resolved = await post(`/changes/${draft.id}/resolve`, { keep: 'shopify' });
    expect(resolved.statusCode).toBe(202);
    expect(changeResponseSchema.parse(resolved.json()).data.state).toBe('discarded');
    expect((await shopifyProduct(towel!)).seo.title).toBe('Edited again');
    const again = await post(`/changes/${draft.id}/resolve`, { keep: 'mine' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('change_state_conflict');
  });
});

describe('undo', () => {
  it('writes back a value that was none by clearing the field, and offers no undo of an undo', async () => {
    const mugPage = productGid(mug!);
    const draft = await savedDraft(mugPage, {
      language: 'en',
      field: 'seoTitle',
      targetId: mugPage,
      value: 'Stoneware Mug | Maison',
    });
    expect(draft.baseValue).toBeNull();
    await approve([draft.id]);
    expect(await settled(draft.id, ['applied', 'conflict', 'failed'])).toMatchObject({
      state: 'applied',
      previousValue: null,
    });
    expect((await shopifyProduct(mug!)).seo.title).toBe('Stoneware Mug | Maison');

    const { changes } = await undo(`/changes/${draft.id}/undo`);
    expect(changes).toEqual([
      expect.objectContaining({ undoOf: draft.id, value: '', state: 'approved' }),
    ]);
    const undone = await settled(changes[0]!.id, ['applied', 'conflict', 'failed']);
    expect(undone.state).toBe('applied');
    expect((await shopifyProduct(mug!)).seo.title ?? '').toBe('');
    expect(await settled(draft.id, ['undone'])).toMatchObject({ undoable: false });

    for (const id of [draft.id, undone.id]) {
      const refused = await post(`/changes/${id}/undo`);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).code).toBe('change_state_conflict');
    }
  });

  it('undoing an English title restores the French written with it, after the English', async () => {
    const page = productGid(napkin!);
    const english = await savedDraft(page, {
      language: 'en',
      field: 'seoTitle',
      targetId: page,
      value: 'Linen Napkin | Maison',
    });
    const french = await savedDraft(page, {
      language: 'fr',
      field: 'seoTitle',
      targetId: page,
      value: 'Serviette en lin | Maison',
    });
    await approve([english.id, french.id]);
    const englishApplied = await settled(english.id, ['applied', 'conflict', 'failed']);
    const frenchApplied = await settled(french.id, ['applied', 'conflict', 'failed']);
    expect([englishApplied.state, frenchApplied.state]).toEqual(['applied', 'applied']);

    // Only the English is asked to be undone: its French translation goes back with it.
    const { changes } = await undo(`/changes/${english.id}/undo`);
    expect(changes.map((change) => [change.undoOf, change.language])).toEqual([
      [english.id, 'en'],
      [french.id, 'fr'],
    ]);
    for (const change of changes) {
      expect((await settled(change.id, ['applied', 'conflict', 'failed'])).state).toBe('applied');
    }
    const restored = await shopifyProduct(napkin!);
    expect(restored.seo.title ?? null).toBe(englishApplied.previousValue);
    expect(restored.translations.fr?.meta_title?.value ?? null).toBe(frenchApplied.previousValue);
    expect(await settled(french.id, ['undone'])).toMatchObject({ undoable: false });
  });

  it('undoing an English title flags a French translation written for it in another batch as outdated', async () => {
    const page = productGid(apron!);
    const english = await savedDraft(page, {
      language: 'en',
      field: 'seoTitle',
      targetId: page,
      value: 'Linen Apron | Maison',
    });
    await approve([english.id]);
    expect((await settled(english.id, ['applied', 'conflict', 'failed'])).state).toBe('applied');
    const french = await savedDraft(page, {
      language: 'fr',
      field: 'seoTitle',
      targetId: page,
      value: 'Tablier en lin | Maison',
    });
    await approve([french.id]);
    expect((await settled(french.id, ['applied', 'conflict', 'failed'])).state).toBe('applied');
    const frenchField = async () =>
      (await pageDetail(page)).languages
        .find((language) => language.language === 'fr')!
        .fields.find((field) => field.field === 'seoTitle')!;
    expect(await frenchField()).toMatchObject({
      value: 'Tablier en lin | Maison',
      outdated: false,
    });

    // The French was written for the English being undone, in a batch of its own: it stays, and
    // the owner sees that it translates a text the page no longer has.
    const { changes } = await undo(`/changes/${english.id}/undo`);
    expect(changes.map((change) => change.undoOf)).toEqual([english.id]);
    expect((await settled(changes[0]!.id, ['applied', 'conflict', 'failed'])).state).toBe(
      'applied',
    );
    expect((await shopifyProduct(apron!)).seo.title).toBe(apronTitle);
    // Applied means recorded: the French's state, read from Shopify, is in the copy already.
    expect(await frenchField()).toMatchObject({
      value: 'Tablier en lin | Maison',
      sourceValue: apronTitle,
      outdated: true,
    });
  });

  it('undoes a whole batch, writing back each value exactly, and only what is left of it', async () => {
    const before = (await allChanges()).filter((change) => change.batchId === towelBatch);
    expect(before.map((change) => change.state)).toEqual(['applied', 'applied']);
    const { changes } = await undo(`/batches/${towelBatch}/undo`);
    expect(changes.map((change) => change.undoOf).sort()).toEqual(
      before.map((change) => change.id).sort(),
    );
    for (const change of changes) {
      expect((await settled(change.id, ['applied', 'conflict', 'failed'])).state).toBe('applied');
    }
    const restored = await shopifyProduct(towel!);
    expect(restored.seo.description).toBe(towelDescription);
    expect(restored.media[0]!.alt ?? '').toBe('');
    for (const change of before) {
      expect((await settled(change.id, ['undone'])).undoable).toBe(false);
    }
    const again = await post(`/batches/${towelBatch}/undo`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('change_state_conflict');

    // The latest batches: the undo first, then the batch it undid, each counted whole.
    const response = await api.app.inject({
      method: 'GET',
      url: `/api/v1/shops/${shopId}/seo/batches?limit=20`,
      headers: bearer(owner.idToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { batches } = batchListSchema.parse(response.json()).data;
    const undoBatch = batches.find((batch) => batch.batchId === changes[0]!.batchId)!;
    const undone = batches.find((batch) => batch.batchId === towelBatch)!;
    expect(batches.indexOf(undoBatch)).toBeLessThan(batches.indexOf(undone));
    const towelTitleNow = seeded.product(towel!)!.title;
    expect(undoBatch).toMatchObject({
      approvedBy: ownerName,
      changes: 2,
      isUndo: true,
      undoable: 0,
      pageCount: 1,
      pages: [{ pageId: productGid(towel!), pageTitle: towelTitleNow }],
    });
    expect(undoBatch.counts).toMatchObject({ applied: 2, approved: 0 });
    expect(undone).toMatchObject({ changes: 2, isUndo: false, undoable: 0 });
    expect(undone.counts).toMatchObject({ undone: 2, applied: 0 });
  });
});

describe('an approval whose process stopped before queueing its write', () => {
  /** Approves drafts as one batch, as an approval whose process stopped before queueing its write. */
  async function approvedWithoutJob(changeIds: string[]): Promise<string> {
    const batchId = randomUUID();
    await api.database.db.transaction((tx) =>
      changesRepository.approveDrafts(tx, changeIds, { batchId, approvedBy: owner.uid }),
    );
    return batchId;
  }

  /**
   * The sweep at `now`, over this store only: the test files share the database, not their job
   * queues.
   */
  function sweep(now = new Date()) {
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    return queueUnqueuedBatches(
      { db: api.database.db, jobs: api.jobs, log: silent },
      { now, shopId },
    );
  }

  const afterTheSweepsWait = () => new Date(Date.now() + (unqueuedBatchAfterSeconds + 1) * 1000);

  it('writes a batch whose write job was never queued once the sweep finds it, and only then', async () => {
    const mugPage = productGid(mug!);
    const title = 'Stoneware Mug, Glazed by Hand | Maison';
    const draft = await savedDraft(mugPage, {
      language: 'en',
      field: 'seoTitle',
      targetId: mugPage,
      value: title,
    });
    const batchId = await approvedWithoutJob([draft.id]);
    // Just approved: its job may still be on its way.
    expect(await sweep()).toEqual([]);
    const later = afterTheSweepsWait();
    expect(await sweep(later)).toEqual([batchId]);
    // Queued now: a second sweep leaves it to that job.
    expect(await sweep(later)).toEqual([]);
    expect(await settled(draft.id, ['applied', 'conflict', 'failed'])).toMatchObject({
      state: 'applied',
      previousValue: null,
    });
    expect((await shopifyProduct(mug!)).seo.title).toBe(title);
  });

  it('keeps a change sent before Shopify stopped answering for the sweep, failing only the unsent', async () => {
    const mugPage = productGid(mug!);
    const [sent, unsent] = [
      await savedDraft(mugPage, {
        language: 'en',
        field: 'seoDescription',
        targetId: mugPage,
        value: 'A stoneware mug glazed by hand, sized for a large morning coffee.',
      }),
      await savedDraft(mugPage, {
        language: 'fr',
        field: 'seoTitle',
        targetId: mugPage,
        value: 'Tasse en grès émaillée à la main | Maison',
      }),
    ];
    const batchId = await approvedWithoutJob([sent.id, unsent.id]);
    // The first write went out and its answer was lost; then every attempt found Shopify away.
    await changesRepository.markSent(api.database.db, sent.id, null);
    await changesRepository.markFailed(api.database.db, { batchId }, 'shopify_unavailable', {
      unsentOnly: true,
    });
    expect((await settled(unsent.id, ['failed'])).errorCode).toBe('shopify_unavailable');
    expect((await allChanges()).find((change) => change.id === sent.id)?.state).toBe('approved');

    expect(await sweep(afterTheSweepsWait())).toEqual([batchId]);
    expect(await settled(sent.id, ['applied', 'conflict', 'failed'])).toMatchObject({
      state: 'applied',
    });
    expect((await shopifyProduct(mug!)).seo.description).toBe(sent.value);

    // A change Shopify never confirms is not tried for ever: after a day, the owner is asked to
    // check it in Shopify.
    const neverConfirmed = await savedDraft(mugPage, {
      language: 'fr',
      field: 'seoTitle',
      targetId: mugPage,
      value: 'Tasse en grès | Maison',
    });
    await approvedWithoutJob([neverConfirmed.id]);
    await changesRepository.markSent(api.database.db, neverConfirmed.id, null);
    const nextDay = new Date(Date.now() + (unconfirmedWriteGivenUpAfterHours + 1) * 3_600_000);
    expect(await sweep(nextDay)).toEqual([]);
    expect(await settled(neverConfirmed.id, ['failed'])).toMatchObject({
      errorCode: 'write_unconfirmed',
    });
  });
});

describe('a store whose access ended', () => {
  // Last: the app is removed from the store.
  it("fails the batch with the reason when Shopify no longer accepts the store's token", async () => {
    const mugPage = productGid(mug!);
    const draft = await savedDraft(mugPage, {
      language: 'en',
      field: 'seoDescription',
      targetId: mugPage,
      value: 'A stoneware mug, glazed by hand.',
    });
    expect((await shopify.control('POST', 'uninstall')).status).toBe(200);
    await approve([draft.id]);
    expect(await settled(draft.id, ['applied', 'conflict', 'failed'])).toMatchObject({
      state: 'failed',
      errorCode: 'shop_needs_reconnecting',
    });
  });
});
