import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createApiClient, type ApiRequest, type FetchLike } from '#client/lib/api-client.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { callApi } from '#client/lib/call-api.ts';
import { seoChangeContracts as contracts } from '#shared/contracts/seo-changes.ts';
import { pageParamsOf } from '#shared/schemas/seo.ts';
import {
  approveBodySchema,
  resolveBodySchema,
  saveDraftBodySchema,
  type ChangeListQuery,
  type ChangeView,
  type ResolveBody,
  type SaveDraftBody,
} from '#shared/schemas/seo-changes.ts';

/** Each SEO fix as the screens call it, through the contract (shared/contracts/seo-changes.ts). */
const saveDraft = async (
  shopId: string,
  pageId: string,
  body: SaveDraftBody,
  request: ApiRequest,
) =>
  (
    await callApi(
      contracts.saveDraft,
      { params: { shopId, ...pageParamsOf(pageId) }, body },
      request,
    )
  ).data;
const discardDraft = (shopId: string, changeId: string, request: ApiRequest) =>
  callApi(contracts.discardDraft, { params: { shopId, changeId } }, request);
const fetchChanges = async (shopId: string, query: ChangeListQuery, request: ApiRequest) =>
  (await callApi(contracts.listChanges, { params: { shopId }, query }, request)).data;
const approveChanges = async (shopId: string, changeIds: string[], request: ApiRequest) =>
  (await callApi(contracts.approve, { params: { shopId }, body: { changeIds } }, request)).data;
const resolveConflict = async (
  shopId: string,
  changeId: string,
  keep: ResolveBody['keep'],
  request: ApiRequest,
) =>
  (await callApi(contracts.resolve, { params: { shopId, changeId }, body: { keep } }, request))
    .data;
const undoChange = async (shopId: string, changeId: string, request: ApiRequest) =>
  (await callApi(contracts.undoChange, { params: { shopId, changeId } }, request)).data;
const undoBatch = async (shopId: string, batchId: string, request: ApiRequest) =>
  (await callApi(contracts.undoBatch, { params: { shopId, batchId } }, request)).data;

/**
 * The SEO fixes' calls as the server receives them: the method, the path under the store, the body
 * the contract's schemas accept, and the answer read with the contract's schemas (an answer that
 * breaks it is an error, not a guess). The real API client runs over a fetch that records the
 * requests and answers as the server would.
 */

const shopId = 'shop-1';
const pageId = 'gid://shopify/Product/42';

const change: ChangeView = {
  id: 'change-1',
  batchId: null,
  pageId,
  pageKind: 'product',
  pageTitle: 'Linen shirt',
  language: 'fr',
  field: 'seoTitle',
  targetId: pageId,
  value: 'Chemise en lin',
  baseValue: null,
  previousValue: null,
  shopifyValue: null,
  state: 'draft',
  errorCode: null,
  undoOf: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  approvedAt: null,
  approvedBy: null,
  appliedAt: null,
  undoable: false,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A client whose fetch answers `answer` and records what it was asked. */
function recording(answer: () => Response) {
  const fetch = vi.fn<FetchLike>(async () => answer());
  const request = createApiClient({ fetch, isAuthInitialized: () => true });
  const sent = () => {
    const [url, init] = fetch.mock.calls.at(-1) ?? [];
    return {
      url,
      method: init?.method,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
  };
  return { request, sent };
}

const batch = { data: { batchId: 'batch-1', changes: [{ ...change, state: 'approved' }] } };

describe('the SEO fixes’ calls', () => {
  it('save a draft with PUT on the page’s path, with a body the contract accepts', async () => {
    const { request, sent } = recording(() => json(200, { data: change }));
    const body = { language: 'fr', field: 'seoTitle', targetId: pageId, value: 'Chemise' } as const;
    expect(await saveDraft(shopId, pageId, body, request)).toEqual(change);
    expect(sent()).toEqual({
      url: '/api/v1/shops/shop-1/seo/pages/Product/42/draft',
      method: 'PUT',
      body,
    });
    expect(z.safeParse(saveDraftBodySchema, sent().body).success).toBe(true);
  });

  it('discard a draft by its id', async () => {
    const { request, sent } = recording(() => new Response(null, { status: 204 }));
    await discardDraft(shopId, 'change-1', request);
    expect(sent()).toEqual({
      url: '/api/v1/shops/shop-1/seo/changes/change-1',
      method: 'DELETE',
      body: undefined,
    });
  });

  it('list one page’s changes with the page as the contract names it', async () => {
    const list = {
      data: {
        total: 1,
        offset: 0,
        counts: {
          draft: 1,
          approved: 0,
          applied: 0,
          conflict: 0,
          failed: 0,
          discarded: 0,
          undone: 0,
        },
        changes: [change],
      },
    };
    const { request, sent } = recording(() => json(200, list));
    expect(await fetchChanges(shopId, { page: 'Product/42', limit: 100 }, request)).toEqual(
      list.data,
    );
    expect(sent().url).toBe('/api/v1/shops/shop-1/seo/changes?page=Product%2F42&limit=100');
    expect(sent().method).toBe('GET');
  });

  it('approve drafts together in one body', async () => {
    const { request, sent } = recording(() => json(202, batch));
    expect(await approveChanges(shopId, ['change-1', 'change-2'], request)).toEqual(batch.data);
    expect(sent()).toEqual({
      url: '/api/v1/shops/shop-1/seo/changes/approve',
      method: 'POST',
      body: { changeIds: ['change-1', 'change-2'] },
    });
    expect(z.safeParse(approveBodySchema, sent().body).success).toBe(true);
  });

  it.each(['shopify', 'mine'] as const)('answer a conflict keeping %s', async (keep) => {
    const { request, sent } = recording(() =>
      json(202, { data: { ...change, state: 'approved' } }),
    );
    await resolveConflict(shopId, 'change-1', keep, request);
    expect(sent()).toEqual({
      url: '/api/v1/shops/shop-1/seo/changes/change-1/resolve',
      method: 'POST',
      body: { keep },
    });
    expect(z.safeParse(resolveBodySchema, sent().body).success).toBe(true);
  });

  it('undo one change, or a whole batch', async () => {
    const { request, sent } = recording(() => json(202, batch));
    expect(await undoChange(shopId, 'change-1', request)).toEqual(batch.data);
    expect(sent()).toMatchObject({
      url: '/api/v1/shops/shop-1/seo/changes/change-1/undo',
      method: 'POST',
    });
    await undoBatch(shopId, 'batch-1', request);
    expect(sent()).toMatchObject({
      url: '/api/v1/shops/shop-1/seo/batches/batch-1/undo',
      method: 'POST',
    });
  });

  it('refuse an answer that breaks the contract', async () => {
    const { request } = recording(() => json(200, { data: { ...change, state: 'written' } }));
    const error = await saveDraft(
      shopId,
      pageId,
      { language: 'en', field: 'seoTitle', targetId: pageId, value: 'x' },
      request,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('internal_error');
  });

  it('carry the server’s error code, for the screens to word', async () => {
    const { request } = recording(() =>
      json(409, { error: { code: 'change_state_conflict', message: 'moved on' } }),
    );
    const error = await approveChanges(shopId, ['change-1'], request).catch(
      (caught: unknown) => caught,
    );
    expect((error as ApiError).code).toBe('change_state_conflict');
  });
});
