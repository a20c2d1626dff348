import * as z from 'zod/mini';
import {
  blogSettingsSchema,
  createPostBodySchema,
  publishBodySchema,
  takeShopifyBodySchema,
  postListQuerySchema,
  postListSchema,
  postResponseSchema,
  postVersionListSchema,
  productLinkListSchema,
  productLinkQuerySchema,
  restoreVersionBodySchema,
  storeArticleListQuerySchema,
  storeArticleListSchema,
  savePostBodySchema,
} from '../schemas/blog.ts';
import { handleCheckQuerySchema, handleCheckResponseSchema } from '../schemas/blog-handles.ts';
import { defineContract, noBody } from './api-contract.ts';

/**
 * The routes of a store's blog posts (shared/schemas/blog.ts): drafts written in both languages,
 * saved as the owner types, with the versions kept of each.
 */

const shopParams = z.object({ shopId: z.uuid() });
const postParams = z.object({ shopId: z.uuid(), postId: z.uuid() });

export const blogContracts = {
  listPosts: defineContract({
    method: 'GET',
    path: '/api/v1/shops/:shopId/blog/posts',
    params: shopParams,
    query: postListQuerySchema,
    responses: { 200: postListSchema },
  }),
  createPost: defineContract({
    method: 'POST',
    path: '/api/v1/shops/:shopId/blog/posts',
    params: shopParams,
    body: createPostBodySchema,
    responses: { 201: postResponseSchema },
  }),
  readPost: defineContract({
    method: 'GET',
    path: '/api/v1/shops/:shopId/blog/posts/:postId',
    params: postParams,
    responses: { 200: postResponseSchema },
  }),
  savePost: defineContract({
    method: 'PUT',
    path: '/api/v1/shops/:shopId/blog/posts/:postId',
    params: postParams,
    body: savePostBodySchema,
    responses: { 200: postResponseSchema },
  }),
  /** A draft goes at once (204); a post on the store is removed from it by a job first (202). */
  deletePost: defineContract({
    method: 'DELETE',
    path: '/api/v1/shops/:shopId/blog/posts/:postId',
    params: postParams,
    responses: { 202: postResponseSchema, 204: noBody },
  }),
  publishPost: defineContract({
    method: 'POST',
    path: '/api/v1/shops/:shopId/blog/posts/:postId/publish',
    params: postParams,
    body: publishBodySchema,
    responses: { 202: postResponseSchema },
  }),
  unpublishPost: defineContract({
    method: 'POST',
    path: '/api/v1/shops/:shopId/blog/posts/:postId/unpublish',
    params: postParams,
    responses: { 202: postResponseSchema },
  }),
  takeShopifyVersion: defineContract({
    method: 'POST',
    path: '/api/v1/shops/:shopId/blog/posts/:postId/take-shopify',
    params: postParams,
    body: takeShopifyBodySchema,
    responses: { 200: postResponseSchema },
  }),
  linkableProducts: defineContract({
    method: 'GET',
    path: '/api/v1/shops/:shopId/blog/products',
    params: shopParams,
    query: productLinkQuerySchema,
    responses: { 200: productLinkListSchema },
  }),
  listStoreArticles: defineContract({
    method: 'GET',
    path: '/api/v1/shops/:shopId/blog/store-articles',
    params: shopParams,
    query: storeArticleListQuerySchema,
    responses: { 200: storeArticleListSchema },
  }),
  /** An article of the store brought into Vitrine as a post, to edit there (201). */
  adoptStoreArticle: defineContract({
    method: 'POST',
    path: '/api/v1/shops/:shopId/blog/store-articles/:articleId/adopt',
    params: z.object({ shopId: z.uuid(), articleId: z.string().check(z.regex(/^\d{1,20}$/)) }),
    responses: { 201: postResponseSchema },
  }),
  settings: defineContract({
    method: 'GET',
    path: '/api/v1/shops/:shopId/blog/settings',
    params: shopParams,
    responses: { 200: blogSettingsSchema },
  }),
  /**
   * Whether a handle is taken in the post's blog in a language, the post's own article left out
   * (shared/schemas/blog-handles.ts): the editor asks as the owner types.
   */
  checkHandle: defineContract({
    method: 'GET',
    path: '/api/v1/shops/:shopId/blog/posts/:postId/handle-check',
    params: postParams,
    query: handleCheckQuerySchema,
    responses: { 200: handleCheckResponseSchema },
  }),
  listVersions: defineContract({
    method: 'GET',
    path: '/api/v1/shops/:shopId/blog/posts/:postId/versions',
    params: postParams,
    responses: { 200: postVersionListSchema },
  }),
  restoreVersion: defineContract({
    method: 'POST',
    path: '/api/v1/shops/:shopId/blog/posts/:postId/versions/:revision/restore',
    params: z.object({
      shopId: z.uuid(),
      postId: z.uuid(),
      revision: z.coerce.number().check(z.int(), z.minimum(1)),
    }),
    body: restoreVersionBodySchema,
    responses: { 200: postResponseSchema },
  }),
};
