import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blogContracts as contracts } from '#shared/contracts/blog.ts';
import {
  createPost,
  deletePost,
  listPostVersions,
  listPosts,
  readPost,
  restoreVersion,
  savePost,
} from '#server/areas/blog/index.ts';
import { requireOwnedShop } from '#server/areas/shops/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { authenticatedCaller } from '../../../plugins/authenticate.ts';
import { limitedPerCaller, type ApiRateLimits } from '../../../plugins/caller-rate-limits.ts';
import { routeOf } from '../../contract-route.ts';
import { authenticatedRouteErrors, errorResponses, jsonBodyErrors } from '../../error-responses.ts';

/** The OpenAPI security requirement of every route here; the scheme is declared in app.ts. */
const bearerToken = [{ firebaseIdToken: [] }];

export interface BlogRoutesOptions {
  database: DatabaseHandle;
  /** The budgets per account of the costly writes (server/api/plugins/caller-rate-limits.ts). */
  rateLimits: ApiRateLimits;
}

const notOwned = {
  400: 'Not a store id (`invalid_shopId`), or an invalid request',
  404: 'No such store on this account (`shop_not_found`), or no such post on it (`post_not_found`)',
};

/**
 * A store's blog posts (`/api/v1/shops/:shopId/blog/…`): drafts in both languages saved as the owner
 * types, and the versions kept of each. A store of another owner answers 404, as one that does not
 * exist.
 */
export const blogRoutes: FastifyPluginAsyncZod<BlogRoutesOptions> = async (app, options) => {
  const { database, rateLimits } = options;
  const db = database.db;

  /** The caller, once the store is known to be theirs. */
  const ownerOf = async (request: Parameters<typeof authenticatedCaller>[0], shopId: string) => {
    const { uid } = authenticatedCaller(request);
    await requireOwnedShop(db, uid, shopId);
    return uid;
  };

  app.route({
    ...routeOf(app, contracts.listPosts, {
      summary: "The store's blog posts",
      description:
        'The latest saved first, narrowed to titles holding `search` in English or French, paged (`offset`, `limit`, 20 by default).',
      tags: ['blog'],
      security: bearerToken,
      answers: { 200: 'One page of the list' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], notOwned),
    }),
    handler: async (request) => {
      await ownerOf(request, request.params.shopId);
      return { data: await listPosts(db, request.params.shopId, request.query) };
    },
  });

  app.route({
    ...routeOf(app, contracts.createPost, {
      summary: 'Start a post',
      description:
        'A new draft, with what the owner typed first or empty (signed with the owner’s name). Its bodies are kept as cleaned for Shopify: scripts, styles and unknown markup removed.',
      tags: ['blog'],
      security: bearerToken,
      answers: { 201: 'The draft' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 404, 429], notOwned),
    }),
    config: limitedPerCaller(rateLimits.postCreations),
    handler: async (request, reply) => {
      const { shopId } = request.params;
      const uid = await ownerOf(request, shopId);
      const post = await createPost(db, shopId, uid, request.body.content);
      return reply.code(201).send({ data: post });
    },
  });

  app.route({
    ...routeOf(app, contracts.readPost, {
      summary: 'A post',
      description: 'The post as last saved, with its revision, which the next save names.',
      tags: ['blog'],
      security: bearerToken,
      answers: { 200: 'The post' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], notOwned),
    }),
    handler: async (request) => {
      const { shopId, postId } = request.params;
      await ownerOf(request, shopId);
      return { data: await readPost(db, shopId, postId) };
    },
  });

  app.route({
    ...routeOf(app, contracts.savePost, {
      summary: 'Save a post',
      description:
        'The whole post as the owner has it now, edited from `baseRevision`. A post saved since from elsewhere (another tab or device) is not overwritten: 409, and the caller reads it again. Saves by the same person within five minutes make one version; the 30 newest versions are kept.',
      tags: ['blog'],
      security: bearerToken,
      answers: { 200: 'The post saved, with its new revision' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 404, 409], {
        ...notOwned,
        409: 'Saved from elsewhere since `baseRevision` (`post_changed_elsewhere`): nothing was written',
      }),
    }),
    handler: async (request) => {
      const { shopId, postId } = request.params;
      const uid = await ownerOf(request, shopId);
      return { data: await savePost(db, shopId, postId, uid, request.body) };
    },
  });

  app.route({
    ...routeOf(app, contracts.deletePost, {
      summary: 'Delete a draft',
      description: 'The post and its versions.',
      tags: ['blog'],
      security: bearerToken,
      answers: { 204: 'The post deleted' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], notOwned),
    }),
    handler: async (request, reply) => {
      const { shopId, postId } = request.params;
      await ownerOf(request, shopId);
      await deletePost(db, shopId, postId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOf(app, contracts.listVersions, {
      summary: "A post's versions",
      description:
        'The newest first, the first being the post as saved: when each was saved, by whom, its titles and words.',
      tags: ['blog'],
      security: bearerToken,
      answers: { 200: 'The versions' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], notOwned),
    }),
    handler: async (request) => {
      const { shopId, postId } = request.params;
      await ownerOf(request, shopId);
      return { data: { versions: await listPostVersions(db, shopId, postId) } };
    },
  });

  app.route({
    ...routeOf(app, contracts.restoreVersion, {
      summary: 'Restore a version',
      description:
        'The version becomes the post again, as a new revision: the post it replaces stays among the versions.',
      tags: ['blog'],
      security: bearerToken,
      answers: { 200: 'The post restored, with its new revision' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 404, 409], {
        ...notOwned,
        404: 'No such store on this account (`shop_not_found`), no such post (`post_not_found`) or version of it (`version_not_found`)',
        409: 'Saved from elsewhere since `baseRevision` (`post_changed_elsewhere`): nothing was written',
      }),
    }),
    handler: async (request) => {
      const { shopId, postId, revision } = request.params;
      const uid = await ownerOf(request, shopId);
      return {
        data: await restoreVersion(db, shopId, postId, uid, revision, request.body.baseRevision),
      };
    },
  });
};
