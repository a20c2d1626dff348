import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blogContracts as contracts } from '#shared/contracts/blog.ts';
import {
  adoptStoreArticle,
  checkPostHandle,
  createPost,
  findProductLinks,
  listArticlesNotInVitrine,
  listPostVersions,
  listPosts,
  primaryLanguageOf,
  readBlogSettings,
  readPost,
  requestPublication,
  requestRemoval,
  restoreVersion,
  savePost,
  takeShopifyVersion,
} from '#server/areas/blog/index.ts';
import { auditedStoreOf } from '#server/areas/catalog/index.ts';
import { requireOwnedShop } from '#server/areas/shops/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { authenticatedCaller } from '../../../plugins/authenticate.ts';
import { limitedPerCaller, type ApiRateLimits } from '../../../plugins/caller-rate-limits.ts';
import { routeOf } from '../../contract-route.ts';
import { authenticatedRouteErrors, errorResponses, jsonBodyErrors } from '../../error-responses.ts';

/** The OpenAPI security requirement of every route here; the scheme is declared in app.ts. */
const bearerToken = [{ firebaseIdToken: [] }];

export interface BlogRoutesOptions {
  database: DatabaseHandle;
  jobs: JobQueue;
  /** The budgets per account of the costly writes (server/api/plugins/caller-rate-limits.ts). */
  rateLimits: ApiRateLimits;
}

const notOwned = {
  400: 'Not a store id (`invalid_shopId`), or an invalid request',
  404: 'No such store on this account (`shop_not_found`), or no such post on it (`post_not_found`)',
};
const paused =
  'The store is paused: the plan allows fewer stores than are connected (`plan_limit_reached`, `limit: stores`, with the plan that lifts it)';
const busy = 'The post is being written to the store (`publication_in_progress`)';

/**
 * A store's blog posts (`/api/v1/shops/:shopId/blog/…`): drafts in both languages saved as the owner
 * types, and the versions kept of each. A store of another owner answers 404, as one that does not
 * exist.
 */
