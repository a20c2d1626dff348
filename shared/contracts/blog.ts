import * as z from 'zod/mini';
import {
  createPostBodySchema,
  postListQuerySchema,
  postListSchema,
  postResponseSchema,
  postVersionListSchema,
  restoreVersionBodySchema,
  savePostBodySchema,
} from '../schemas/blog.ts';
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
  deletePost: defineContract({
    method: 'DELETE',
    path: '/api/v1/shops/:shopId/blog/posts/:postId',
    params: postParams,
    responses: { 204: noBody },
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
