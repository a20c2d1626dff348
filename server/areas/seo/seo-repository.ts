import { sql, type SQL } from 'drizzle-orm';
import { supportedLanguages, type Language } from '#shared/constants.ts';
import type { FindingEvidence, PageKind, Severity } from '#shared/seo/check.ts';
import type { PageListQuery } from '#shared/schemas/seo.ts';
import type { Database, Queryable, Transaction } from '#server/db/database.ts';
import type { StorefrontAddresses } from '#server/areas/catalog/index.ts';
import type { LanguageAudit, PageAudit } from './audit-page.ts';
import { pageScore, severityWeights } from '#shared/seo/scores.ts';
import type { AuditState, AuditTrigger } from './tables.ts';

/**
 * The SEO area's reads and writes. Writes are set-based: a batch of pages is two statements (its
 * old rows removed, its new rows inserted from one JSON parameter per table), and the duplicate
 * groups are resolved in SQL from the stored keys.
 */

export const jsonList = (values: readonly string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * Runs `work` in a transaction holding the store's audit lock, so that a batch of a full run, an
 * incremental audit and the resolution of duplicate groups never interleave for one store.
 */
export async function withStoreAuditLock<T>(
  db: Database,
  shopId: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended('seo-audit:' || ${shopId}::text, 0))`,
    );
    return work(tx);
  });
}

// Runs ----------------------------------------------------------------------------------------

export type AuditRunRow = {
  id: string;
  shopId: string;
  trigger: AuditTrigger;
  state: AuditState;
  startedAt: Date;
  finishedAt: Date | null;
  progressDone: number;
  progressTotal: number;
  pagesAudited: number;
  pagesLeftOut: number;
  pageLimit: number;
};

const runColumns = sql`id, shop_id as "shopId", trigger, state, started_at as "startedAt",
  finished_at as "finishedAt", progress_done as "progressDone", progress_total as "progressTotal",
  pages_audited as "pagesAudited", pages_left_out as "pagesLeftOut", page_limit as "pageLimit"`;

function runOf(row: AuditRunRow): AuditRunRow {
  return {
    ...row,
    startedAt: new Date(row.startedAt),
    finishedAt: row.finishedAt === null ? null : new Date(row.finishedAt),
  };
}

/** A run neither finished nor failed this long after it started is taken for abandoned. */
export const abandonedRunSeconds = 60 * 60;

/**
 * Queues a run unless one is queued or under way for the store (a partial unique index keeps it
 * to one); answers the run queued, or the one already there, and whether it is new.
 */
export async function queueRun(
  db: Database,
  shopId: string,
  trigger: AuditTrigger,
  pageLimit: number,
): Promise<{ run: AuditRunRow; queued: boolean }> {
  // A run whose worker died with no attempt left would hold the store's place for good.
  await db.execute(sql`
    update seo_audit_runs set state = 'failed', finished_at = now()
    where shop_id = ${shopId} and state in ('queued', 'running')
      and started_at < now() - make_interval(secs => ${abandonedRunSeconds})`);
  for (;;) {
    const inserted = await db.execute<AuditRunRow>(sql`
      insert into seo_audit_runs (shop_id, trigger, state, page_limit)
      values (${shopId}, ${trigger}, 'queued', ${pageLimit})
      on conflict (shop_id) where state in ('queued', 'running') do nothing
      returning ${runColumns}`);
    if (inserted.rows[0] !== undefined) return { run: runOf(inserted.rows[0]), queued: true };
    const active = await db.execute<AuditRunRow>(sql`
      select ${runColumns} from seo_audit_runs
      where shop_id = ${shopId} and state in ('queued', 'running')`);
    // The active run may have finished between the two statements: queue again.
    if (active.rows[0] !== undefined) return { run: runOf(active.rows[0]), queued: false };
  }
}

/**
 * Seconds left before the store's last manual run that ended well is `cooldownSeconds` old, or
 * undefined when it is older, when there is none, or when a run is queued or under way (which a
 * new request joins).
 */
export async function manualRunCooldownLeft(
  db: Database,
  shopId: string,
  cooldownSeconds: number,
): Promise<number | undefined> {
  const { rows } = await db.execute<{ secondsLeft: number }>(sql`
    select ceil(extract(epoch from
      max(finished_at) + make_interval(secs => ${cooldownSeconds}) - now()))::int as "secondsLeft"
    from seo_audit_runs
    where shop_id = ${shopId} and trigger = 'manual' and state = 'done'
      and not exists (select 1 from seo_audit_runs active
        where active.shop_id = ${shopId} and active.state in ('queued', 'running'))
    having max(finished_at) > now() - make_interval(secs => ${cooldownSeconds})`);
  const left = rows[0]?.secondsLeft;
  return left === undefined ? undefined : Math.max(1, left);
}

export async function findRun(db: Queryable, runId: string): Promise<AuditRunRow | undefined> {
  const { rows } = await db.execute<AuditRunRow>(
    sql`select ${runColumns} from seo_audit_runs where id = ${runId}`,
  );
  return rows[0] === undefined ? undefined : runOf(rows[0]);
}

export async function latestRun(db: Database, shopId: string): Promise<AuditRunRow | undefined> {
  const { rows } = await db.execute<AuditRunRow>(sql`
    select ${runColumns} from seo_audit_runs where shop_id = ${shopId}
    order by started_at desc limit 1`);
  return rows[0] === undefined ? undefined : runOf(rows[0]);
}

/** Marks the run as reading, with what it will read; false when it no longer exists or ended. */
export async function startRun(
  db: Database,
  runId: string,
  plan: { total: number; leftOut: number },
): Promise<AuditRunRow | undefined> {
  const { rows } = await db.execute<AuditRunRow>(sql`
    update seo_audit_runs set state = 'running', started_at = now(), progress_done = 0,
      progress_total = ${plan.total}, pages_left_out = ${plan.leftOut}
    where id = ${runId} and state in ('queued', 'running')
    returning ${runColumns}`);
  return rows[0] === undefined ? undefined : runOf(rows[0]);
}

/** Counts a batch as done; false when the run was deleted meanwhile (the store disconnected). */
export async function recordProgress(
  tx: Transaction,
  runId: string,
  pages: number,
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    update seo_audit_runs set progress_done = progress_done + ${pages}
    where id = ${runId} and state = 'running' returning id`);
  return rows.length > 0;
}

