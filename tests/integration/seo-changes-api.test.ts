import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '#server/areas/seo/run-audit.ts';
import { startAudit } from '#server/areas/seo/start-audit.ts';
import { seoChangeWriteJob } from '#server/areas/seo-changes/seo-change-write-job.ts';
import type { JobDefinition, JobQueue } from '#server/jobs/job-queue.ts';
import { storeCatalog } from '#server/workers.ts';
import { accountResponseSchema } from '#shared/schemas/account.ts';
import {
  batchResponseSchema,
  changeListSchema,
  changeResponseSchema,
  editableFieldMaxLength,
  type ChangeView,
  type SaveDraftBody,
} from '#shared/schemas/seo-changes.ts';
import { pageDetailSchema, pagePathOf } from '#shared/schemas/seo.ts';
import {
  bearer,
  createTestJobQueue,
  errorOf,
  startApiForTests,
  type ApiTestContext,
} from '../support/api-test-app.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { connectedStore, registeredOwner } from '../support/owners-and-stores.ts';
import { gid, seedStoreCopy, seoDependencies } from '../support/seo-test-support.ts';

/**
 * The SEO changes' API on a store's copy: drafts saved, validated, listed and shown in the page's
 * detail, approval all or nothing, the states a change must be in for each request, the owner only,
 * a paused store written nothing, and the changes gone with the store's copy or the account. The
 * writes to Shopify that follow an approval are held here (seo-changes-shopify.test.ts writes them).
 */

let api: ApiTestContext;
let idleJobs: JobQueue;
/** The batches the API queued for writing, held back. */
const heldWrites: Array<{ shopId: string; batchId: string }> = [];
/** While true, queueing a write fails, as when the queue's database cannot take the job. */
let refuseWrites = false;

beforeAll(async () => {
  api = await startApiForTests({
    wrapJobs: (jobs) => ({
      ...jobs,
      send: async <Payload>(
        job: JobDefinition<Payload, never>,
        payload: Payload,
        options?: Parameters<JobQueue['send']>[2],
      ) => {
        if (job.name === seoChangeWriteJob.name) {
          if (refuseWrites) throw new Error('The job queue is unavailable');
          heldWrites.push(payload as { shopId: string; batchId: string });
          return 'held';
        }
        return jobs.send(job, payload, options);
      },
    }),
  });
  idleJobs = createTestJobQueue(`pgboss_idle_${randomUUID().replaceAll('-', '').slice(0, 12)}`);
  await idleJobs.start();
});

afterAll(async () => {
  await idleJobs?.stop();
  await api?.close();
});