export const blogRoutes: FastifyPluginAsyncZod<BlogRoutesOptions> = async (app, options) => {
  const { database, jobs, rateLimits } = options;
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
      summary: 'Delete a post',
      description:
        'A draft goes at once with its versions (204). A post on the store is removed from it first, by a job (202): the post then goes once Shopify has deleted its article.',
      tags: ['blog'],
      security: bearerToken,
      answers: { 202: 'The removal from the store queued', 204: 'The draft deleted' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 403, 404, 409], {
        ...notOwned,
        403: paused,
        409: busy,
      }),
    }),
    handler: async (request, reply) => {
      const { shopId, postId } = request.params;
      await ownerOf(request, shopId);
      const post = await requestRemoval({ db, jobs }, shopId, postId, 'delete');
      return post === null ? reply.code(204).send(null) : reply.code(202).send({ data: post });
    },
  });

  app.route({
    ...routeOf(app, contracts.publishPost, {
      summary: 'Publish or schedule a post',
      description:
        'Writes the post as saved at `baseRevision` to the store, now or from `publishAt`, by a job (202): the article in the store’s language, then the other language as its translation. A post new to the store counts against the plan’s posts per month, in the month it becomes visible. `overwrite` answers a conflict with the owner’s text.',
      tags: ['blog'],
      security: bearerToken,
      answers: { 202: 'The publication queued' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 403, 404, 409, 422], {
        ...notOwned,
        400: 'A date that is not in the future (`publish_date_past`), or an invalid request',
        403: 'The plan’s posts per month are reached (`plan_limit_reached`, `limit: blogPostsPerMonth`, with the plan that lifts it), or the store is paused (`plan_limit_reached`, `limit: stores`)',
        409: 'Saved since `baseRevision` (`post_changed_elsewhere`), a handle another article of the blog answers at in either language (`handle_taken`, `field` naming the language: `fr.handle`), or already being written (`publication_in_progress`)',
        422: 'Something Shopify would refuse (`post_not_publishable`, `field` naming the language and the problem)',
      }),
    }),
    handler: async (request, reply) => {
      const { shopId, postId } = request.params;
      const uid = await ownerOf(request, shopId);
      const post = await requestPublication({ db, jobs }, shopId, postId, uid, request.body);
      return reply.code(202).send({ data: post });
    },
  });

  app.route({
    ...routeOf(app, contracts.unpublishPost, {
      summary: 'Hide a post on the store',
      description: 'The article stays in the store’s admin, off the storefront, by a job (202).',
      tags: ['blog'],
      security: bearerToken,
      answers: { 202: 'The unpublication queued' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 403, 404, 409], {
        ...notOwned,
        403: paused,
        409: 'Not on the store (`post_not_on_store`), or being written (`publication_in_progress`)',
      }),
    }),
    handler: async (request, reply) => {
      const { shopId, postId } = request.params;
      await ownerOf(request, shopId);
      const post = await requestRemoval({ db, jobs }, shopId, postId, 'unpublish');
      return reply.code(202).send({ data: post! });
    },
  });

  app.route({
    ...routeOf(app, contracts.takeShopifyVersion, {
      summary: "Keep Shopify's text of a post in conflict",
      description:
        'The article’s title and body as Shopify holds them become the post’s, as a new revision; the post then matches the store again.',
      tags: ['blog'],
      security: bearerToken,
      answers: { 200: 'The post with Shopify’s text' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 404, 409], {
        ...notOwned,
        409: 'Saved since `baseRevision` (`post_changed_elsewhere`), or in no conflict (`post_not_on_store`)',
      }),
    }),
    handler: async (request) => {
      const { shopId, postId } = request.params;
      const uid = await ownerOf(request, shopId);
      const primary = primaryLanguageOf(await auditedStoreOf(db, shopId));
      return {
        data: await takeShopifyVersion(db, shopId, postId, uid, request.body.baseRevision, primary),
      };
    },
  });

  app.route({
    ...routeOf(app, contracts.linkableProducts, {
      summary: "The store's products to link a post to",
      description:
        'From the store’s copy: the products whose title holds `search` (12, those on sale first), or those the post’s links name (`handles`, comma-separated), each with its title and storefront address in English and French and whether it is on sale.',
      tags: ['blog'],
      security: bearerToken,
      answers: { 200: 'The products' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], notOwned),
    }),
    handler: async (request) => {
      await ownerOf(request, request.params.shopId);
      return {
        data: { products: await findProductLinks(db, request.params.shopId, request.query) },
      };
    },
  });

  app.route({
    ...routeOf(app, contracts.listStoreArticles, {
      summary: "The store's articles not in Vitrine",
      description:
        'The articles of the store’s blogs (from its copy) that no post holds, the latest updated first, narrowed to titles holding `search`, paged (20 by default).',
      tags: ['blog'],
      security: bearerToken,
      answers: { 200: 'One page of the list' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], notOwned),
    }),
    handler: async (request) => {
      await ownerOf(request, request.params.shopId);
      return {
        data: await listArticlesNotInVitrine(db, request.params.shopId, request.query),
      };
    },
  });

  app.route({
    ...routeOf(app, contracts.adoptStoreArticle, {
      summary: 'Bring an article of the store into Vitrine',
      description:
        'A post holding the article’s texts in the store’s language and its translation, already on the store (it counts against no month); the post it already is when brought in before.',
      tags: ['blog'],
      security: bearerToken,
      answers: { 201: 'The post' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], {
        ...notOwned,
        404: 'No such store on this account (`shop_not_found`), or no such article in its copy (`not_found`)',
      }),
    }),
    handler: async (request, reply) => {
      const { shopId, articleId } = request.params;
      const uid = await ownerOf(request, shopId);
      const post = await adoptStoreArticle(db, shopId, uid, `gid://shopify/Article/${articleId}`);
      return reply.code(201).send({ data: post });
    },
  });

  app.route({
    ...routeOf(app, contracts.settings, {
      summary: "The store's blogs, time zone and posts left this month",
      description:
        'What the editor offers: the blogs a post can go to (the first by default), the time zone dates are shown and scheduled in, and the posts new to the store this month against the plan’s limit.',
      tags: ['blog'],
      security: bearerToken,
      answers: { 200: 'The settings' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], notOwned),
    }),
    handler: async (request) => {
      const uid = await ownerOf(request, request.params.shopId);
      return { data: await readBlogSettings(db, request.params.shopId, uid) };
    },
  });

  app.route({
    ...routeOf(app, contracts.checkHandle, {
      summary: 'Whether a handle is taken in the post’s blog',
      description:
        'Read-only, for the editor as the owner types: whether another article of the blog (`blogId`, or the post’s own blog) answers at `handle` in `language`, by the store’s copy (its own handle, or its handle in the store’s other language) or as the handle of another post published, scheduled or being published there. The post’s own article never takes it; a language the store does not publish is always free. A draft is saved with a taken handle all the same: publishing refuses it (`handle_taken`).',
      tags: ['blog'],
      security: bearerToken,
      answers: { 200: 'Whether the handle is taken' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], notOwned),
    }),
    handler: async (request) => {
      const { shopId, postId } = request.params;
      await ownerOf(request, shopId);
      return { data: await checkPostHandle(db, shopId, postId, request.query) };
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