/**
 * The store's score in a language from the sums of its pages (`seo_store_figures`), as storeScore
 * (audit-scores.ts) computes it: their mean rounded half up (the scores are positive). The one
 * rounding of the trend's points and of the overview's headline, which the overview's trend ends at.
 */
const storeScoreOfSums = sql`round(sum(score_sum)::numeric / sum(pages))::int`;

/**
 * Ends a run: done with the pages it audited and the store's score per language added to the trend,
 * or failed.
 */
export async function finishRun(
  tx: Transaction,
  run: { id: string; shopId: string },
  outcome: { state: 'done'; pagesAudited: number } | { state: 'failed' },
): Promise<void> {
  if (outcome.state === 'failed') {
    await tx.execute(sql`
      update seo_audit_runs set state = 'failed', finished_at = now()
      where id = ${run.id} and state in ('queued', 'running')`);
    return;
  }
  const { rows } = await tx.execute(sql`
    update seo_audit_runs set state = 'done', finished_at = now(), pages_audited = ${outcome.pagesAudited}
    where id = ${run.id} and state = 'running' returning finished_at`);
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into seo_score_history (run_id, shop_id, language, score, at)
    select ${run.id}, ${run.shopId}, language, ${storeScoreOfSums},
      (select finished_at from seo_audit_runs where id = ${run.id})
    from seo_store_figures where shop_id = ${run.shopId} and pages > 0 group by language`);
}

// Writing pages -------------------------------------------------------------------------------

/** A duplicate group: pages of one language sharing a check's value. */
type GroupRef = {
  check_id: string;
  language: string;
  key_hash: string;
};

/**
 * Removes everything stored of these pages, and answers the duplicate groups they were in (which a
 * page leaving changes).
 */
export async function removePages(
  tx: Transaction,
  shopId: string,
  gids: readonly string[],
): Promise<GroupRef[]> {
  if (gids.length === 0) return [];
  const { rows } = await tx.execute<GroupRef>(sql`
    with pages as (delete from seo_pages where shop_id = ${shopId} and page_gid in ${jsonList(gids)}),
    results as (
      delete from seo_page_results where shop_id = ${shopId} and page_gid in ${jsonList(gids)}
    ),
    findings as (
      delete from seo_findings where shop_id = ${shopId} and page_gid in ${jsonList(gids)}
    ),
    links as (
      delete from seo_store_links where shop_id = ${shopId} and page_gid in ${jsonList(gids)}
    )
    delete from seo_duplicate_keys where shop_id = ${shopId} and page_gid in ${jsonList(gids)}
    returning check_id, language, key_hash`);
  return rows;
}

/** What the page rows say of one page in one language, from its findings. */
interface LanguageFigures {
  score: number;
  errors: number;
  warnings: number;
  infos: number;
  checkIds: string[];
}

function figuresOf(
  findings: ReadonlyArray<{ checkId: string; severity: Severity }>,
): LanguageFigures {
  const figures = { score: pageScore(findings), errors: 0, warnings: 0, infos: 0 };
  const checkIds = new Set<string>();
  for (const finding of findings) {
    checkIds.add(finding.checkId);
    if (finding.severity === 'error') figures.errors++;
    else if (finding.severity === 'warning') figures.warnings++;
    else figures.infos++;
  }
  return { ...figures, checkIds: [...checkIds] };
}

/** The page's summary across languages: lowest score, findings of all, checks failing in any. */
function summaryOf(languages: ReadonlyArray<{ language: string } & LanguageFigures>) {
  const checkIds = new Set<string>();
  for (const language of languages) for (const id of language.checkIds) checkIds.add(id);
  const scoreIn = (code: Language) =>
    languages.find((language) => language.language === code)?.score ?? null;
  return {
    score: Math.min(...languages.map((language) => language.score)),
    score_en: scoreIn('en'),
    score_fr: scoreIn('fr'),
    errors: languages.reduce((sum, language) => sum + language.errors, 0),
    warnings: languages.reduce((sum, language) => sum + language.warnings, 0),
    infos: languages.reduce((sum, language) => sum + language.infos, 0),
    check_ids: [...checkIds],
  };
}

function searchTextOf(titles: readonly string[], handle: string): string {
  return [...new Set(titles), handle].join(' ').toLowerCase();
}

/**
 * The audits with the findings the last storefront pass made on their pages (seo_rendered_findings)
 * added to each language's: a catalog audit rewrites a page's findings, and the rendered ones must
 * stay and count until the next pass fetches the page again.
 */
async function withRenderedFindings(
  tx: Transaction,
  shopId: string,
  audits: readonly PageAudit[],
): Promise<PageAudit[]> {
  const { rows } = await tx.execute<{
    page_gid: string;
    language: string;
    check_id: string;
    severity: Severity;
    evidence: FindingEvidence;
  }>(sql`
    select page_gid, language, check_id, severity, evidence from seo_rendered_findings
    where shop_id = ${shopId} and page_gid in ${jsonList(audits.map((audit) => audit.id))}`);
  if (rows.length === 0) return [...audits];
  const rendered = new Map<string, LanguageAudit['findings']>();
  for (const row of rows) {
    const key = `${row.page_gid}|${row.language}`;
    const list = rendered.get(key) ?? [];
    list.push({ checkId: row.check_id, severity: row.severity, evidence: row.evidence });
    rendered.set(key, list);
  }
  return audits.map((audit) => ({
    ...audit,
    languages: audit.languages.map((language) => {
      const extra = rendered.get(`${audit.id}|${language.language}`);
      if (extra === undefined) return language;
      const findings = [...language.findings, ...extra];
      return { ...language, findings, score: pageScore(findings) };
    }),
  }));
}

/**
 * Inserts the audits of pages just removed (removePages), each with the findings the last storefront
 * pass made on it (withRenderedFindings): one row per page and language, the page's summary, the
 * findings and the duplicate keys, in one statement. `audited_at` is the transaction's
 * time, the database's clock like the run's start that a full run's end compares it with.
 */
export async function insertPageAudits(
  tx: Transaction,
  shopId: string,
  catalogAudits: readonly PageAudit[],
): Promise<void> {
  if (catalogAudits.length === 0) return;
  const audits = await withRenderedFindings(tx, shopId, catalogAudits);
  const results: object[] = [];
  const pages: object[] = [];
  const findings: object[] = [];
  const keys: object[] = [];
  const links: object[] = [];
  for (const audit of audits) {
    const languages = audit.languages.map((language: LanguageAudit) => ({
      language: language.language,
      title: language.title,
      ...figuresOf(language.findings),
    }));
    if (languages.length === 0) continue;
    const search = searchTextOf(
      languages.map((language) => language.title),
      audit.handle,
    );
    for (const [index, language] of languages.entries()) {
      const coverage = audit.languages[index]!.translations;
      results.push({
        translation_fields: coverage.fields,
        translated: coverage.translated,
        translations_outdated: coverage.outdated,
        translations_same: coverage.sameAsSource,
        page_gid: audit.id,
        language: language.language,
        kind: audit.kind,
        title: language.title,
        handle: audit.handle,
        search,
        score: language.score,
        errors: language.errors,
        warnings: language.warnings,
        infos: language.infos,
        check_ids: language.checkIds,
      });
    }
    pages.push({
      page_gid: audit.id,
      kind: audit.kind,
      title: languages[0]!.title,
      handle: audit.handle,
      search,
      ...summaryOf(languages),
    });
    for (const language of audit.languages) {
      for (const finding of language.findings) {
        findings.push({
          page_gid: audit.id,
          language: language.language,
          check_id: finding.checkId,
          severity: finding.severity,
          evidence: finding.evidence,
        });
      }
      for (const key of language.duplicateKeys) {
        keys.push({
          page_gid: audit.id,
          language: language.language,
          check_id: key.checkId,
          severity: key.severity,
          field: key.field,
          key_hash: key.keyHash,
        });
      }
      for (const link of language.storeLinks) {
        links.push({
          page_gid: audit.id,
          language: language.language,
          check_id: link.checkId,
          severity: link.severity,
          field: link.field,
          kind: link.kind,
          handle: link.handle,
          link_language: link.language,
          host: link.host,
          excerpt: link.excerpt,
        });
      }
    }
  }
  await tx.execute(sql`
    with results as (
      insert into seo_page_results (shop_id, page_gid, language, kind, title, handle, title_key,
        search, score, errors, warnings, infos, findings_total, check_ids, audited_at,
        translation_fields, translated, translations_outdated, translations_same_as_source)
      select ${shopId}, r.page_gid, r.language, r.kind, r.title, r.handle, lower(r.title), r.search, r.score, r.errors, r.warnings, r.infos, r.errors + r.warnings + r.infos, r.check_ids,
        now(), r.translation_fields, r.translated, r.translations_outdated, r.translations_same
      from json_to_recordset(${JSON.stringify(results)}::json) as r(page_gid text,
        language text, kind text, title text, handle text, search text, score int, errors int,
        warnings int, infos int, check_ids text[], translation_fields int, translated int,
        translations_outdated int, translations_same int)
    ),
    pages as (
      insert into seo_pages (shop_id, page_gid, kind, title, handle, title_key, search, score,
        score_en, score_fr, errors, warnings, infos, findings_total, check_ids, audited_at)
      select ${shopId}, p.page_gid, p.kind, p.title, p.handle, lower(p.title), p.search, p.score,
        p.score_en, p.score_fr, p.errors, p.warnings, p.infos, p.errors + p.warnings + p.infos,
        p.check_ids, now()
      from json_to_recordset(${JSON.stringify(pages)}::json) as p(page_gid text, kind text,
        title text, handle text, search text, score int, score_en int, score_fr int, errors int,
        warnings int, infos int, check_ids text[])
    ),
    findings as (
      insert into seo_findings (shop_id, page_gid, language, check_id, severity, evidence)
      select ${shopId}, f.page_gid, f.language, f.check_id, f.severity, f.evidence
      from json_to_recordset(${JSON.stringify(findings)}::json) as f(page_gid text,
        language text, check_id text, severity text, evidence jsonb)
    ),
    links as (
      insert into seo_store_links (shop_id, page_gid, language, check_id, severity, field, kind,
        handle, link_language, host, excerpt)
      select ${shopId}, l.page_gid, l.language, l.check_id, l.severity, l.field, l.kind, l.handle,
        l.link_language, l.host, l.excerpt
      from json_to_recordset(${JSON.stringify(links)}::json) as l(page_gid text, language text,
        check_id text, severity text, field text, kind text, handle text, link_language text,
        host text, excerpt text)
    )
    insert into seo_duplicate_keys (shop_id, page_gid, language, check_id, severity, field, key_hash)
    select ${shopId}, k.page_gid, k.language, k.check_id, k.severity, k.field, k.key_hash
    from json_to_recordset(${JSON.stringify(keys)}::json) as k(page_gid text, language text,
      check_id text, severity text, field text, key_hash text)`);
}

/**
 * Brings the duplicate findings up to date after `changed` pages were audited again (removePages,
 * then insertPageAudits): `groups` are the groups they left (their old keys) and joined (their new
 * ones). A group's other pages keep their finding while the group still has two pages or more, only
 * its `measured` size changing, which moves no score; only a page that enters a group of two or
 * leaves a group now alone gains or loses a finding and has its rows recomputed, with the changed
 * pages. So one product edited in a store where thousands of pages share a meta description rewrites
 * a few rows, not thousands. Answers how many pages other than the changed ones had a duplicate
 * finding given, taken or resized.
 */
export async function regroupChangedPages(
  tx: Transaction,
  shopId: string,
  duplicateCheckIds: readonly string[],
  changed: readonly string[],
  groups: { left: readonly GroupRef[]; joined: readonly GroupRef[] },
): Promise<number> {
  // A group the changed pages left as many times as they joined it kept its size and its other
  // pages: only the changed pages' own findings are given there. So a product edited without
  // touching the meta description it shares with thousands of pages reads none of them.
  const sizeChange = new Map<string, { group: GroupRef; change: number }>();
  for (const [list, step] of [
    [groups.left, -1],
    [groups.joined, 1],
  ] as const) {
    for (const group of list) {
      if (!duplicateCheckIds.includes(group.check_id)) continue;
      const key = `${group.check_id}|${group.language}|${group.key_hash}`;
      const entry = sizeChange.get(key) ?? { group, change: 0 };
      entry.change += step;
      sizeChange.set(key, entry);
    }
  }
  const touched = [...sizeChange.values()].map(({ group, change }) => ({
    ...group,
    resized: change !== 0,
  }));
  const members = sql`
    with touched as (
      select check_id, language, key_hash, resized
      from jsonb_to_recordset(${JSON.stringify(touched)}::jsonb)
        as g(check_id text, language text, key_hash text, resized boolean)
    ),
    sizes as (
      select k.check_id, k.language, k.key_hash, t.resized, count(*)::int as size
      from seo_duplicate_keys k
      join touched t on t.check_id = k.check_id and t.language = k.language
        and t.key_hash = k.key_hash
      where k.shop_id = ${shopId}
      group by k.check_id, k.language, k.key_hash, t.resized
    ),
    members as (
      select k.page_gid, k.language, k.check_id, k.severity, k.field, s.size
      from seo_duplicate_keys k
      join sizes s on s.check_id = k.check_id and s.language = k.language
        and s.key_hash = k.key_hash
      where k.shop_id = ${shopId} and (s.resized or k.page_gid in ${jsonList(changed)})
    )`;
  if (touched.length === 0) {
    await recomputePages(tx, shopId, changed);
    return 0;
  }
  // Alone in its group now: the finding goes.
  const { rows: left } = await tx.execute<{ page_gid: string }>(sql`${members}
    delete from seo_findings f using members m
    where f.shop_id = ${shopId} and f.page_gid = m.page_gid and f.language = m.language
      and f.check_id = m.check_id and m.size < 2
    returning f.page_gid`);
  // Still in a group of two or more, of another size: the evidence follows.
  const { rows: resized } = await tx.execute<{ page_gid: string }>(sql`${members}
    update seo_findings f
    set evidence = jsonb_set(f.evidence, '{measured}', to_jsonb(m.size))
    from members m
    where f.shop_id = ${shopId} and f.page_gid = m.page_gid and f.language = m.language
      and f.check_id = m.check_id and m.size >= 2
      and f.evidence->'measured' is distinct from to_jsonb(m.size)
    returning f.page_gid`);
  // In a group of two or more without its finding yet: a changed page, or the page that a group of
  // one gained a second with.
  const { rows: joined } = await tx.execute<{ page_gid: string }>(sql`${members}
    insert into seo_findings (shop_id, page_gid, language, check_id, severity, evidence)
    select ${shopId}, m.page_gid, m.language, m.check_id, m.severity,
      jsonb_build_object('field', m.field, 'measured', m.size)
    from members m
    where m.size >= 2 and not exists (
      select 1 from seo_findings f
      where f.shop_id = ${shopId} and f.page_gid = m.page_gid
        and f.language = m.language and f.check_id = m.check_id)
    returning page_gid`);
  const gained = [...left, ...joined].map((row) => row.page_gid);
  await recomputePages(tx, shopId, [...new Set([...changed, ...gained])]);
  const others = new Set(
    [...gained, ...resized.map((row) => row.page_gid)].filter((gid) => !changed.includes(gid)),
  );
  return others.size;
}

/**
 * Gives every duplicate finding of the store from the stored keys, at the end of a full run whose
 * batches stored none: a page whose value another page of its language shares for a duplicate check
 * gets a finding whose `measured` is the group's size, and the rows of the pages that gained or lost
 * one are recomputed.
 */
export async function resolveAllDuplicateGroups(
  tx: Transaction,
  shopId: string,
  duplicateCheckIds: readonly string[],
): Promise<void> {
  if (duplicateCheckIds.length === 0) return;
  const removed = await tx.execute<{ page_gid: string }>(sql`
    delete from seo_findings where shop_id = ${shopId}
      and check_id in ${jsonList(duplicateCheckIds)}
    returning page_gid`);
  const inserted = await tx.execute<{ page_gid: string }>(sql`
    with groups as (
      select k.check_id, k.language, k.key_hash, count(*)::int as size
      from seo_duplicate_keys k
      where k.shop_id = ${shopId} and k.check_id in ${jsonList(duplicateCheckIds)}
      group by k.check_id, k.language, k.key_hash having count(*) > 1
    )
    insert into seo_findings (shop_id, page_gid, language, check_id, severity, evidence)
    select k.shop_id, k.page_gid, k.language, k.check_id, k.severity,
      jsonb_build_object('field', k.field, 'measured', g.size)
    from seo_duplicate_keys k
    join groups g on g.check_id = k.check_id and g.language = k.language
      and g.key_hash = k.key_hash
    where k.shop_id = ${shopId}
    returning page_gid`);
  const affected = [...new Set([...removed.rows, ...inserted.rows].map((row) => row.page_gid))];
  await recomputePages(tx, shopId, affected);
}

/** The kind and primary handle of these pages, as the audit last read them. */
export async function auditedHandlesOf(
  tx: Transaction,
  shopId: string,
  gids: readonly string[],
): Promise<Array<{ kind: string; handle: string }>> {
  if (gids.length === 0) return [];
  const { rows } = await tx.execute<{ kind: string; handle: string }>(sql`
    select kind, lower(handle) as handle from seo_pages
    where shop_id = ${shopId} and page_gid in ${jsonList(gids)}`);
  return rows;
}

/** Values written in the statement, which the planner sees (an index scan for each). */
const valueList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** Which pages' store links to resolve: every page of the store, or these. */
export type LinkingPages = { all: true } | { gids: readonly string[] };

/**
 * Gives the store link findings (L04) of `pages` from their stored links (seo_store_links): a link
 * whose page the storefront does not answer, by the store's copy (`addresses`), is a finding quoting
 * the link, the handle missing (`measured`) and the kind of page (`threshold`). A link is resolved
 * only when its answer is certain: a relative address or one on the store's own hosts, of a kind the
 * copy holds in full, without a language folder or in one of the store's translated languages.
 * One statement gives them all, whatever the number of pages (the copy's addresses are hashed once);
 * the rows of the pages that gained or lost a finding are recomputed. Answers those pages.
 */
export async function resolveStoreLinks(
  tx: Transaction,
  shopId: string,
  addresses: StorefrontAddresses,
  storeLinkCheckIds: readonly string[],
  pages: LinkingPages,
): Promise<string[]> {
  if (storeLinkCheckIds.length === 0) return [];
  if ('gids' in pages && pages.gids.length === 0) return [];
  const ofPages = (alias: string) =>
    'gids' in pages ? sql`and ${sql.raw(alias)}.page_gid in ${jsonList(pages.gids)}` : sql``;
  // By language too, so that the findings' index by check finds them without reading the store's.
  const removed = await tx.execute<{ page_gid: string }>(sql`
    delete from seo_findings f where f.shop_id = ${shopId}
      and f.language in (${valueList(supportedLanguages)})
      and f.check_id in (${valueList(storeLinkCheckIds)}) ${ofPages('f')}
    returning f.page_gid`);
  const inserted = await tx.execute<{ page_gid: string }>(sql`
    with served as (${addresses.served}),
    hosts as (${addresses.hosts}),
    complete as (${addresses.completeKinds}),
    languages as (${addresses.translatedLanguages})
    insert into seo_findings (shop_id, page_gid, language, check_id, severity, evidence)
    select l.shop_id, l.page_gid, l.language, l.check_id, l.severity,
      jsonb_build_object('field', l.field, 'excerpt', l.excerpt, 'measured', l.handle,
        'threshold', l.kind)
    from seo_store_links l
    where l.shop_id = ${shopId} and l.check_id in ${jsonList(storeLinkCheckIds)} ${ofPages('l')}
      and l.kind in (select kind from complete)
      and (l.link_language = '' or l.link_language in (select language from languages))
      and (l.host = '' or exists (select 1 from hosts h
        where l.host in (h.host, 'www.' || h.host) or h.host = 'www.' || l.host))
      and not exists (select 1 from served s
        where s.kind = l.kind and s.language = '' and s.handle = l.handle)
      and not exists (select 1 from served s
        where s.kind = l.kind and s.language = l.link_language and s.handle = l.handle)
    returning page_gid`);
  const affected = [...new Set([...removed.rows, ...inserted.rows].map((row) => row.page_gid))];
  await recomputePages(tx, shopId, affected);
  return affected;
}

/**
 * The pages other than `changed` whose body links to one of these pages' addresses (`targets`: a
 * kind and a handle, an article's without its blog): a page that changes its handle, leaves the
 * store or joins it changes what those links find.
 */
export async function pagesLinkingTo(
  tx: Transaction,
  shopId: string,
  targets: ReadonlyArray<{ kind: string; handle: string }>,
  changed: readonly string[],
): Promise<string[]> {
  if (targets.length === 0) return [];
  // Apart by kind, so that the links' index by target finds all but the articles' (whose stored
  // handle holds their blog's): the store's links are not read for a product's change.
  const { rows } = await tx.execute<{ page_gid: string }>(sql`
    with t as (
      select kind, handle from jsonb_to_recordset(${JSON.stringify(targets)}::jsonb)
        as t(kind text, handle text)
    )
    select l.page_gid from seo_store_links l join t on t.kind = l.kind and t.handle = l.handle
    where l.shop_id = ${shopId} and l.kind <> 'article'
      and l.page_gid not in ${jsonList(changed)}
    union
    select l.page_gid from seo_store_links l
    join t on t.kind = l.kind and t.handle = split_part(l.handle, '/', 2)
    where l.shop_id = ${shopId} and l.kind = 'article'
      and l.page_gid not in ${jsonList(changed)}`);
  return rows.map((row) => row.page_gid);
}

/**
 * Recomputes the page rows (scores, counts, failing checks) of `gids` from their findings, in the
 * database: the rows a full run's duplicate groups touch are most of a large store's, and reading
 * their findings out to score them cost more than the scoring. The score is pageScore's
 * (audit-scores.ts): 100 minus the weight of each check that found something, counted once, floored
 * at 0.
 */
export async function recomputePages(
  tx: Transaction,
  shopId: string,
  gids: readonly string[],
): Promise<void> {
  if (gids.length === 0) return;
  await tx.execute(sql`
    with checks as (
      select page_gid, language, check_id,
        max(case severity when 'error' then ${severityWeights.error}::int
          when 'warning' then ${severityWeights.warning}::int
          else ${severityWeights.info}::int end) as weight,
        count(*) filter (where severity = 'error') as errors,
        count(*) filter (where severity = 'warning') as warnings,
        count(*) filter (where severity = 'info') as infos
      from seo_findings
      where shop_id = ${shopId} and page_gid in ${jsonList(gids)}
      group by page_gid, language, check_id
    ),
    figures as (
      select r.page_gid, r.language,
        greatest(0, 100 - coalesce(sum(c.weight), 0))::int as score,
        coalesce(sum(c.errors), 0)::int as errors,
        coalesce(sum(c.warnings), 0)::int as warnings,
        coalesce(sum(c.infos), 0)::int as infos,
        coalesce(array_agg(c.check_id) filter (where c.check_id is not null), '{}') as check_ids
      from seo_page_results r
      left join checks c on c.page_gid = r.page_gid and c.language = r.language
      where r.shop_id = ${shopId} and r.page_gid in ${jsonList(gids)}
      group by r.page_gid, r.language
    ),
    page_checks as (
      select page_gid, array_agg(distinct check_id) as check_ids from checks group by page_gid
    ),
    results as (
      update seo_page_results r set score = f.score, errors = f.errors, warnings = f.warnings,
        infos = f.infos, findings_total = f.errors + f.warnings + f.infos, check_ids = f.check_ids
      from figures f
      where r.shop_id = ${shopId} and r.page_gid = f.page_gid and r.language = f.language
    )
    update seo_pages p set score = s.score, score_en = s.score_en, score_fr = s.score_fr,
      errors = s.errors, warnings = s.warnings, infos = s.infos,
      findings_total = s.errors + s.warnings + s.infos, check_ids = s.check_ids
    from (
      select f.page_gid, min(f.score) as score,
        min(f.score) filter (where f.language = 'en') as score_en,
        min(f.score) filter (where f.language = 'fr') as score_fr,
        sum(f.errors)::int as errors, sum(f.warnings)::int as warnings, sum(f.infos)::int as infos,
        coalesce(c.check_ids, '{}') as check_ids
      from figures f
      left join page_checks c on c.page_gid = f.page_gid
      group by f.page_gid, c.check_ids
    ) s
    where p.shop_id = ${shopId} and p.page_gid = s.page_gid`);
}

/**
 * Has PostgreSQL sample the audit's tables again, and vacuum the pages' tables when asked. A full run replaces
 * a store's rows faster than autovacuum notices: with the statistics of the tables before it, the
 * planner takes a store of thousands of findings for a handful, and the next incremental audit
 * looks each page of a large duplicate group up by check rather than by page (seconds instead of
 * milliseconds); and until a vacuum marks the new rows visible to every transaction, the page
 * list's counts read the tables instead of their indexes alone (at 100,000 pages, the first page of
 * a language by score in a few hundredths of a second instead of a tenth). A table a vacuum is
 * already under way on (autovacuum's, another store's run's) is left to it.
 */
export async function refreshForReading(
  db: Database,
  { vacuumPages }: { vacuumPages: boolean },
): Promise<void> {
  if (!vacuumPages) {
    await db.execute(
      sql`analyze seo_findings, seo_duplicate_keys, seo_store_links, seo_page_results, seo_pages`,
    );
    return;
  }
  await db.execute(sql`analyze seo_findings, seo_duplicate_keys, seo_store_links`);
  await db.execute(sql`vacuum (analyze, skip_locked) seo_page_results, seo_pages`);
}

/** Removes the pages a full run did not audit (gone from the store, unpublished, past the limit). */
export async function removePagesAuditedBefore(
  tx: Transaction,
  shopId: string,
  before: Date,
): Promise<void> {
  const { rows } = await tx.execute<{ page_gid: string }>(sql`
    select page_gid from seo_pages where shop_id = ${shopId} and audited_at < ${before.toISOString()}::timestamptz`);
  const gone = rows.map((row) => row.page_gid);
  await removePages(tx, shopId, gone);
  await forgetStorefrontPages(tx, shopId, gone);
}

/**
 * Removes the pages the audit holds other than `kept`: those a run over the plan's limit did not
 * choose (run-audit.ts).
 */
export async function removePagesOutside(
  tx: Transaction,
  shopId: string,
  kept: readonly string[],
): Promise<void> {
  // An anti-join, not `not in`: a list of 100,000 ids would not fit a hashed subplan.
  const { rows } = await tx.execute<{ page_gid: string }>(sql`
    select page_gid from seo_pages p where shop_id = ${shopId} and not exists (
      select 1 from jsonb_array_elements_text(${JSON.stringify(kept)}::jsonb) as kept(gid)
      where kept.gid = p.page_gid)`);
  const gone = rows.map((row) => row.page_gid);
  if (gone.length === 0) return;
  await removePages(tx, shopId, gone);
  await forgetStorefrontPages(tx, shopId, gone);
}

/**
 * Removes what the storefront pass kept of pages that left the audit (deleted, unpublished, past
 * the plan's limit): their rendered findings and when they were fetched.
 */
export async function forgetStorefrontPages(
  tx: Transaction,
  shopId: string,
  gids: readonly string[],
): Promise<void> {
  if (gids.length === 0) return;
  await tx.execute(sql`
    with findings as (
      delete from seo_rendered_findings where shop_id = ${shopId} and page_gid in ${jsonList(gids)}
    )
    delete from seo_storefront_fetches where shop_id = ${shopId} and page_gid in ${jsonList(gids)}`);
}

/** Which of these pages the audit holds. */
export async function auditedPagesAmong(
  db: Queryable,
  shopId: string,
  gids: readonly string[],
): Promise<Set<string>> {
  if (gids.length === 0) return new Set();
  const { rows } = await db.execute<{ page_gid: string }>(sql`
    select page_gid from seo_pages where shop_id = ${shopId} and page_gid in ${jsonList(gids)}`);
  return new Set(rows.map((row) => row.page_gid));
}

/** Every page the audit holds of the store, by id. */
export async function auditedPageIds(db: Queryable, shopId: string): Promise<string[]> {
  const { rows } = await db.execute<{ page_gid: string }>(sql`
    select page_gid from seo_pages where shop_id = ${shopId}`);
  return rows.map((row) => row.page_gid);
}

/** How many pages the audit holds of the store: a read of all of them, 100,000 in a large store. */
export async function auditedPageCount(db: Queryable, shopId: string): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from seo_pages where shop_id = ${shopId}`);
  return rows[0]?.count ?? 0;
}