/** A store with a product of two images, a collection with one, a page and an article, audited. */
async function auditedStore(owner: TestUser, connectedAt?: Date): Promise<string> {
  const shopId = await connectedStore(api, owner, undefined, 'active', connectedAt);
  await seedStoreCopy(api, shopId, {
    products: [
      {
        id: 1,
        title: 'Linen shirt',
        seoTitle: 'Linen shirt | Maison',
        images: [
          { id: 11, alt: 'Linen shirt, front' },
          { id: 12, alt: null },
        ],
      },
      { id: 3, title: 'Stoneware mug', seoTitle: 'Stoneware mug | Maison' },
    ],
    collections: [{ id: 5, title: 'Summer sale', seoTitle: 'Summer sale', imageAlt: 'Beach' }],
    pages: [{ id: 6, title: 'About us' }],
    articles: [{ id: 8, title: 'Our story' }],
    translations: [
      [gid('Product', 1), 'fr', 'title', 'Chemise en lin'],
      [gid('Product', 1), 'fr', 'meta_title', 'Chemise en lin | Maison', true],
      [gid('MediaImage', 11), 'fr', 'alt', 'Chemise en lin, devant'],
    ],
  });
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

const shirt = gid('Product', 1);

function putDraft(user: TestUser, store: string, page: string, body: SaveDraftBody) {
  return api.app.inject({
    method: 'PUT',
    url: `/api/v1/shops/${store}/seo/pages/${pagePathOf(page)}/draft`,
    headers: bearer(user.idToken),
    payload: body,
  });
}

async function savedDraft(store: string, page: string, body: SaveDraftBody): Promise<ChangeView> {
  const response = await putDraft(owner, store, page, body);
  expect(response.statusCode, response.body).toBe(200);
  return changeResponseSchema.parse(response.json()).data;
}

function post(user: TestUser, url: string, payload?: object) {
  return api.app.inject({
    method: 'POST',
    url,
    headers: bearer(user.idToken),
    ...(payload !== undefined && { payload }),
  });
}

async function changes(store: string, query = '') {
  const response = await api.app.inject({
    method: 'GET',
    url: `/api/v1/shops/${store}/seo/changes${query}`,
    headers: bearer(owner.idToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return changeListSchema.parse(response.json()).data;
}

async function pageDetail(store: string, page: string) {
  const response = await api.app.inject({
    method: 'GET',
    url: `/api/v1/shops/${store}/seo/pages/${pagePathOf(page)}`,
    headers: bearer(owner.idToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return pageDetailSchema.parse(response.json()).data;
}

async function changeRows(store: string): Promise<number> {
  const { rows } = await api.database.pool.query<{ count: number }>(
    'select count(*)::int as count from seo_changes where shop_id = $1',
    [store],
  );
  return rows[0]!.count;
}

describe("a page's editable fields", () => {
  it('gives each language its own values, the primary text beside a translation, and what cannot be translated', async () => {
    const detail = await pageDetail(shopId, shirt);
    const [en, fr] = detail.languages;
    expect(en!.fields).toEqual([
      expect.objectContaining({
        field: 'seoTitle',
        targetId: shirt,
        imageUrl: null,
        value: 'Linen shirt | Maison',
        sourceValue: null,
        outdated: false,
        editable: true,
        draft: null,
        pending: null,
      }),
      expect.objectContaining({ field: 'seoDescription', value: null, editable: true }),
      expect.objectContaining({
        field: 'imageAlt',
        targetId: gid('MediaImage', 11),
        imageUrl: 'https://cdn.example/11.jpg',
        value: 'Linen shirt, front',
        editable: true,
      }),
      expect.objectContaining({
        field: 'imageAlt',
        targetId: gid('MediaImage', 12),
        value: null,
        editable: true,
      }),
    ]);
    expect(fr!.fields).toEqual([
      expect.objectContaining({
        field: 'seoTitle',
        value: 'Chemise en lin | Maison',
        sourceValue: 'Linen shirt | Maison',
        outdated: true,
        editable: true,
      }),
      // No primary description: nothing to translate.
      expect.objectContaining({
        field: 'seoDescription',
        value: null,
        sourceValue: null,
        editable: false,
      }),
      expect.objectContaining({
        field: 'imageAlt',
        targetId: gid('MediaImage', 11),
        value: 'Chemise en lin, devant',
        sourceValue: 'Linen shirt, front',
        editable: true,
      }),
      expect.objectContaining({
        field: 'imageAlt',
        targetId: gid('MediaImage', 12),
        value: null,
        sourceValue: null,
        editable: false,
      }),
    ]);

    // A collection's image alt text is not translated at Shopify: offered in English only.
    const collection = await pageDetail(shopId, gid('Collection', 5));
    expect(collection.languages[0]!.fields.map((field) => field.field)).toEqual([
      'seoTitle',
      'seoDescription',
      'imageAlt',
    ]);
    expect(collection.languages[0]!.fields[2]).toMatchObject({
      targetId: `${gid('Collection', 5)}#image`,
      value: 'Beach',
    });
    expect(collection.languages[1]!.fields.map((field) => field.field)).toEqual([
      'seoTitle',
      'seoDescription',
    ]);
    // A page has no image to describe.
    const page = await pageDetail(shopId, gid('Page', 6));
    expect(page.languages[0]!.fields.map((field) => field.field)).toEqual([
      'seoTitle',
      'seoDescription',
    ]);
  });
});

describe('drafts', () => {
  it('saves a draft from the value it was edited from, reads it back, and replaces it when saved again', async () => {
    const first = await savedDraft(shopId, shirt, {
      language: 'en',
      field: 'seoDescription',
      targetId: shirt,
      value: 'A shirt of washed linen.',
    });
    expect(first).toMatchObject({
      state: 'draft',
      batchId: null,
      pageId: shirt,
      pageKind: 'product',
      pageTitle: 'Linen shirt',
      language: 'en',
      field: 'seoDescription',
      value: 'A shirt of washed linen.',
      baseValue: null,
      previousValue: null,
      approvedBy: null,
      undoable: false,
    });
    const again = await savedDraft(shopId, shirt, {
      language: 'en',
      field: 'seoDescription',
      targetId: shirt,
      value: 'A shirt of washed linen, cut loose.',
    });
    expect(again.id).toBe(first.id);

    const list = await changes(shopId, `?page=${pagePathOf(shirt)}&state=draft`);
    expect(list.changes.map((change) => [change.id, change.value])).toEqual([
      [first.id, 'A shirt of washed linen, cut loose.'],
    ]);
    expect(list.counts.draft).toBe(1);
    const detail = await pageDetail(shopId, shirt);
    const description = detail.languages[0]!.fields.find(
      (field) => field.field === 'seoDescription',
    );
    expect(description?.draft).toMatchObject({ id: first.id, value: again.value });
    expect(description?.pending).toBeNull();
  });

  it("keeps the translation's own value as the base of a French draft, not the English shown in its place", async () => {
    const mug = gid('Product', 3);
    const french = await savedDraft(shopId, mug, {
      language: 'fr',
      field: 'seoTitle',
      targetId: mug,
      value: 'Tasse en grès | Maison',
    });
    expect(french.baseValue).toBeNull();
    const alt = await savedDraft(shopId, shirt, {
      language: 'fr',
      field: 'imageAlt',
      targetId: gid('MediaImage', 11),
      value: 'Chemise en lin, vue de face',
    });
    expect(alt.baseValue).toBe('Chemise en lin, devant');
    // A draft equal to the current value is the owner's to keep.
    const same = await savedDraft(shopId, shirt, {
      language: 'en',
      field: 'seoTitle',
      targetId: shirt,
      value: 'Linen shirt | Maison',
    });
    expect(same).toMatchObject({
      value: 'Linen shirt | Maison',
      baseValue: 'Linen shirt | Maison',
    });
  });

  it('takes the value the owner saw as the base, and keeps the first base when saved again', async () => {
    const mug = gid('Product', 3);
    const seen = 'Mug | Maison, as the owner saw it';
    const first = await savedDraft(shopId, mug, {
      language: 'en',
      field: 'seoDescription',
      targetId: mug,
      value: 'A stoneware mug.',
      baseValue: seen,
    });
    expect(first.baseValue).toBe(seen);
    const again = await savedDraft(shopId, mug, {
      language: 'en',
      field: 'seoDescription',
      targetId: mug,
      value: 'A stoneware mug, glazed by hand.',
      baseValue: 'something newer',
    });
    expect(again).toMatchObject({ id: first.id, baseValue: seen });
    // The owner saw no title (the copy has one since): the base is none, not the copy's title.
    const none = await savedDraft(shopId, mug, {
      language: 'en',
      field: 'seoTitle',
      targetId: mug,
      value: 'Stoneware mug, glazed by hand | Maison',
      baseValue: null,
    });
    expect(none.baseValue).toBeNull();
  });

  it('refuses what the page cannot take, naming the field, and stores nothing', async () => {
    const before = await changeRows(shopId);
    const refusals: Array<{
      page: string;
      body: SaveDraftBody;
      status: number;
      code: string;
      field?: string;
    }> = [
      {
        page: shirt,
        body: {
          language: 'en',
          field: 'seoTitle',
          targetId: shirt,
          value: 'x'.repeat(editableFieldMaxLength.seoTitle + 1),
        },
        status: 400,
        code: 'invalid_value',
        field: 'value',
      },
      {
        page: gid('Page', 6),
        body: { language: 'en', field: 'imageAlt', targetId: gid('Page', 6), value: 'A view' },
        status: 400,
        code: 'invalid_field',
        field: 'field',
      },
      {
        page: shirt,
        body: { language: 'en', field: 'imageAlt', targetId: gid('MediaImage', 99), value: 'A' },
        status: 400,
        code: 'invalid_targetId',
        field: 'targetId',
      },
      {
        page: shirt,
        body: { language: 'en', field: 'seoTitle', targetId: gid('Product', 3), value: 'Mug' },
        status: 400,
        code: 'invalid_targetId',
        field: 'targetId',
      },
      {
        page: gid('Collection', 5),
        body: {
          language: 'fr',
          field: 'imageAlt',
          targetId: `${gid('Collection', 5)}#image`,
          value: 'Plage',
        },
        status: 400,
        code: 'invalid_field',
        field: 'field',
      },
      {
        page: shirt,
        body: { language: 'fr', field: 'seoDescription', targetId: shirt, value: 'Une chemise' },
        status: 422,
        code: 'translation_source_missing',
      },
      {
        page: shirt,
        body: {
          language: 'fr',
          field: 'imageAlt',
          targetId: gid('MediaImage', 12),
          value: 'Chemise en lin, dos',
        },
        status: 422,
        code: 'translation_source_missing',
      },
      {
        page: gid('Product', 999),
        body: { language: 'en', field: 'seoTitle', targetId: gid('Product', 999), value: 'A' },
        status: 404,
        code: 'not_found',
      },
    ];
    for (const refusal of refusals) {
      const response = await putDraft(owner, shopId, refusal.page, refusal.body);
      expect(response.statusCode, JSON.stringify(refusal.body)).toBe(refusal.status);
      const error = errorOf(response);
      expect(error.code).toBe(refusal.code);
      expect(error.field).toBe(refusal.field);
    }
    // The value's own limit is the contract's, before the field's.
    const tooLong = await putDraft(owner, shopId, shirt, {
      language: 'en',
      field: 'imageAlt',
      targetId: gid('MediaImage', 12),
      value: 'x'.repeat(1001),
    });
    expect(errorOf(tooLong)).toMatchObject({ code: 'invalid_value', field: 'value' });
    expect(await changeRows(shopId)).toBe(before);
  });

  it('refuses markup in a title, a description or an alt text, and takes a lone "<"', async () => {
    const before = await changeRows(shopId);
    const marked: SaveDraftBody[] = [
      { language: 'en', field: 'seoTitle', targetId: shirt, value: '<script>alert(1)</script>' },
      { language: 'en', field: 'seoDescription', targetId: shirt, value: 'A <b>linen</b> shirt' },
      {
        language: 'fr',
        field: 'imageAlt',
        targetId: gid('MediaImage', 11),
        value: 'Chemise <img src=x onerror=alert(1)>',
      },
    ];
    for (const body of marked) {
      const response = await putDraft(owner, shopId, shirt, body);
      expect(response.statusCode, body.value).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'markup_not_allowed', field: 'value' });
    }
    expect(await changeRows(shopId)).toBe(before);
    const lessThan = await savedDraft(shopId, shirt, {
      language: 'en',
      field: 'seoTitle',
      targetId: shirt,
      value: 'Linen shirts < 50 € | Maison',
    });
    expect(lessThan.value).toBe('Linen shirts < 50 € | Maison');
    const removed = await api.app.inject({
      method: 'DELETE',
      url: `/api/v1/shops/${shopId}/seo/changes/${lessThan.id}`,
      headers: bearer(owner.idToken),
    });
    expect(removed.statusCode).toBe(204);
  });

  it('refuses a language the store does not publish', async () => {
    const englishOnly = await connectedStore(
      api,
      owner,
      undefined,
      'active',
      new Date('2026-11-19'),
    );
    await seedStoreCopy(api, englishOnly, {
      locales: [{ locale: 'en', primary: true, published: true }],
      products: [{ id: 1, title: 'Linen shirt' }],
    });
    const response = await putDraft(owner, englishOnly, shirt, {
      language: 'fr',
      field: 'seoTitle',
      targetId: shirt,
      value: 'Chemise',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'invalid_language', field: 'language' });
    await storeCatalog({ db: api.database.db, jobs: idleJobs }).deleteStoreCopy(englishOnly);
    await api.database.pool.query('delete from shops where id = $1', [englishOnly]);
  });

  it('deletes a draft only', async () => {
    const draft = await savedDraft(shopId, gid('Article', 8), {
      language: 'en',
      field: 'seoTitle',
      targetId: gid('Article', 8),
      value: 'Our story, from the workshop',
    });
    const remove = (id: string) =>
      api.app.inject({
        method: 'DELETE',
        url: `/api/v1/shops/${shopId}/seo/changes/${id}`,
        headers: bearer(owner.idToken),
      });
    expect((await remove(draft.id)).statusCode).toBe(204);
    expect((await changes(shopId)).changes.map((change) => change.id)).not.toContain(draft.id);
    const again = await remove(draft.id);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('change_not_found');
  });
});

describe('approval', () => {
  it('approves drafts together as one batch named by its approver, all or nothing', async () => {
    const title = await savedDraft(shopId, gid('Page', 6), {
      language: 'en',
      field: 'seoTitle',
      targetId: gid('Page', 6),
      value: 'About Maison Exemple',
    });
    const description = await savedDraft(shopId, gid('Page', 6), {
      language: 'en',
      field: 'seoDescription',
      targetId: gid('Page', 6),
      value: 'Who we are and how we work.',
    });
    const approve = (ids: string[]) =>
      post(owner, `/api/v1/shops/${shopId}/seo/changes/approve`, { changeIds: ids });

    const response = await approve([title.id, description.id]);
    expect(response.statusCode, response.body).toBe(202);
    const batch = batchResponseSchema.parse(response.json()).data;
    const account = accountResponseSchema.parse(
      (
        await api.app.inject({
          method: 'GET',
          url: '/api/v1/account/me',
          headers: bearer(owner.idToken),
        })
      ).json(),
    ).data.user;
    expect(batch.changes.map((change) => [change.id, change.state, change.batchId])).toEqual([
      [title.id, 'approved', batch.batchId],
      [description.id, 'approved', batch.batchId],
    ]);
    expect(batch.changes[0]!.approvedBy).toBe(account.displayName);
    expect(batch.changes[0]!.approvedAt).not.toBeNull();
    expect(heldWrites).toContainEqual({ shopId, batchId: batch.batchId });
    const detail = await pageDetail(shopId, gid('Page', 6));
    expect(detail.languages[0]!.fields[0]).toMatchObject({
      draft: null,
      pending: { id: title.id, state: 'approved' },
    });

    // An approved change is no draft: with it, nothing is approved, not even the draft beside it.
    const another = await savedDraft(shopId, shirt, {
      language: 'fr',
      field: 'seoTitle',
      targetId: shirt,
      value: 'Chemise en lin lavé | Maison',
    });
    const refused = await approve([another.id, title.id]);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('change_state_conflict');
    expect((await changes(shopId, '?state=draft')).changes.map((change) => change.id)).toContain(
      another.id,
    );
    const unknown = await approve([another.id, randomUUID()]);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('change_not_found');

    // Deleting an approved change is refused: it is part of the store's history.
    const remove = await api.app.inject({
      method: 'DELETE',
      url: `/api/v1/shops/${shopId}/seo/changes/${title.id}`,
      headers: bearer(owner.idToken),
    });
    expect(remove.statusCode).toBe(409);
    expect(errorOf(remove).code).toBe('change_state_conflict');
  });

  it('leaves the drafts as they were when their write cannot be queued', async () => {
    const draft = await savedDraft(shopId, gid('Article', 8), {
      language: 'en',
      field: 'seoTitle',
      targetId: gid('Article', 8),
      value: 'Our story, from the first workshop',
    });
    refuseWrites = true;
    try {
      const response = await post(owner, `/api/v1/shops/${shopId}/seo/changes/approve`, {
        changeIds: [draft.id],
      });
      expect(response.statusCode).toBe(500);
    } finally {
      refuseWrites = false;
    }
    const [after] = (await changes(shopId, `?page=${pagePathOf(gid('Article', 8))}`)).changes;
    expect(after).toMatchObject({ id: draft.id, state: 'draft', batchId: null, approvedBy: null });
    // Approved again once the queue takes it.
    const again = await post(owner, `/api/v1/shops/${shopId}/seo/changes/approve`, {
      changeIds: [draft.id],
    });
    expect(again.statusCode).toBe(202);
  });

  it('answers undo and resolve only for a change in the state they need', async () => {
    const draft = await savedDraft(shopId, gid('Article', 8), {
      language: 'en',
      field: 'seoDescription',
      targetId: gid('Article', 8),
      value: 'How the shop began.',
    });
    const undo = await post(owner, `/api/v1/shops/${shopId}/seo/changes/${draft.id}/undo`);
    expect(undo.statusCode).toBe(409);
    expect(errorOf(undo).code).toBe('change_state_conflict');
    const resolve = await post(owner, `/api/v1/shops/${shopId}/seo/changes/${draft.id}/resolve`, {
      keep: 'mine',
    });
    expect(resolve.statusCode).toBe(409);
    expect(errorOf(resolve).code).toBe('change_state_conflict');
    const batchUndo = await post(owner, `/api/v1/shops/${shopId}/seo/batches/${randomUUID()}/undo`);
    expect(batchUndo.statusCode).toBe(404);
    expect(errorOf(batchUndo).code).toBe('change_not_found');
    const bad = await post(owner, `/api/v1/shops/${shopId}/seo/changes/not-an-id/undo`);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses to write to a store its plan pauses, keeping its drafts', async () => {
    const freeOwner = await registeredOwner(api);
    // Free keeps one store active, the first connected: the second is paused.
    await connectedStore(api, freeOwner, undefined, 'active', new Date('2026-11-01'));
    const paused = await connectedStore(
      api,
      freeOwner,
      undefined,
      'active',
      new Date('2026-11-02'),
    );
    await seedStoreCopy(api, paused, { products: [{ id: 1, title: 'Linen shirt' }] });
    const response = await putDraft(freeOwner, paused, shirt, {
      language: 'en',
      field: 'seoTitle',
      targetId: shirt,
      value: 'Linen shirt | Maison',
    });
    expect(response.statusCode, response.body).toBe(200);
    const draft = changeResponseSchema.parse(response.json()).data;
    const sentBefore = heldWrites.length;

    const refused = await post(freeOwner, `/api/v1/shops/${paused}/seo/changes/approve`, {
      changeIds: [draft.id],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: object }>().error).toMatchObject({
      code: 'plan_limit_reached',
      limit: 'stores',
      plan: 'business',
    });
    expect(heldWrites).toHaveLength(sentBefore);
    const { rows } = await api.database.pool.query<{ state: string }>(
      'select state from seo_changes where id = $1',
      [draft.id],
    );
    expect(rows).toEqual([{ state: 'draft' }]);
  });
});

describe('the owner only', () => {
  it("answers 404 for another owner's store on every route", async () => {
    const draft = await savedDraft(shopId, gid('Collection', 5), {
      language: 'en',
      field: 'seoDescription',
      targetId: gid('Collection', 5),
      value: 'Our summer pieces, reduced.',
    });
    const stranger = await registeredOwner(api);
    const base = `/api/v1/shops/${shopId}/seo`;
    for (const request of [
      {
        method: 'PUT' as const,
        url: `${base}/pages/${pagePathOf(shirt)}/draft`,
        payload: { language: 'en', field: 'seoTitle', targetId: shirt, value: 'Mine now' },
      },
      { method: 'GET' as const, url: `${base}/changes` },
      { method: 'DELETE' as const, url: `${base}/changes/${draft.id}` },
      {
        method: 'POST' as const,
        url: `${base}/changes/approve`,
        payload: { changeIds: [draft.id] },
      },
      { method: 'POST' as const, url: `${base}/changes/${draft.id}/undo` },
      {
        method: 'POST' as const,
        url: `${base}/changes/${draft.id}/resolve`,
        payload: { keep: 'mine' },
      },
      { method: 'POST' as const, url: `${base}/batches/${randomUUID()}/undo` },
    ]) {
      const response = await api.app.inject({ ...request, headers: bearer(stranger.idToken) });
      expect(response.statusCode, request.url).toBe(404);
      expect(errorOf(response).code).toBe('shop_not_found');
      const anonymous = await api.app.inject(request);
      expect(anonymous.statusCode).toBe(401);
    }
    // The stranger's own store does not reach this store's changes either.
    const theirs = await auditedStore(stranger);
    const remove = await api.app.inject({
      method: 'DELETE',
      url: `/api/v1/shops/${theirs}/seo/changes/${draft.id}`,
      headers: bearer(stranger.idToken),
    });
    expect(remove.statusCode).toBe(404);
    expect(errorOf(remove).code).toBe('change_not_found');
    expect((await changes(shopId, '?state=draft')).changes.map((change) => change.id)).toContain(
      draft.id,
    );
  });
});

describe('the list', () => {
  it('lists newest first, filtered by state, paged, with the counts of the whole store', async () => {
    const all = await changes(shopId);
    expect(all.total).toBe(all.changes.length);
    const times = all.changes.map((change) => change.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const approved = await changes(shopId, '?state=approved&limit=1');
    expect(approved.total).toBe(3);
    expect(approved.changes).toHaveLength(1);
    expect(approved.counts).toEqual(all.counts);
    expect(approved.counts.approved).toBe(3);
    const second = await changes(shopId, '?state=approved&limit=1&offset=1');
    expect(second.changes[0]!.id).not.toBe(approved.changes[0]!.id);
    const response = await api.app.inject({
      method: 'GET',
      url: `/api/v1/shops/${shopId}/seo/changes?state=draft,written`,
      headers: bearer(owner.idToken),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'invalid_state', field: 'state' });
  });
});

describe('deletion', () => {
  it("goes with the store's copy when the store is disconnected", async () => {
    const other = await registeredOwner(api, 'pro');
    const store = await auditedStore(other);
    const response = await putDraft(other, store, shirt, {
      language: 'en',
      field: 'seoTitle',
      targetId: shirt,
      value: 'Linen shirt, washed',
    });
    expect(response.statusCode).toBe(200);
    expect(await changeRows(store)).toBe(1);
    await storeCatalog({ db: api.database.db, jobs: idleJobs }).deleteStoreCopy(store);
    expect(await changeRows(store)).toBe(0);
  });

  it('goes with the account that made or approved them', async () => {
    const leaving = await registeredOwner(api, 'pro');
    const store = await auditedStore(leaving);
    const draft = changeResponseSchema.parse(
      (
        await putDraft(leaving, store, shirt, {
          language: 'en',
          field: 'seoTitle',
          targetId: shirt,
          value: 'Linen shirt, washed',
        })
      ).json(),
    ).data;
    const approved = await post(leaving, `/api/v1/shops/${store}/seo/changes/approve`, {
      changeIds: [draft.id],
    });
    expect(approved.statusCode).toBe(202);
    await putDraft(leaving, store, gid('Product', 3), {
      language: 'en',
      field: 'seoTitle',
      targetId: gid('Product', 3),
      value: 'Stoneware mug, glazed',
    });
    expect(await changeRows(store)).toBe(2);
    const deleted = await api.app.inject({
      method: 'DELETE',
      url: '/api/v1/account/delete',
      headers: bearer(leaving.idToken),
    });
    // This test's Shopify cannot be reached: the store waits for the deletion job to remove the
    // app (account-deletion-stores.test.ts), but the changes are gone at once.
    expect(deleted.statusCode).toBe(202);
    expect(await changeRows(store)).toBe(0);
    // Another owner's changes stay.
    expect(await changeRows(shopId)).toBeGreaterThan(0);
  });
});

describe('the API document', () => {
  it('describes every route of the SEO changes with its responses', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>().paths;
    const base = '/api/v1/shops/{shopId}/seo';
    expect(Object.keys(paths[`${base}/pages/{resourceType}/{resourceId}/draft`] ?? {})).toEqual([
      'put',
    ]);
    expect(Object.keys(paths[`${base}/changes`] ?? {})).toEqual(['get']);
    expect(Object.keys(paths[`${base}/changes/{changeId}`] ?? {})).toEqual(['delete']);
    expect(Object.keys(paths[`${base}/changes/approve`] ?? {})).toEqual(['post']);
    expect(Object.keys(paths[`${base}/changes/{changeId}/resolve`] ?? {})).toEqual(['post']);
    expect(Object.keys(paths[`${base}/changes/{changeId}/undo`] ?? {})).toEqual(['post']);
    expect(Object.keys(paths[`${base}/batches/{batchId}/undo`] ?? {})).toEqual(['post']);
    expect(
      Object.keys(paths[`${base}/pages/{resourceType}/{resourceId}/draft`]!.put!.responses).sort(),
    ).toEqual(['200', '400', '401', '404', '413', '415', '422', '500', '503']);
  });
});
