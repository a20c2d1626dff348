import { sql } from 'drizzle-orm';
import type { FindingEvidence, Severity } from '#shared/seo/check.ts';
import { renderedCheckIds, storeCheckIds } from '#shared/seo/check-ids.ts';
import type { Database, Queryable, Transaction } from '#server/db/database.ts';
import { jsonList, recomputePages } from './seo-repository.ts';
import type { StorefrontFetchOutcome, StorefrontPassStopReason } from './tables.ts';

/**
 * The storefront pass's reads and writes: which pages it fetches next, what it found on a page (kept
 * in `seo_rendered_findings` and copied into the page's findings, which its scores count), and how
 * much of the store it has covered.
 */

const kindOrder = sql`case kind when 'product' then 0 when 'collection' then 1 when 'page' then 2 else 3 end`;

/**
 * The `budget` audited pages the pass should fetch next: the least recently fetched of each kind
 * first (so that a theme's defects, which show on every page of a kind, are seen on the first pass),
 * then the pages the last pass could not reach (the overview says they are tried again next), then
 * the others, never fetched first and then least recently fetched, so that successive passes go
 * round the whole store.
 */
export async function pagesToFetch(
  db: Database,
  shopId: string,
  budget: number,
): Promise<string[]> {
  const { rows } = await db.execute<{ page_gid: string }>(sql`
    with fetched as (
      select page_gid, min(fetched_at) as fetched_at,
        bool_or(outcome = 'unreachable') as unreachable
      from seo_storefront_fetches
      where shop_id = ${shopId} group by page_gid
    ),
    ranked as (
      select p.page_gid, p.kind, f.fetched_at, coalesce(f.unreachable, false) as unreachable,
        row_number() over (partition by p.kind order by f.fetched_at nulls first, p.page_gid) as rank
      from seo_pages p left join fetched f on f.page_gid = p.page_gid
      where p.shop_id = ${shopId}
    )
    select page_gid from ranked
    order by rank = 1 desc, unreachable desc, fetched_at nulls first, ${kindOrder}, page_gid
    limit ${budget}`);
  return rows.map((row) => row.page_gid);
}

/** One language version of a page as the pass fetched and checked it. */
export interface FetchedVersion {
  language: string;
  url: string;
  outcome: StorefrontFetchOutcome;
  status: number | null;
  error: string | null;
  findings: Array<{
    checkId: string;
    severity: Severity;
    evidence: FindingEvidence & { url: string };
  }>;
}

/**
 * Records a page's fetch in each language and, for the versions that were read (or that robots.txt
 * kept the pass from), replaces its rendered findings there, in its findings and scores too. A
 * version that could not be reached keeps the findings of its last reading. False when the audit no
 * longer holds the page (it left the store or the plan's limit meanwhile): nothing is written.
 */
