import type { Language } from '#shared/constants.ts';
import { postFigures, type PostFigures } from '#shared/blog/post-figures.ts';
import type { PostContent } from '#shared/schemas/blog.ts';
import type { Database } from '#server/db/database.ts';
import { auditedStoreOf } from '#server/areas/catalog/index.ts';

/** Figures a post's texts as the store's audit and the editor see them. */
export type FigurePost = (content: PostContent) => PostFigures;

/**
 * The figures of the store's posts (shared/blog/post-figures.ts) are computed against the store's
 * name and primary language, as the editor computes them: read once per request, before the
 * transaction that saves.
 */
export async function postFiguring(db: Database, shopId: string): Promise<FigurePost> {
  const store = await auditedStoreOf(db, shopId);
  const shopName = store?.shopName ?? '';
  const primary: Language = store?.primaryLanguage ?? 'en';
  return (content) => postFigures(content, shopName, primary);
}
