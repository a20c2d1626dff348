import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';

/** Bulk query operations on the local Shopify, run and downloaded as the catalog import does. */

let shopify: TestShopify;
let token: string;

beforeAll(async () => {
  shopify = await startTestShopify();
  token = (await shopify.installApp()).access_token;
});
afterAll(async () => {
  await shopify?.stop();
});

const runQuery = `mutation Run($query: String!) {
  bulkOperationRunQuery(query: $query) {
    bulkOperation { id status }
    userErrors { field message code }
  }
}`;

interface Operation {
  id: string;
  status: string;
  objectCount: string;
  rootObjectCount: string;
  url: string | null;
  fileSize: string | null;
}

async function run(query: string) {
  return shopify.graphql<{
    bulkOperationRunQuery: {
      bulkOperation: { id: string; status: string } | null;
      userErrors: Array<{ field: string[] | null; message: string; code: string }>;
    };
  }>(token, runQuery, { query });
}

async function untilFinished(id: string) {
  const counts: number[] = [];
  for (let poll = 0; poll < 500; poll++) {
    const answer = await shopify.graphql<{ bulkOperation: Operation }>(
      token,
      `query($id: ID!) { bulkOperation(id: $id) { id status objectCount rootObjectCount url fileSize } }`,
      { id },
    );
    const operation = answer.body.data!.bulkOperation;
    counts.push(Number(operation.objectCount));
    if (!['CREATED', 'RUNNING'].includes(operation.status)) return { operation, counts };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('The bulk operation never finished');
}

interface ProductImagesPage {
  nodes: Array<{ media: { nodes: Array<{ id: string }> } }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** The ids of every product's images, products in order, as the Admin API pages through them. */
async function productImages(): Promise<string[]> {
  const images: string[] = [];
  let after: string | null = null;
  let hasNextPage = true;
  while (hasNextPage) {
    const answer = await shopify.graphql<{ products: ProductImagesPage }>(
      token,
      `query($after: String) { products(first: 50, after: $after) {
        nodes { media(first: 10) { nodes { id } } } pageInfo { hasNextPage endCursor } } }`,
      { after },
    );
    const page: ProductImagesPage = answer.body.data!.products;
    for (const product of page.nodes) images.push(...product.media.nodes.map((media) => media.id));
    hasNextPage = page.pageInfo.hasNextPage;
    after = page.pageInfo.endCursor;
  }
  return images;
}

describe('bulk operations', () => {
  it('runs products with their media to COMPLETED, as JSONL with __parentId after each parent', async () => {
    const started = await run(`{
      products {
        edges { node { id title handle media { edges { node { id alt mediaContentType } } } } }
      }
    }`);
    const { bulkOperation, userErrors } = started.body.data!.bulkOperationRunQuery;
    expect(userErrors).toEqual([]);
    expect(bulkOperation!.status).toBe('CREATED');

    const { operation, counts } = await untilFinished(bulkOperation!.id);
    expect(operation.status).toBe('COMPLETED');
    // objectCount only grows while it runs.
    expect(counts).toEqual([...counts].sort((a, b) => a - b));

    // The result needs no token.
    const download = await fetch(operation.url!);
    expect(download.status).toBe(200);
    const text = await download.text();
    expect(String(Buffer.byteLength(text))).toBe(operation.fileSize);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(String(lines.length)).toBe(operation.objectCount);
    const products = lines.filter((line) => String(line.id).startsWith('gid://shopify/Product/'));
    const media = lines.filter((line) => String(line.id).startsWith('gid://shopify/MediaImage/'));
    expect(products).toHaveLength(300);
    expect(operation.rootObjectCount).toBe('300');
    expect(
      products.every((line) => line.__parentId === undefined && line.media === undefined),
    ).toBe(true);
    expect(media.length).toBe(lines.length - 300);

    const summary = await shopify.control<{ media: number }>('GET', 'summary');
    expect(media.length).toBe(summary.body.media);
    const seenParents = new Set<unknown>();
    for (const line of lines) {
      if (line.__parentId === undefined) seenParents.add(line.id);
      else {
        // Each child names its parent, which came before it.
        expect(seenParents.has(line.__parentId)).toBe(true);
        expect(line).toMatchObject({ mediaContentType: 'IMAGE' });
      }
    }
  });

  it('lists its operations by status, and finds none when a filter matches nothing', async () => {
    const listed = await shopify.graphql<{ bulkOperations: { nodes: Array<{ status: string }> } }>(
      token,
      '{ bulkOperations(first: 5, query: "status:completed") { nodes { status } } }',
    );
    expect(listed.body.data!.bulkOperations.nodes.length).toBeGreaterThan(0);
    expect(
      listed.body.data!.bulkOperations.nodes.every((node) => node.status === 'COMPLETED'),
    ).toBe(true);

    const started = await run(
      `{ products(query: "title:'no such product at all'") { edges { node { id } } } }`,
    );
    const { operation } = await untilFinished(
      started.body.data!.bulkOperationRunQuery.bulkOperation!.id,
    );
    expect(operation).toMatchObject({ status: 'COMPLETED', objectCount: '0', url: null });
  });

  it('exports translatable resources with their French translations', async () => {
    const started = await run(`{
      translatableResources(resourceType: PAGE) {
        edges { node { resourceId translatableContent { key digest } translations(locale: "fr") { key value outdated } } }
      }
    }`);
    const { operation } = await untilFinished(
      started.body.data!.bulkOperationRunQuery.bulkOperation!.id,
    );
    const lines = (await (await fetch(operation.url!)).text())
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(8);
    expect(lines[0]).toMatchObject({ resourceId: 'gid://shopify/Page/110000000001' });
    expect(lines.some((line: { translations: unknown[] }) => line.translations.length > 0)).toBe(
      true,
    );
  });

  it("exports every product image once, in order, across the operation's pages", async () => {
    const images = await productImages();
    // More images than one page of the operation holds: the later pages start from a cursor.
    expect(images.length).toBeGreaterThan(100);

    const started = await run(`{
      translatableResources(resourceType: MEDIA_IMAGE) { edges { node { resourceId } } }
    }`);
    const { operation } = await untilFinished(
      started.body.data!.bulkOperationRunQuery.bulkOperation!.id,
    );
    const exported = (await (await fetch(operation.url!)).text())
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { resourceId: string }).resourceId);
    expect(exported).toEqual(images);
  });

  it('refuses queries Shopify refuses, with userErrors', async () => {
    const noConnection = await run('{ shop { name } }');
    expect(noConnection.body.data!.bulkOperationRunQuery).toMatchObject({
      bulkOperation: null,
      userErrors: [expect.objectContaining({ code: 'INVALID', field: ['query'] })],
    });
    const tooDeep = await run(
      '{ collections { edges { node { id products { edges { node { id media { edges { node { id } } } } } } } } } }',
    );
    expect(tooDeep.body.data!.bulkOperationRunQuery.userErrors[0]!.message).toContain(
      'nesting depth',
    );
    const invalidField = await run('{ products { edges { node { id notAField } } } }');
    expect(invalidField.body.data!.bulkOperationRunQuery.userErrors[0]!.code).toBe('INVALID');
  });

  it('holds a store’s result downloads part-way when asked, silent but open, until the hold is lifted', async () => {
    const started = await run('{ products { edges { node { id title handle } } } }');
    const { operation } = await untilFinished(
      started.body.data!.bulkOperationRunQuery.bulkOperation!.id,
    );
    const whole = await (await fetch(operation.url!)).text();

    const held = await shopify.control('PUT', 'result-downloads', { holdAfterBytes: 1000 });
    expect(held).toEqual({ status: 200, body: { holdAfterBytes: 1000 } });
    const download = await fetch(operation.url!);
    expect(download.headers.get('content-length')).toBe(operation.fileSize);
    const reader = download.body!.getReader();
    const received: Uint8Array[] = [];
    let receivedBytes = 0;
    while (receivedBytes < 1000) {
      const { value } = await reader.read();
      received.push(value!);
      receivedBytes += value!.length;
    }
    expect(receivedBytes).toBe(1000);
    // Nothing more comes while the hold lasts, and the download has not ended.
    const next = reader.read();
    const silence = await Promise.race([
      next.then(() => 'more'),
      new Promise((resolve) => setTimeout(() => resolve('silent'), 300)),
    ]);
    expect(silence).toBe('silent');

    await shopify.control('PUT', 'result-downloads', { holdAfterBytes: null });
    for (let part = await next; !part.done; part = await reader.read()) received.push(part.value);
    expect(Buffer.concat(received).toString('utf8')).toBe(whole);

    const refused = await shopify.control('PUT', 'result-downloads', { holdAfterBytes: -1 });
    expect(refused.status).toBe(400);
  });

  it('serves no result file that was not made', async () => {
    const url = new URL(shopify.url);
    url.pathname = `/bulk-operation-results/1-${'0'.repeat(32)}.jsonl`;
    expect((await fetch(url)).status).toBe(404);
  });
});
