/**
 * What the blog area offers the other areas and the wiring (server/api, server/bff, the
 * composition root): lint refuses their imports of any other file of this folder.
 */
export { cleanPostBody } from './post-body.ts';
export {
  deletePost,
  deleteStorePosts,
  listPostVersions,
  listPosts,
  readPost,
} from './read-posts.ts';
export { createPost, restoreVersion, savePost } from './save-post.ts';
