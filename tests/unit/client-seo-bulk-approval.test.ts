import { beforeAll, describe, expect, it, vi } from 'vitest';
import { approveInChunks, PartialApprovalError } from '#client/features/seo/api/seo-bulk-api.ts';
import { approvalChunks, approvalProgressText } from '#client/features/seo/bulk-edit.ts';
import { createApiClient, type ApiRequest, type FetchLike } from '#client/lib/api-client.ts';
import { callApi } from '#client/lib/call-api.ts';
import { seoBulkContracts } from '#shared/contracts/seo-bulk.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { initI18n, loadNamespaces } from '#client/lib/i18n.ts';
import { bulkDraftsBodySchema, type BulkDraftsBody } from '#shared/schemas/seo-bulk.ts';
import { approveBodySchema, maxChangesPerApproval } from '#shared/schemas/seo-changes.ts';

/**
 * "Approve N changes" on a bulk edit: the drafts' ids are approved through the SEO changes' own
 * route, `maxChangesPerApproval` at a time, one request after the other, each a body the contract
 * accepts; the progress follows each answer and is said in both languages; a request that fails
 * stops the approval and says how many were approved and which drafts are left. The real API
 * client runs over a fetch that answers as the server would.
 */

const ids = (count: number) => Array.from({ length: count }, (_, index) => `change-${index + 1}`);

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A bulk edit's drafts, as the screen makes them through the contract. */
const createBulkDrafts = async (shopId: string, body: BulkDraftsBody, request: ApiRequest) =>
  (await callApi(seoBulkContracts.createDrafts, { params: { shopId }, body }, request)).data;

/** A server that approves each request as a batch, or refuses the `failing`th one. */
function approvingServer(failing?: number) {
  const bodies: unknown[] = [];
  const urls: string[] = [];
  const fetch = vi.fn<FetchLike>(async (url, init) => {
    urls.push(url);
    bodies.push(JSON.parse(String(init.body)));
    if (bodies.length === failing) {
      return json(409, { error: { code: 'change_state_conflict', message: 'not a draft' } });
    }
    return json(202, { data: { batchId: `batch-${bodies.length}`, changes: [] } });
  });
  return { bodies, urls, request: createApiClient({ fetch, isAuthInitialized: () => true }) };
}

describe('the approvals’ chunks', () => {
  it('hold the contract’s most each, in order, with nothing lost or repeated', () => {
    const all = ids(2345);
    const chunks = approvalChunks(all);
    expect(chunks.map((chunk) => chunk.length)).toEqual([1000, 1000, 345]);
    expect(maxChangesPerApproval).toBe(1000);
    expect(chunks.flat()).toEqual(all);
    expect(approvalChunks(ids(1000))).toHaveLength(1);
    expect(approvalChunks([])).toEqual([]);
  });
});

describe('a bulk approval', () => {
  it('sends each chunk to the approval route as a body the contract accepts, and follows its progress', async () => {
    const server = approvingServer();
    const progress: number[] = [];
    const all = ids(2345);
    const batches = await approveInChunks(
      'shop-1',
      all,
      (done) => progress.push(done),
      server.request,
    );
    expect(batches).toEqual(['batch-1', 'batch-2', 'batch-3']);
    expect(server.urls).toEqual(Array(3).fill('/api/v1/shops/shop-1/seo/changes/approve'));
    for (const body of server.bodies) expect(approveBodySchema.safeParse(body).success).toBe(true);
    expect(server.bodies.flatMap((body) => (body as { changeIds: string[] }).changeIds)).toEqual(
      all,
    );
    expect(progress).toEqual([1000, 2000, 2345]);
  });

  it('stops at a refused chunk and says how many were approved and which drafts are left', async () => {
    const server = approvingServer(2);
    const progress: number[] = [];
    const all = ids(2500);
    const failure = await approveInChunks(
      'shop-1',
      all,
      (done) => progress.push(done),
      server.request,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PartialApprovalError);
    const partial = failure as PartialApprovalError;
    expect(partial.approved).toBe(1000);
    expect(partial.remaining).toEqual(all.slice(1000));
    expect((partial.cause as ApiError).code).toBe('change_state_conflict');
    // Nothing was sent after the refusal.
    expect(server.bodies).toHaveLength(2);
    expect(progress).toEqual([1000]);

    // Sending the drafts left approves the rest.
    const again = approvingServer();
    await approveInChunks('shop-1', partial.remaining, () => {}, again.request);
    expect(again.bodies.flatMap((body) => (body as { changeIds: string[] }).changeIds)).toEqual(
      all.slice(1000),
    );
  });

  it('starts from drafts made on the ticked pages, through the bulk drafts route', async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      json(201, { data: { changeIds: ['change-1', 'change-2'], skipped: 3 } }),
    );
    const request = createApiClient({ fetch, isAuthInitialized: () => true });
    const body = {
      selection: { kind: 'product' as const, language: 'fr' as const },
      field: 'seoDescription' as const,
      templates: { fr: '{title} chez {shop}' },
      pageIds: ['gid://shopify/Product/1'],
    };
    expect(await createBulkDrafts('shop-1', body, request)).toEqual({
      changeIds: ['change-1', 'change-2'],
      skipped: 3,
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/shops/shop-1/seo/bulk/drafts');
    expect(init.method).toBe('POST');
    expect(bulkDraftsBodySchema.safeParse(JSON.parse(String(init.body))).success).toBe(true);
  });
});

describe('the approval’s progress in words', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
    await loadNamespaces(['seo']);
    await i18n.changeLanguage('fr');
    await loadNamespaces(['seo']);
  });

  it('says how many of how many are approved, in English and in French', () => {
    const en = new Intl.NumberFormat('en');
    const fr = new Intl.NumberFormat('fr');
    expect(
      approvalProgressText(
        i18n.getFixedT('en', 'seo'),
        { done: 1000, total: 2345 },
        { number: (value) => en.format(value) },
      ),
    ).toBe('Approving 1,000 of 2,345 changes…');
    expect(
      approvalProgressText(
        i18n.getFixedT('fr', 'seo'),
        { done: 1000, total: 2345 },
        { number: (value) => fr.format(value) },
      ).replaceAll('\u202f', ' '),
    ).toBe('Approbation\u00a0: 1 000 sur 2 345 modifications…');
  });
});
