/**
 * What the blog area offers the other areas and the wiring (server/api, server/bff, the
 * composition root): lint refuses their imports of any other file of this folder.
 */
export { hasPublishedPost, postsCountedThisMonth, summariseBlog } from './blog-summary.ts';
export { cleanPostBody } from './post-body.ts';
export { findProductLinks } from './product-links.ts';
export { checkPostHandle } from './post-handles.ts';
export { adoptStoreArticle, listArticlesNotInVitrine } from './store-articles.ts';
export { deleteStorePosts, listPostVersions, listPosts, readPost } from './read-posts.ts';
export { createPost, restoreVersion, savePost, takeShopifyVersion } from './save-post.ts';
export type { BlogDependencies } from './blog-dependencies.ts';
export { startBlogJobs } from './blog-publish-job.ts';
export {
  primaryLanguageOf,
  readBlogSettings,
  requestPublication,
  requestRemoval,
} from './publish-post.ts';