export async function recordFetchedPage(
  tx: Transaction,
  shopId: string,
  gid: string,
  versions: readonly FetchedVersion[],
): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`select 1 from seo_pages where shop_id = ${shopId} and page_gid = ${gid}`,
  );
  if (rows.length === 0) return false;
  await tx.execute(sql`
    insert into seo_storefront_fetches (shop_id, page_gid, language, url, fetched_at, outcome,
      status, error)
    select ${shopId}, ${gid}, v.language, v.url, now(), v.outcome, v.status, v.error
    from jsonb_to_recordset(${JSON.stringify(versions)}::jsonb) as v(language text, url text,
      outcome text, status int, error text)
    on conflict (shop_id, page_gid, language) do update set url = excluded.url,
      fetched_at = excluded.fetched_at, outcome = excluded.outcome, status = excluded.status,
      error = excluded.error`);
  const checked = versions.filter((version) => version.outcome !== 'unreachable');
  if (checked.length === 0) return true;
  const languages = checked.map((version) => version.language);
  const findings = checked.flatMap((version) =>
    version.findings.map((finding) => ({
      language: version.language,
      check_id: finding.checkId,
      severity: finding.severity,
      evidence: finding.evidence,
    })),
  );
  await tx.execute(sql`
    delete from seo_rendered_findings
    where shop_id = ${shopId} and page_gid = ${gid} and language in ${jsonList(languages)}`);
  await tx.execute(sql`
    delete from seo_findings
    where shop_id = ${shopId} and page_gid = ${gid} and language in ${jsonList(languages)}
      and check_id in ${jsonList(renderedCheckIds)}`);
  if (findings.length > 0) {
    await tx.execute(sql`
      with rendered as (
        insert into seo_rendered_findings (shop_id, page_gid, language, check_id, severity, evidence)
        select ${shopId}, ${gid}, f.language, f.check_id, f.severity, f.evidence
        from jsonb_to_recordset(${JSON.stringify(findings)}::jsonb) as f(language text,
          check_id text, severity text, evidence jsonb)
      )
      insert into seo_findings (shop_id, page_gid, language, check_id, severity, evidence)
      select ${shopId}, ${gid}, f.language, f.check_id, f.severity, f.evidence
      from jsonb_to_recordset(${JSON.stringify(findings)}::jsonb) as f(language text,
        check_id text, severity text, evidence jsonb)
      -- Only in a language the page is audited in: its rows are what the scores are read from.
      where exists (select 1 from seo_page_results r where r.shop_id = ${shopId}
        and r.page_gid = ${gid} and r.language = f.language)`);
  }
  await recomputePages(tx, shopId, [gid]);
  return true;
}

/**
 * Puts the findings of the store's own checks (R03, robots.txt) on one page of the store, in one
 * language, and takes those of the last pass off whichever page carried them: a store's robots.txt
 * is reported once, on the first page the latest pass read.
 */
export async function recordStoreFindings(
  tx: Transaction,
  shopId: string,
  gid: string,
  language: string,
  findings: ReadonlyArray<{ checkId: string; severity: Severity; evidence: FindingEvidence }>,
): Promise<void> {
  const { rows } = await tx.execute<{ page_gid: string }>(sql`
    with rendered as (
      delete from seo_rendered_findings
      where shop_id = ${shopId} and check_id in ${jsonList(storeCheckIds)}
      returning page_gid
    ),
    copied as (
      delete from seo_findings
      where shop_id = ${shopId} and check_id in ${jsonList(storeCheckIds)}
      returning page_gid
    )
    select page_gid from rendered union select page_gid from copied`);
  const storeRows = findings.map((finding) => ({
    check_id: finding.checkId,
    severity: finding.severity,
    evidence: finding.evidence,
  }));
  if (storeRows.length > 0) {
    await tx.execute(sql`
      with rendered as (
        insert into seo_rendered_findings (shop_id, page_gid, language, check_id, severity, evidence)
        select ${shopId}, ${gid}, ${language}, f.check_id, f.severity, f.evidence
        from jsonb_to_recordset(${JSON.stringify(storeRows)}::jsonb) as f(check_id text,
          severity text, evidence jsonb)
      )
      insert into seo_findings (shop_id, page_gid, language, check_id, severity, evidence)
      select ${shopId}, ${gid}, ${language}, f.check_id, f.severity, f.evidence
      from jsonb_to_recordset(${JSON.stringify(storeRows)}::jsonb) as f(check_id text,
        severity text, evidence jsonb)
      where exists (select 1 from seo_page_results r where r.shop_id = ${shopId}
        and r.page_gid = ${gid} and r.language = ${language})`);
  }
  await recomputePages(tx, shopId, [...new Set([gid, ...rows.map((row) => row.page_gid)])]);
}

/**
 * How much of the store the storefront pass has covered: audited pages read in every language it
 * fetched them in (answered, or kept from by robots.txt), pages whose last fetch in some language
 * could not reach the store (tried again, and not counted as checked while one is missing), and when
 * the pass last fetched a page.
 */
