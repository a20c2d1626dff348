import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueCatalogImport } from '#server/areas/catalog/catalog-import-job.ts';
import { plantedCatalogFindings } from '#server/local/shopify/catalog-defects.ts';
import { SeededStore } from '#server/local/shopify/seeded-store.ts';
import { storeCatalog } from '#server/workers.ts';
import { catalogueCheckIds } from '#shared/seo/check-ids.ts';
import { startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';
import { registeredOwner, storeConnectedToLocalShopify } from '../support/owners-and-stores.ts';
import { testShopifyApp, waitUntil } from '../support/shops-test-support.ts';

/**
 * The audit's recall and precision on a seeded store of the local Shopify: the store connected with a
 * real token, imported and audited by the product's own workers, its findings compared with what the
 * seed planted (server/local/shopify/catalog-defects.ts). Printed: recall (planted found / planted)
 * and precision (planted found / found), for the checks decided by the text itself and, apart, for
 * the checks resting on the identification of a text's language, which may decline to judge a short
 * title or misread it.
 */

// The default size and texts of maison-exemple under a name of its own: a store connects to one
// account only, across the test files' database, and other files connect maison-exemple.
const storeName = 'maison-rappel';

let shopify: TestShopify;
let api: ApiTestContext;
let shopId: string;

beforeAll(async () => {
  shopify = await startTestShopify({ stores: [{ name: storeName }] });
  api = await startApiForTests({ shopify: testShopifyApp(shopify.url) });
  const owner = await registeredOwner(api, 'business');
  shopId = await storeConnectedToLocalShopify(api, shopify, owner);
  await queueCatalogImport({ db: api.database.db, jobs: api.jobs }, shopId);
  await waitUntil(async () => {
    const { rows } = await api.database.pool.query<{ state: string }>(
      `select state from seo_audit_runs where shop_id = $1`,
      [shopId],
    );
    return rows.some((row) => row.state === 'done');
  }, 120_000);
}, 180_000);

afterAll(async () => {
  if (shopId !== undefined) {
    await storeCatalog({ db: api.database.db, jobs: api.jobs }).deleteStoreCopy(shopId);
    await api.database.pool.query('delete from shops where id = $1', [shopId]);
  }
  await api?.close();
  await shopify?.stop();
});

/** The checks whose verdict rests on identifying a text's language (shared/seo/text/language.ts). */
const identificationChecks = new Set(['T05', 'TG3', 'I03']);

type Finding = { pageGid: string; language: string; checkId: string };
const keyOf = (finding: Finding) => `${finding.pageGid} ${finding.language} ${finding.checkId}`;
const checkOf = (key: string) => key.split(' ')[2]!;

function measure(planted: Set<string>, found: Set<string>) {
  const foundPlanted = [...found].filter((key) => planted.has(key)).length;
  return {
    planted: planted.size,
    found: found.size,
    foundPlanted,
    recall: planted.size === 0 ? 1 : foundPlanted / planted.size,
    precision: found.size === 0 ? 1 : foundPlanted / found.size,
    missed: [...planted].filter((key) => !found.has(key)),
    unplanted: [...found].filter((key) => !planted.has(key)),
  };
}

function countsByCheck(keys: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[checkOf(key)] = (counts[checkOf(key)] ?? 0) + 1;
  return counts;
}

describe('the audit of a seeded store', () => {
  it('finds every catalog defect the seed planted, and nothing on the pages it left clean', async () => {
    const manifest = plantedCatalogFindings(new SeededStore(storeName));
    const { rows } = await api.database.pool.query<{
      page_gid: string;
      language: string;
      check_id: string;
    }>(
      // The catalog's checks: what the storefront pass finds is measured on the seeded storefront
      // by storefront-rendered-audit.test.ts.
      `select distinct page_gid, language, check_id from seo_findings
        where shop_id = $1 and check_id = any($2)`,
      [shopId, [...catalogueCheckIds]],
    );
    const found = new Set(
      rows.map((row) =>
        keyOf({ pageGid: row.page_gid, language: row.language, checkId: row.check_id }),
      ),
    );
    const planted = new Set(manifest.findings.map(keyOf));
    const all = measure(planted, found);
    const only = (keep: (checkId: string) => boolean) =>
      measure(
        new Set([...planted].filter((key) => keep(checkOf(key)))),
        new Set([...found].filter((key) => keep(checkOf(key)))),
      );
    const byText = only((checkId) => !identificationChecks.has(checkId));
    const byIdentification = only((checkId) => identificationChecks.has(checkId));
    console.info(
      [
        `Seeded store ${storeName}: ${manifest.findings.length} planted findings on ${new Set(manifest.findings.map((finding) => `${finding.pageGid} ${finding.language}`)).size} page-languages, ${manifest.cleanPages.length} page-languages left clean`,
        `  every check: recall ${all.recall.toFixed(3)} (${all.foundPlanted}/${all.planted}), precision ${all.precision.toFixed(3)} (${all.foundPlanted}/${all.found})`,
        `  checks decided by the text itself: recall ${byText.recall.toFixed(3)} (${byText.foundPlanted}/${byText.planted}), precision ${byText.precision.toFixed(3)} (${byText.foundPlanted}/${byText.found})`,
        `  checks resting on the language identification (${[...identificationChecks].join(', ')}): recall ${byIdentification.recall.toFixed(3)} (${byIdentification.foundPlanted}/${byIdentification.planted}), precision ${byIdentification.precision.toFixed(3)} (${byIdentification.foundPlanted}/${byIdentification.found})`,
        `    planted, not found: ${JSON.stringify(countsByCheck(byIdentification.missed))}`,
        `    found, not planted (texts the seed wrote in the page's own language): ${JSON.stringify(countsByCheck(byIdentification.unplanted))}`,
      ].join('\n'),
    );

    // The seed plants something for most checks, and leaves pages of every language clean.
    expect(new Set(manifest.findings.map((finding) => finding.checkId)).size).toBeGreaterThan(10);
    expect(new Set(manifest.cleanPages.map((page) => page.language))).toEqual(
      new Set(['en', 'fr']),
    );
    // Every planted defect is found, by every check.
    expect(all.missed.filter((key) => checkOf(key) !== 'T05')).toEqual([]);
    // Nothing is found that the seed did not plant, but by the language identification's verdicts,
    // which decline to judge rather than guess: few of theirs are wrong, and they find most.
    expect(byText.unplanted).toEqual([]);
    expect(byIdentification.precision).toBeGreaterThanOrEqual(0.95);
    expect(byIdentification.recall).toBeGreaterThanOrEqual(0.95);
    // The clean pages carry no finding at all.
    const clean = new Set(manifest.cleanPages.map((page) => `${page.pageGid} ${page.language}`));
    expect([...found].filter((key) => clean.has(key.split(' ').slice(0, 2).join(' ')))).toEqual([]);
    // Every published page was audited: the manifest and the audit see the same pages.
    const { rows: audited } = await api.database.pool.query<{ page: string }>(
      `select page_gid || ' ' || language as page from seo_page_results where shop_id = $1`,
      [shopId],
    );
    const seen = new Set([
      ...manifest.cleanPages.map((page) => `${page.pageGid} ${page.language}`),
      ...manifest.findings.map((finding) => `${finding.pageGid} ${finding.language}`),
    ]);
    expect(new Set(audited.map((row) => row.page))).toEqual(seen);
  });
});