export async function hasFinishedRun(db: Queryable, shopId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 from seo_audit_runs where shop_id = ${shopId} and state = 'done' limit 1`);
  return rows.length > 0;
}

/** The pages the last finished run of each store covered, the largest of them; 0 without one. */
export async function mostPagesOfLastRuns(
  db: Database,
  shopIds: readonly string[],
): Promise<number> {
  if (shopIds.length === 0) return 0;
  const { rows } = await db.execute<{ pages: number | null }>(sql`
    select max(pages_audited)::int as pages from (
      select distinct on (shop_id) pages_audited from seo_audit_runs
      where shop_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(shopIds)}::jsonb))
        and state = 'done'
      order by shop_id, started_at desc
    ) as last_runs`);
  return rows[0]?.pages ?? 0;
}

/**
 * Removes everything the audit keeps of a store (its disconnection), under the store's audit lock:
 * an incremental audit or a run's batch that started before writes before it or finds nothing to
 * write to after it.
 */
export async function deleteShopAudit(db: Database, shopId: string): Promise<void> {
  await withStoreAuditLock(db, shopId, async (tx) => {
    // Runs first: a run under way finds its row gone at its next batch and stops.
    await tx.execute(sql`delete from seo_audit_runs where shop_id = ${shopId}`);
    await tx.execute(sql`delete from seo_score_history where shop_id = ${shopId}`);
    await tx.execute(sql`delete from seo_duplicate_keys where shop_id = ${shopId}`);
    await tx.execute(sql`delete from seo_store_links where shop_id = ${shopId}`);
    await tx.execute(sql`delete from seo_findings where shop_id = ${shopId}`);
    await tx.execute(sql`delete from seo_page_results where shop_id = ${shopId}`);
    await tx.execute(sql`delete from seo_store_figures where shop_id = ${shopId}`);
    await tx.execute(sql`delete from seo_store_check_pages where shop_id = ${shopId}`);
    await tx.execute(sql`delete from seo_pages where shop_id = ${shopId}`);
    await tx.execute(sql`delete from seo_rendered_findings where shop_id = ${shopId}`);
    await tx.execute(sql`delete from seo_storefront_fetches where shop_id = ${shopId}`);
    await tx.execute(sql`delete from seo_storefront_passes where shop_id = ${shopId}`);
  });
}

// Reading -------------------------------------------------------------------------------------

export type LanguageFiguresRow = {
  language: Language;
  /** Null for the language's totals; else the totals of its pages of that kind. */
  kind: PageKind | null;
  score: number;
  errors: number;
  warnings: number;
  infos: number;
  translationFields: number;
  translated: number;
  translationsOutdated: number;
  translationsSameAsSource: number;
};

/**
 * The store's score, findings and translation coverage per language, and per language and kind of
 * page, from the sums the database keeps of its pages (`seo_store_figures`).
 */
export async function languageFigures(
  db: Queryable,
  shopId: string,
): Promise<LanguageFiguresRow[]> {
  const { rows } = await db.execute<LanguageFiguresRow>(sql`
    select language, kind, ${storeScoreOfSums} as score, sum(errors)::int as errors,
      sum(warnings)::int as warnings, sum(infos)::int as infos,
      sum(translation_fields)::int as "translationFields", sum(translated)::int as translated,
      sum(translations_outdated)::int as "translationsOutdated",
      sum(translations_same_as_source)::int as "translationsSameAsSource"
    from seo_store_figures where shop_id = ${shopId} and pages > 0
    group by grouping sets ((language), (language, kind))`);
  return rows;
}

/**
 * Pages with at least one finding of each check, per language, most pages first: the counts the
 * database keeps of the page rows' failing checks (`seo_store_check_pages`), each check's severity
 * read from one of its findings (the first in order of severity, which the findings' index by check
 * gives without reading the table: with no order, the planner may look for any finding by scanning
 * the store's findings once per check).
 */
export async function findingsByCheck(
  db: Database,
  shopId: string,
): Promise<Array<{ language: Language; checkId: string; severity: Severity; pages: number }>> {
  const { rows } = await db.execute<{
    language: Language;
    checkId: string;
    severity: Severity;
    pages: number;
  }>(sql`
    with counts as (
      select language, check_id, pages from seo_store_check_pages
      where shop_id = ${shopId} and pages > 0
    )
    select c.language, c.check_id as "checkId", s.severity, c.pages from counts c
    cross join lateral (
      select f.severity from seo_findings f
      where f.shop_id = ${shopId} and f.language = c.language and f.check_id = c.check_id
      order by f.severity limit 1
    ) s
    order by c.pages desc, c.check_id`);
  return rows;
}

/** The store's score per language at the end of its last `count` finished runs, oldest first. */
export async function scoreTrend(
  db: Database,
  shopId: string,
  count: number,
): Promise<Array<{ language: Language; at: Date; score: number }>> {
  const { rows } = await db.execute<{ language: Language; at: Date; score: number }>(sql`
    select h.language, h.at, h.score from seo_score_history h
    where h.shop_id = ${shopId} and h.run_id in (
      select run_id from seo_score_history where shop_id = ${shopId}
      group by run_id order by max(at) desc limit ${count})
    order by h.at, h.language`);
  return rows.map((row) => ({ ...row, at: new Date(row.at) }));
}

export type PageSummaryRow = {
  id: string;
  kind: PageKind;
  title: string;
  handle: string;
  score: number;
  scoreEn: number | null;
  scoreFr: number | null;
  errors: number;
  warnings: number;
  infos: number;
};

const sortColumns = {
  score: 'score',
  title: 'title_key',
  kind: 'kind',
  findings: 'findings_total',
} as const;

/**
 * One page of the page list: from the pages' summaries, or from one language's rows when `language`
 * is given (then `scoreEn`/`scoreFr` hold only that language's score; the caller reads the others).
 * Ties are broken by the page's id, so that paging is stable.
 */
export async function listPages(
  db: Database,
  shopId: string,
  query: PageListQuery,
): Promise<{ total: number; pages: PageSummaryRow[] }> {
  const language = query.language;
  const conditions: SQL[] = [sql`shop_id = ${shopId}`];
  if (language !== undefined) conditions.push(sql`language = ${language}`);
  if (query.kind !== undefined) conditions.push(sql`kind = ${query.kind}`);
  if (query.check !== undefined) conditions.push(sql`check_ids @> array[${query.check}]::text[]`);
  if (query.severity !== undefined) {
    const column = { error: 'errors', warning: 'warnings', info: 'infos' }[query.severity];
    conditions.push(sql`${sql.raw(column)} > 0`);
  }
  if (query.minScore !== undefined) conditions.push(sql`score >= ${query.minScore}`);
  if (query.maxScore !== undefined) conditions.push(sql`score <= ${query.maxScore}`);
  const search = query.q?.trim().toLowerCase();
  if (search !== undefined && search !== '') {
    const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    // Titles in any language and handles: a language's rows carry their page's searched text, so
    // that a search with a language is filtered with that language's other conditions in one pass.
    conditions.push(sql`search like ${pattern}`);
  }
  const table = language === undefined ? sql`seo_pages` : sql`seo_page_results`;
  const where = sql.join(conditions, sql` and `);
  const sort = query.sort ?? 'score';
  const order = sql.raw(
    (query.order ?? (sort === 'findings' ? 'desc' : 'asc')) === 'desc' ? 'desc' : 'asc',
  );
  const column = sql.raw(sortColumns[sort]);
  const scores =
    language === undefined
      ? sql`score_en as "scoreEn", score_fr as "scoreFr"`
      : language === 'en'
        ? sql`score as "scoreEn", null::smallint as "scoreFr"`
        : sql`null::smallint as "scoreEn", score as "scoreFr"`;
  const [count, page] = await Promise.all([
    db.execute<{ total: number }>(sql`select count(*)::int as total from ${table} where ${where}`),
    db.execute<PageSummaryRow>(sql`
      select page_gid as id, kind, title, handle, score, ${scores}, errors, warnings, infos
      from ${table} where ${where}
      order by ${column} ${order}, page_gid ${order}
      offset ${query.offset ?? 0} limit ${query.limit ?? 50}`),
  ]);
  return { total: count.rows[0]?.total ?? 0, pages: page.rows };
}

/** The scores of these pages in every language, by page then language. */
export async function scoresOfPages(
  db: Database,
  shopId: string,
  gids: readonly string[],
): Promise<Map<string, { en: number | null; fr: number | null }>> {
  const scores = new Map<string, { en: number | null; fr: number | null }>();
  if (gids.length === 0) return scores;
  const { rows } = await db.execute<{ id: string; en: number | null; fr: number | null }>(sql`
    select page_gid as id, score_en as en, score_fr as fr from seo_pages
    where shop_id = ${shopId} and page_gid in ${jsonList(gids)}`);
  for (const row of rows) scores.set(row.id, { en: row.en, fr: row.fr });
  return scores;
}

/** One page's rows per language and its findings; undefined when the audit does not hold it. */
export async function findPageAudit(
  db: Database,
  shopId: string,
  gid: string,
): Promise<
  | {
      kind: PageKind;
      handle: string;
      auditedAt: Date;
      languages: Array<{ language: Language; title: string; score: number }>;
      findings: Array<{
        language: Language;
        checkId: string;
        severity: Severity;
        evidence: FindingEvidence;
      }>;
    }
  | undefined
> {
  const [results, findings] = await Promise.all([
    db.execute<{
      language: Language;
      kind: PageKind;
      handle: string;
      title: string;
      score: number;
      audited_at: Date;
    }>(sql`
      select language, kind, handle, title, score, audited_at from seo_page_results
      where shop_id = ${shopId} and page_gid = ${gid} order by language`),
    db.execute<{
      language: Language;
      checkId: string;
      severity: Severity;
      evidence: FindingEvidence;
    }>(sql`
      select language, check_id as "checkId", severity, evidence from seo_findings
      where shop_id = ${shopId} and page_gid = ${gid}`),
  ]);
  const first = results.rows[0];
  if (first === undefined) return undefined;
  return {
    kind: first.kind,
    handle: first.handle,
    auditedAt: new Date(first.audited_at),
    languages: results.rows.map((row) => ({
      language: row.language,
      title: row.title,
      score: row.score,
    })),
    findings: findings.rows,
  };
}

/** How many of the pages sharing a value with a page its detail names: the finding counts them all. */
export const samePagesShown = 20;

/**
 * The other pages that share a value with this page for a duplicate check (the same title, the
 * same meta description), by check and language, in the order of their titles: at most
 * `samePagesShown` of each group, the first ones, each with the count of the whole group (`total`).
 * Both count only the pages with a result row, those the detail can name and link to: the audit's
 * own count (`measured`) may hold a page whose result is gone, which "and N more" would overstate.
 */
export async function findSamePages(
  db: Database,
  shopId: string,
  gid: string,
): Promise<
  Array<{
    checkId: string;
    language: Language;
    id: string;
    kind: PageKind;
    title: string;
    handle: string;
    total: number;
  }>
> {
  const { rows } = await db.execute<{
    checkId: string;
    language: Language;
    id: string;
    kind: PageKind;
    title: string;
    handle: string;
    total: number;
  }>(sql`
    select "checkId", language, id, kind, title, handle, total from (
      select mine.check_id as "checkId", mine.language, other.page_gid as id, r.kind, r.title,
        r.handle, row_number() over (
          partition by mine.check_id, mine.language order by r.title, other.page_gid
        ) as place,
        (count(*) over (partition by mine.check_id, mine.language))::int as total
      from seo_duplicate_keys mine
      join seo_duplicate_keys other on other.shop_id = mine.shop_id
        and other.check_id = mine.check_id and other.language = mine.language
        and other.key_hash = mine.key_hash and other.page_gid <> mine.page_gid
      join seo_page_results r on r.shop_id = other.shop_id and r.page_gid = other.page_gid
        and r.language = other.language
      where mine.shop_id = ${shopId} and mine.page_gid = ${gid}
    ) same
    where place <= ${samePagesShown}
    order by "checkId", language, place`);
  return rows;
}

/** The stores whose audit has at least one run, for the weekly sweep. */
/** Those of the stores that were audited at least once, in the order given. */
export async function auditedShopIdsAmong(db: Database, shopIds: string[]): Promise<string[]> {
  if (shopIds.length === 0) return [];
  const { rows } = await db.execute<{ shop_id: string }>(
    sql`select distinct shop_id from seo_audit_runs where shop_id in (${sql.join(
      shopIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  const audited = new Set(rows.map((row) => row.shop_id));
  return shopIds.filter((id) => audited.has(id));
}

export async function findAuditedShopIds(db: Database): Promise<string[]> {
  const { rows } = await db.execute<{ shop_id: string }>(
    sql`select distinct shop_id from seo_audit_runs`,
  );
  return rows.map((row) => row.shop_id);
}

/** Whether an audit of any of the stores has finished. */
export async function anyAuditFinished(db: Database, shopIds: readonly string[]): Promise<boolean> {
  if (shopIds.length === 0) return false;
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists (select 1 from seo_audit_runs
      where shop_id in (${sql.join(
        shopIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and state = 'done') as found`);
  return rows[0]?.found === true;
}
