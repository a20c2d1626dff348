import type {
  PostSummary,
  PostVersionView,
  PostView,
  PublicationView,
} from '#shared/schemas/blog.ts';
import { bodyWordCount } from '#shared/blog/post-words.ts';
import type { Database } from '#server/db/database.ts';
import { accountNames } from '#server/areas/account/index.ts';
import type { PostListRow, StoredPost, StoredVersion } from './posts-repository.ts';

/**
 * Posts as the API describes them, each person named as the account area names people. Someone whose
 * account is gone is named by nobody: an empty string, which the client shows as "someone".
 */
async function namesOf(
  db: Database,
  uids: readonly string[],
): Promise<ReadonlyMap<string, string>> {
  const unique = [...new Set(uids)];
  return unique.length === 0 ? new Map() : accountNames(db, unique);
}

export function presentPublication(row: StoredPost): PublicationView {
  return {
    state: row.publicationState,
    action: row.publicationAction,
    articleId: row.articleGid,
    blogId: row.blogGid,
    publishAt: row.publishAt === null ? null : row.publishAt.toISOString(),
    publishedRevision: row.publishedRevision,
    languages: row.languageStates,
    storeImageUrl: row.storeImageUrl,
    errorCode: row.publicationState === 'failed' ? row.errorCode : null,
    shopifyVersion: row.publicationState === 'conflict' ? row.shopifyVersion : null,
  };
}

export async function presentPost(db: Database, row: StoredPost): Promise<PostView> {
  const names = await namesOf(db, [row.updatedBy]);
  return {
    id: row.id,
    revision: row.revision,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: names.get(row.updatedBy) ?? '',
    publication: presentPublication(row),
  };
}

/**
 * `articleTimes`: when the catalog's copy last saw each post's article change at Shopify; later
 * than Vitrine's last write or read, someone changed it in Shopify since.
 */
export async function presentPostSummaries(
  db: Database,
  rows: readonly PostListRow[],
  articleTimes: ReadonlyMap<string, Date>,
  /** Per post, its links to products deleted, renamed or off sale. */
  productLinkProblems: ReadonlyMap<string, number>,
): Promise<PostSummary[]> {
  const names = await namesOf(
    db,
    rows.map((row) => row.updatedBy),
  );
  const changedInShopify = (row: PostListRow) => {
    const seen = row.articleGid === null ? undefined : articleTimes.get(row.articleGid);
    return (
      seen !== undefined &&
      row.shopifyUpdatedAt !== null &&
      seen.getTime() > Date.parse(row.shopifyUpdatedAt)
    );
  };
  return rows.map((row) => ({
    id: row.id,
    titles: row.titles,
    languages: row.figures.languages,
    productLinkProblems: productLinkProblems.get(row.id) ?? 0,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: names.get(row.updatedBy) ?? '',
    state: row.publicationState,
    publishAt: row.publishAt === null ? null : row.publishAt.toISOString(),
    changedSincePublished: row.publishedRevision !== null && row.revision > row.publishedRevision,
    changedInShopify: changedInShopify(row),
  }));
}

export async function presentVersions(
  db: Database,
  rows: readonly StoredVersion[],
): Promise<PostVersionView[]> {
  const names = await namesOf(
    db,
    rows.map((row) => row.savedBy),
  );
  return rows.map((row) => ({
    revision: row.revision,
    savedAt: row.savedAt.toISOString(),
    savedBy: names.get(row.savedBy) ?? '',
    titles: { en: row.content.languages.en.title, fr: row.content.languages.fr.title },
    words: {
      en: bodyWordCount(row.content.languages.en.bodyHtml),
      fr: bodyWordCount(row.content.languages.fr.bodyHtml),
    },
  }));
}