export async function storefrontCoverage(
  db: Queryable,
  shopId: string,
): Promise<{ checked: number; unreachable: number; pages: number; lastFetchedAt: Date | null }> {
  const { rows } = await db.execute<{
    checked: number;
    unreachable: number;
    pages: number;
    last_fetched_at: string | null;
  }>(sql`
    with fetched as (
      select f.page_gid, bool_or(f.outcome = 'unreachable') as unreachable,
        max(f.fetched_at) as fetched_at
      from seo_storefront_fetches f
      join seo_pages p on p.shop_id = f.shop_id and p.page_gid = f.page_gid
      where f.shop_id = ${shopId}
      group by f.page_gid
    )
    select
      (select count(*)::int from fetched where not unreachable) as checked,
      (select count(*)::int from fetched where unreachable) as unreachable,
      (select count(*)::int from seo_pages where shop_id = ${shopId}) as pages,
      (select max(fetched_at) from fetched) as last_fetched_at`);
  const row = rows[0];
  return {
    checked: row?.checked ?? 0,
    unreachable: row?.unreachable ?? 0,
    pages: row?.pages ?? 0,
    lastFetchedAt:
      row?.last_fetched_at === null || row?.last_fetched_at === undefined
        ? null
        : new Date(row.last_fetched_at),
  };
}

/**
 * How long a pass counts as under way without ending: past its own time limit, a pass ends at its
 * next page; a pass whose process died leaves its row behind, which stops holding the owner's turn
 * once this has passed (the job queue's own limit, storefront-pass-job.ts).
 */
const passLeaseMinutes = 30;

/**
 * Starts the store's pass unless another store of the same owner has one under way: answers false
 * then, and nothing changes. The owner's rows are read under a transaction lock on the owner, so
 * that two of the owner's passes starting at once cannot both go.
 */
export async function startStorefrontPass(
  db: Database,
  shopId: string,
  ownerUid: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`storefront-pass:${ownerUid}`}, 0))`,
    );
    const { rows } = await tx.execute<{ busy: boolean }>(sql`
      select exists (
        select 1 from seo_storefront_passes
        where owner_uid = ${ownerUid} and shop_id <> ${shopId} and running_until > now()
      ) as busy`);
    if (rows[0]?.busy === true) return false;
    await tx.execute(sql`
      insert into seo_storefront_passes (shop_id, owner_uid, started_at, running_until)
      values (${shopId}, ${ownerUid}, now(), now() + ${`${passLeaseMinutes} minutes`}::interval)
      on conflict (shop_id) do update set
        owner_uid = excluded.owner_uid,
        started_at = excluded.started_at,
        running_until = excluded.running_until`);
    return true;
  });
}

/** Ends the store's pass, with why it stopped early (null when it went to its end). */
export async function endStorefrontPass(
  db: Queryable,
  shopId: string,
  stopReason: StorefrontPassStopReason | null,
): Promise<void> {
  await db.execute(sql`
    update seo_storefront_passes
    set running_until = null, ended_at = now(), stop_reason = ${stopReason}
    where shop_id = ${shopId}`);
}

/** How the store's last pass ended, for the overview; undefined before its first pass ends. */
export async function lastStorefrontPass(
  db: Queryable,
  shopId: string,
): Promise<{ endedAt: Date; stopReason: StorefrontPassStopReason | null } | undefined> {
  const { rows } = await db.execute<{ ended_at: string | Date | null; stop_reason: string | null }>(
    sql`select ended_at, stop_reason from seo_storefront_passes where shop_id = ${shopId}`,
  );
  const row = rows[0];
  if (row === undefined || row.ended_at === null) return undefined;
  return {
    endedAt: new Date(row.ended_at),
    stopReason: row.stop_reason as StorefrontPassStopReason | null,
  };
}
