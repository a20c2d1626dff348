import type { PageList, PageListQuery } from '#shared/schemas/seo.ts';
import type { Database } from '#server/db/database.ts';
import * as seoRepository from './seo-repository.ts';

/**
 * The store's audited pages, filtered, searched, sorted and paged by the database. With a language,
 * the filters and the score sort read that language's rows, and each page still shows its scores in
 * every language.
 */
export async function listSeoPages(
  db: Database,
  shopId: string,
  query: PageListQuery,
): Promise<PageList> {
  const { total, pages } = await seoRepository.listPages(db, shopId, query);
  const scores =
    query.language === undefined
      ? undefined
      : await seoRepository.scoresOfPages(
          db,
          shopId,
          pages.map((page) => page.id),
        );
  return {
    total,
    offset: query.offset ?? 0,
    pages: pages.map((page) => ({
      id: page.id,
      kind: page.kind,
      title: page.title,
      handle: page.handle,
      scores: scores?.get(page.id) ?? { en: page.scoreEn, fr: page.scoreFr },
      findings: { error: page.errors, warning: page.warnings, info: page.infos },
    })),
  };
}
