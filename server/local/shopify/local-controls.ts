import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  articleIsVisible,
  gid,
  parseGid,
  shopifyHandle,
  type Article,
  type Product,
} from './catalog-model.ts';
import { tokenEndpointFailureStatuses, type LocalShopifyState } from './local-shopify-state.ts';
import { escapeHtml } from '#server/platform/plain-page.ts';
import { signQuery } from './oauth-pages.ts';
import {
  collectionPayload,
  localePayload,
  productDeletePayload,
  productPayload,
  shopPayload,
} from './rest-payloads.ts';
import type { SeededStore } from './seeded-store.ts';

/**
 * The local Shopify's own controls, for tests and for people (Shopify has nothing like them): under
 * `/<shop>/_local/`, JSON, no token. They change a store the way an owner would in Shopify's admin
 * (products, their images' alt texts, collections, pages, articles, their SEO texts, translations
 * of these, a product image's alt text included),
 * with the same consequences (an edited product fires products/update and outdates the translations
 * of the texts that changed), and let a test revoke or expire the app's tokens, make the token
 * endpoint fail for a while (408, 429, 5xx) or hold its answers, uninstall it, shrink its query
 * budget, hold the downloads of its bulk operations' files part-way, or make a blog or an article
 * one Shopify holds no update time for (`updatedAt` null, as Shopify's schema allows).
 * `install-app` opens the app for an install started from Shopify's side. The admin page
 * (`_local/admin`) lists the products and the articles, and edits an article's title and body with
 * a plain form, as an owner changes one in Shopify's admin behind the app's back.
 */

const seoSchema = z
  .object({
    title: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
  })
  .strict();
const productStatus = z.enum(['ACTIVE', 'ARCHIVED', 'DRAFT', 'UNLISTED']);
const productChangesSchema = z
  .object({
    title: z.string().min(1).optional(),
    handle: z.string().min(1).optional(),
    descriptionHtml: z.string().optional(),
    seo: seoSchema.optional(),
    status: productStatus.optional(),
    productType: z.string().optional(),
    vendor: z.string().optional(),
    tags: z.array(z.string()).optional(),
    media: z
      .array(z.object({ id: z.union([z.string(), z.number()]), alt: z.string() }).strict())
      .optional(),
  })
  .strict();
const newProductSchema = productChangesSchema.extend({ title: z.string().min(1) });
const pageChangesSchema = z
  .object({
    title: z.string().min(1).optional(),
    handle: z.string().min(1).optional(),
    body: z.string().optional(),
    isPublished: z.boolean().optional(),
    seo: seoSchema.optional(),
  })
  .strict();
/** An image's alt text as an owner types it: empty or null removes it. */
const imageAltSchema = z.object({ altText: z.string().max(512).nullable() }).strict();
const collectionChangesSchema = z
  .object({
    title: z.string().min(1).optional(),
    descriptionHtml: z.string().optional(),
    seo: seoSchema.optional(),
    image: imageAltSchema.optional(),
  })
  .strict();
const articleChangesSchema = z
  .object({
    title: z.string().min(1).optional(),
    body: z.string().optional(),
    summary: z.string().nullable().optional(),
    seo: seoSchema.optional(),
    image: imageAltSchema.optional(),
  })
  .strict();
/** The admin page's article form: a title Shopify would accept, and the body's HTML. */
const articleFormSchema = z
  .object({ title: z.string().trim().min(1).max(255), body: z.string() })
  .strict();
const mediaChangesSchema = z.object({ alt: z.string().max(512) }).strict();
const translationSchema = z
  .object({
    resourceId: z.string(),
    locale: z.string().min(2),
    key: z.string().min(1),
    value: z.string(),
  })
  .strict();
const bucketSchema = z
  .object({ maximumAvailable: z.number().positive(), restoreRate: z.number().nonnegative() })
  .strict();
const resultDownloadsSchema = z
  .object({ holdAfterBytes: z.number().int().nonnegative().nullable() })
  .strict();
const tokenEndpointFailuresSchema = z.union([
  z
    .object({
      status: z.literal(tokenEndpointFailureStatuses),
      times: z.number().int().positive().nullable(),
    })
    .strict(),
  z.object({ status: z.null() }).strict(),
]);
const tokenEndpointHoldSchema = z.object({ held: z.boolean() }).strict();
const shopChangesSchema = z.object({ name: z.string().min(1) }).strict();
const newCollectionSchema = z
  .object({
    title: z.string().min(1),
    descriptionHtml: z.string().optional(),
    productIds: z.array(z.number().int()).optional(),
  })
  .strict();
const localeSchema = z
  .object({
    locale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
    name: z.string().min(1),
    published: z.boolean(),
  })
  .strict();

type ShopParams = { shop: string };

function productJson(product: Product) {
  return { ...product, id: gid('Product', product.id), legacyResourceId: String(product.id) };
}

function parseBody<T>(
  schema: z.ZodType<T>,
  request: FastifyRequest,
  reply: FastifyReply,
): T | undefined {
  const parsed = schema.safeParse(request.body ?? {});
  if (parsed.success) return parsed.data;
  void reply.code(400).send({
    error: 'invalid_body',
    problems: parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`,
    ),
  });
  return undefined;
}

/** A numeric id or a gid of the kind expected. */
function numericId(value: string, kind: string): number | undefined {
  if (/^\d+$/.test(value)) return Number(value);
  const parsed = parseGid(value);
  return parsed?.kind === kind ? parsed.id : undefined;
}

export function localControls(state: LocalShopifyState) {
  return async (app: FastifyInstance) => {
    const storeOr404 = (request: FastifyRequest, reply: FastifyReply): SeededStore | undefined => {
      const store = state.stores.get((request.params as ShopParams).shop);
      if (store === undefined) void reply.code(404).send({ error: 'unknown_store' });
      return store;
    };
    const notFound = (reply: FastifyReply, what: string) =>
      reply.code(404).send({ error: `${what}_not_found` });

    app.get<{ Params: ShopParams }>('/:shop/_local/api/summary', async (request, reply) => {
      const store = storeOr404(request, reply);
      if (store === undefined) return reply;
      return store.summary();
    });

    app.get<{ Params: ShopParams & { id: string } }>(
      '/:shop/_local/api/products/:id',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const id = numericId(request.params.id, 'Product');
        const product = id === undefined ? undefined : store.product(id);
        return product === undefined ? notFound(reply, 'product') : productJson(product);
      },
    );

    app.patch<{ Params: ShopParams & { id: string } }>(
      '/:shop/_local/api/products/:id',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const changes = parseBody(productChangesSchema, request, reply);
        if (changes === undefined) return reply;
        const id = numericId(request.params.id, 'Product');
        const product = id === undefined ? undefined : store.updateProduct(id, changes);
        if (product === undefined) return notFound(reply, 'product');
        state.fire(store, 'PRODUCTS_UPDATE', productPayload(store, product));
        return productJson(product);
      },
    );

    app.post<{ Params: ShopParams }>('/:shop/_local/api/products', async (request, reply) => {
      const store = storeOr404(request, reply);
      if (store === undefined) return reply;
      const fields = parseBody(newProductSchema, request, reply);
      if (fields === undefined) return reply;
      const product = store.createProduct(fields);
      state.fire(store, 'PRODUCTS_CREATE', productPayload(store, product));
      return reply.code(201).send(productJson(product));
    });

    app.delete<{ Params: ShopParams & { id: string } }>(
      '/:shop/_local/api/products/:id',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const id = numericId(request.params.id, 'Product');
        if (id === undefined || !store.deleteProduct(id)) return notFound(reply, 'product');
        state.fire(store, 'PRODUCTS_DELETE', productDeletePayload(id));
        return { deletedProductId: gid('Product', id) };
      },
    );

    app.patch<{ Params: ShopParams & { id: string } }>(
      '/:shop/_local/api/collections/:id',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const changes = parseBody(collectionChangesSchema, request, reply);
        if (changes === undefined) return reply;
        const id = numericId(request.params.id, 'Collection');
        const collection = id === undefined ? undefined : store.collections.get(id);
        if (collection === undefined) return notFound(reply, 'collection');
        if (changes.image !== undefined && collection.image === null) {
          return reply.code(409).send({ error: 'no_image' });
        }
        if (changes.title !== undefined) collection.title = changes.title;
        if (changes.descriptionHtml !== undefined)
          collection.descriptionHtml = changes.descriptionHtml;
        if (changes.seo?.title !== undefined) collection.seo.title = changes.seo.title;
        if (changes.seo?.description !== undefined)
          collection.seo.description = changes.seo.description;
        if (changes.image !== undefined && collection.image !== null) {
          collection.image.altText = changes.image.altText || null;
        }
        collection.updatedAt = store.editTime();
        state.fire(store, 'COLLECTIONS_UPDATE', collectionPayload(collection));
        return { ...collection, id: gid('Collection', collection.id) };
      },
    );

    app.post<{ Params: ShopParams }>('/:shop/_local/api/collections', async (request, reply) => {
      const store = storeOr404(request, reply);
      if (store === undefined) return reply;
      const fields = parseBody(newCollectionSchema, request, reply);
      if (fields === undefined) return reply;
      const collection = store.createCollection(fields);
      state.fire(store, 'COLLECTIONS_CREATE', collectionPayload(collection));
      return reply.code(201).send({ ...collection, id: gid('Collection', collection.id) });
    });

    app.delete<{ Params: ShopParams & { id: string } }>(
      '/:shop/_local/api/collections/:id',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const id = numericId(request.params.id, 'Collection');
        if (id === undefined || !store.collections.delete(id)) return notFound(reply, 'collection');
        state.fire(store, 'COLLECTIONS_DELETE', {
          id,
          published_scope: 'web',
          admin_graphql_api_id: gid('Collection', id),
        });
        return { deletedCollectionId: gid('Collection', id) };
      },
    );

    app.put<{ Params: ShopParams }>('/:shop/_local/api/locales', async (request, reply) => {
      const store = storeOr404(request, reply);
      if (store === undefined) return reply;
      const input = parseBody(localeSchema, request, reply);
      if (input === undefined) return reply;
      const primary = store.shop.locales.find((locale) => locale.primary)!;
      if (input.locale === primary.locale) {
        return reply
          .code(400)
          .send({ error: 'The primary locale cannot be changed here, as in Shopify’s API' });
      }
      const { created } = store.setLocale(input.locale, input.name, input.published);
      state.fire(store, created ? 'LOCALES_CREATE' : 'LOCALES_UPDATE', localePayload(input));
      return { locales: store.shop.locales };
    });

    // Pages fire nothing, as on Shopify: the product finds their changes by polling.
    app.patch<{ Params: ShopParams & { id: string } }>(
      '/:shop/_local/api/pages/:id',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const changes = parseBody(pageChangesSchema, request, reply);
        if (changes === undefined) return reply;
        const id = numericId(request.params.id, 'Page');
        const page = id === undefined ? undefined : store.updatePage(id, changes);
        if (page === undefined) return notFound(reply, 'page');
        return { ...page, id: gid('Page', page.id) };
      },
    );

    // Articles fire nothing either. An image alt text for an article without an image is refused.
    app.patch<{ Params: ShopParams & { id: string } }>(
      '/:shop/_local/api/articles/:id',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const changes = parseBody(articleChangesSchema, request, reply);
        if (changes === undefined) return reply;
        const id = numericId(request.params.id, 'Article');
        const found = id === undefined ? undefined : store.articles.get(id);
        if (found === undefined) return notFound(reply, 'article');
        if (changes.image !== undefined && found.image === null) {
          return reply.code(409).send({ error: 'no_image' });
        }
        const article = store.updateArticle(found.id, changes)!;
        return { ...article, id: gid('Article', article.id) };
      },
    );

    // An article or a blog Shopify holds no update time for (one brought over from another
    // platform, never edited since): its `updatedAt` answers null, as Shopify's schema allows.
    for (const kind of ['Article', 'Blog'] as const) {
      app.delete<{ Params: ShopParams & { id: string } }>(
        `/:shop/_local/api/${kind.toLowerCase()}s/:id/updated-at`,
        async (request, reply) => {
          const store = storeOr404(request, reply);
          if (store === undefined) return reply;
          const id = numericId(request.params.id, kind);
          const record =
            id === undefined
              ? undefined
              : kind === 'Article'
                ? store.articles.get(id)
                : store.blogs.get(id);
          if (record === undefined) return notFound(reply, kind.toLowerCase());
          record.updatedAt = null;
          return { id: gid(kind, record.id), updatedAt: null };
        },
      );
    }

    // A product image's alt text, as the owner edits it in the product's media: products/update.
    app.patch<{ Params: ShopParams & { id: string } }>(
      '/:shop/_local/api/media/:id',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const changes = parseBody(mediaChangesSchema, request, reply);
        if (changes === undefined) return reply;
        const id = numericId(request.params.id, 'MediaImage');
        const productId = id === undefined ? undefined : store.productIdOfMedia(id);
        if (productId === undefined) return notFound(reply, 'media');
        const product = store.updateProduct(productId, { media: [{ id: id!, alt: changes.alt }] })!;
        state.fire(store, 'PRODUCTS_UPDATE', productPayload(store, product));
        const media = product.media.find((item) => item.id === id)!;
        return {
          id: gid('MediaImage', media.id),
          alt: media.alt,
          productId: gid('Product', product.id),
        };
      },
    );

    app.patch<{ Params: ShopParams }>('/:shop/_local/api/shop', async (request, reply) => {
      const store = storeOr404(request, reply);
      if (store === undefined) return reply;
      const changes = parseBody(shopChangesSchema, request, reply);
      if (changes === undefined) return reply;
      store.shop.name = changes.name;
      state.fire(store, 'SHOP_UPDATE', shopPayload(store.shop));
      return { name: store.shop.name };
    });

    // Translations fire nothing either.
    app.put<{ Params: ShopParams }>('/:shop/_local/api/translations', async (request, reply) => {
      const store = storeOr404(request, reply);
      if (store === undefined) return reply;
      const input = parseBody(translationSchema, request, reply);
      if (input === undefined) return reply;
      const written = writeTranslation(store, input);
      if (typeof written === 'string') return reply.code(400).send({ error: written });
      return written;
    });

    const installationControl = (
      path: string,
      act: (store: SeededStore) => boolean,
      done: string,
    ) =>
      app.post<{ Params: ShopParams }>(`/:shop/_local/api/${path}`, async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        if (!act(store)) return reply.code(409).send({ error: 'app_not_installed' });
        return { done };
      });
    installationControl(
      'revoke-refresh-tokens',
      (store) => state.installations.revokeRefreshTokens(store.domain),
      'refresh tokens revoked',
    );
    installationControl(
      'expire-access-tokens',
      (store) => state.installations.expireAccessTokens(store.domain),
      'access tokens expired',
    );
    installationControl('uninstall', (store) => state.uninstall(store), 'app uninstalled');

    // The token endpoint answering 408, 429 or 5xx to the next `times` requests (null: until lifted
    // with `{ status: null }`), as Shopify does when it is slow, overloaded or failing.
    app.put<{ Params: ShopParams }>(
      '/:shop/_local/api/token-endpoint-failures',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const failure = parseBody(tokenEndpointFailuresSchema, request, reply);
        if (failure === undefined) return reply;
        state.failTokenRequests(store, failure.status === null ? null : failure);
        return failure;
      },
    );

    // The token endpoint keeping its answers while held, as Shopify does when it is slow: GET says
    // how many requests it has received since the hold was set and how many wait now.
    app.put<{ Params: ShopParams }>(
      '/:shop/_local/api/token-endpoint-hold',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const hold = parseBody(tokenEndpointHoldSchema, request, reply);
        if (hold === undefined) return reply;
        state.holdTokenRequests(store, hold.held);
        return hold;
      },
    );
    app.get<{ Params: ShopParams }>(
      '/:shop/_local/api/token-endpoint-hold',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        return state.tokenEndpointHold(store);
      },
    );

    app.post<{ Params: ShopParams }>('/:shop/_local/api/shop-redact', async (request, reply) => {
      const store = storeOr404(request, reply);
      if (store === undefined) return reply;
      const delivery = state.compliance(store, 'shop/redact', {
        shop_id: store.shop.id,
        shop_domain: store.domain,
      });
      return { webhookId: delivery.webhookId };
    });

    app.post<{ Params: ShopParams }>(
      '/:shop/_local/api/customers-redact',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const delivery = state.compliance(store, 'customers/redact', {
          shop_id: store.shop.id,
          shop_domain: store.domain,
          customer: { id: 191167, email: 'john@example.com', phone: '555-625-1199' },
          orders_to_redact: [299938, 280263, 220458],
        });
        return { webhookId: delivery.webhookId };
      },
    );

    app.post<{ Params: ShopParams }>(
      '/:shop/_local/api/customers-data-request',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const delivery = state.compliance(store, 'customers/data_request', {
          shop_id: store.shop.id,
          shop_domain: store.domain,
          orders_requested: [299938, 280263, 220458],
          customer: { id: 191167, email: 'john@example.com', phone: '555-625-1199' },
          data_request: { id: 9999 },
        });
        return { webhookId: delivery.webhookId };
      },
    );

    app.get<{ Params: ShopParams }>(
      '/:shop/_local/api/webhook-deliveries',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        return {
          deliveries: state.deliveries
            .list()
            .filter((delivery) => delivery.shopDomain === store.domain),
        };
      },
    );

    app.get<{ Params: ShopParams }>('/:shop/_local/api/installation', async (request, reply) => {
      const store = storeOr404(request, reply);
      if (store === undefined) return reply;
      const installation = state.installations.get(store.domain);
      if (installation === undefined) return { installed: false };
      return {
        installed: true,
        scopes: installation.scopes,
        installedAt: installation.installedAt,
        webhookSubscriptions: installation.webhookSubscriptions.map((subscription) => ({
          ...subscription,
          id: gid('WebhookSubscription', subscription.id),
        })),
        throttleStatus: installation.bucket.status(),
        usage: installation.bucket.usage(),
      };
    });

    app.put<{ Params: ShopParams }>('/:shop/_local/api/bucket', async (request, reply) => {
      const store = storeOr404(request, reply);
      if (store === undefined) return reply;
      const settings = parseBody(bucketSchema, request, reply);
      if (settings === undefined) return reply;
      state.installations.setBucket(settings);
      return settings;
    });

    // A download of a bulk operation's file that stops sending part-way, as a connection that dies
    // without closing does: held after `holdAfterBytes` until the hold is lifted (null).
    app.put<{ Params: ShopParams }>(
      '/:shop/_local/api/result-downloads',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const settings = parseBody(resultDownloadsSchema, request, reply);
        if (settings === undefined) return reply;
        state.holdResultDownloads(store, settings.holdAfterBytes);
        return settings;
      },
    );

    /**
     * An install started from Shopify's side, as the App Store's Install starts one: Shopify opens
     * the app URL with the store, the admin's `host`, the time and its signature, made now (an app
     * accepts it for 90 seconds).
     */
    app.get<{ Params: ShopParams }>('/:shop/_local/install-app', async (request, reply) => {
      const store = storeOr404(request, reply);
      if (store === undefined) return reply;
      return reply
        .header('Cache-Control', 'no-store')
        .redirect(installRequestUrl(state, store), 302);
    });

    app.get<{ Params: ShopParams }>('/:shop/_local/admin', async (request, reply) => {
      const store = storeOr404(request, reply);
      if (store === undefined) return reply;
      return reply
        .type('text/html')
        .header('Cache-Control', 'no-store')
        .send(adminPage(state, store));
    });

    // One article's title and body, edited as its owner edits them in Shopify's admin: a plain
    // form, so that a test (or a person) can change an article behind the app's back.
    app.get<{ Params: ShopParams & { id: string } }>(
      '/:shop/_local/admin/articles/:id',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const id = numericId(request.params.id, 'Article');
        const article = id === undefined ? undefined : store.articles.get(id);
        if (article === undefined) return notFound(reply, 'article');
        return reply
          .type('text/html')
          .header('Cache-Control', 'no-store')
          .send(articleEditPage(store, article));
      },
    );

    app.post<{ Params: ShopParams & { id: string } }>(
      '/:shop/_local/admin/articles/:id',
      async (request, reply) => {
        const store = storeOr404(request, reply);
        if (store === undefined) return reply;
        const changes = parseBody(articleFormSchema, request, reply);
        if (changes === undefined) return reply;
        const id = numericId(request.params.id, 'Article');
        const article = id === undefined ? undefined : store.updateArticle(id, changes);
        if (article === undefined) return notFound(reply, 'article');
        return reply.redirect(`/${store.domain}/_local/admin`, 303);
      },
    );
  };
}

/** The app URL with the query Shopify signs when it opens the app for an install. */
function installRequestUrl(state: LocalShopifyState, store: SeededStore): string {
  const query: Record<string, string> = {
    host: Buffer.from(`admin.shopify.com/store/${store.name}`).toString('base64'),
    shop: store.domain,
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  query.hmac = signQuery(query, state.app.apiSecret);
  return `${state.app.appUrl}?${new URLSearchParams(query).toString()}`;
}

/**
 * A resource's translatable field by its key: only the keys listed, never what every object
 * inherits (`constructor`), which Shopify does not know either.
 */
function ownField(
  fields: Record<string, string | null | undefined>,
  key: string,
): string | null | undefined {
  return Object.hasOwn(fields, key) ? fields[key] : undefined;
}

/** Writes a translation as the owner would in Translate & Adapt: against the current source text. */
function writeTranslation(store: SeededStore, input: z.infer<typeof translationSchema>) {
  const parsed = parseGid(input.resourceId);
  if (parsed === undefined) return 'resourceId must be a gid://shopify/… id';
  const locales = store.translatedLocales();
  if (!locales.includes(input.locale))
    return `locale ${input.locale} is not a published secondary locale`;
  let translations;
  let source: string | null | undefined;
  switch (parsed.kind) {
    case 'Product': {
      const product = store.editableProduct(parsed.id);
      translations = product?.translations;
      source =
        product &&
        ownField(
          {
            title: product.title,
            body_html: product.descriptionHtml,
            handle: product.handle,
            product_type: product.productType,
            meta_title: product.seo.title,
            meta_description: product.seo.description,
          },
          input.key,
        );
      break;
    }
    case 'Collection': {
      const collection = store.collections.get(parsed.id);
      translations = collection?.translations;
      source =
        collection &&
        ownField(
          {
            title: collection.title,
            body_html: collection.descriptionHtml,
            handle: collection.handle,
            meta_title: collection.seo.title,
            meta_description: collection.seo.description,
          },
          input.key,
        );
      break;
    }
    case 'Page': {
      const page = store.pages.get(parsed.id);
      translations = page?.translations;
      source =
        page &&
        ownField(
          {
            title: page.title,
            body_html: page.body,
            handle: page.handle,
            meta_title: page.metafields['global.title_tag']?.value,
            meta_description: page.metafields['global.description_tag']?.value,
          },
          input.key,
        );
      break;
    }
    case 'Article': {
      const article = store.articles.get(parsed.id);
      translations = article?.translations;
      source =
        article &&
        ownField(
          {
            title: article.title,
            body_html: article.body,
            summary_html: article.summary,
            handle: article.handle,
            meta_title: article.metafields['global.title_tag']?.value,
            meta_description: article.metafields['global.description_tag']?.value,
          },
          input.key,
        );
      break;
    }
    case 'MediaImage': {
      // A product image's alt text, as Translate & Adapt translates it (MEDIA_IMAGE, key alt).
      const productId = store.productIdOfMedia(parsed.id);
      const product = productId === undefined ? undefined : store.editableProduct(productId);
      const media = product?.media.find((item) => item.id === parsed.id);
      translations = media?.translations;
      source = media && ownField({ alt: media.alt }, input.key);
      break;
    }
    case 'ArticleImage': {
      // An article image's alt text, as Translate & Adapt translates it (ARTICLE_IMAGE, key alt).
      const image = store.articleOfImage(parsed.id)?.image;
      translations = image?.translations;
      source = image && ownField({ alt: image.altText }, input.key);
      break;
    }
    default:
      return `resources of type ${parsed.kind} are not translatable here`;
  }
  if (translations === undefined) return 'resource not found';
  if (source === undefined || source === null || source === '')
    return `key ${input.key} has no source text to translate`;
  if (input.key === 'handle' && shopifyHandle(input.value) === '')
    return 'a handle needs letters or digits';
  if (
    input.key === 'handle' &&
    store.handleInUse(input.resourceId, input.locale, shopifyHandle(input.value))
  )
    return `handle ${shopifyHandle(input.value)} is already taken in ${input.locale}`;
  store.setTranslation(translations, input.locale, input.key, input.value, source);
  return {
    resourceId: input.resourceId,
    locale: input.locale,
    key: input.key,
    value: translations[input.locale]![input.key]!.value,
    outdated: false,
  };
}

function adminPage(state: LocalShopifyState, store: SeededStore): string {
  const rows: string[] = [];
  let shown = 0;
  for (const id of store.productIds()) {
    if (shown++ === 50) break;
    const product = store.product(id)!;
    rows.push(`<tr>
<td>${id}</td>
<td><input aria-label="Title of ${id}" data-id="${id}" data-field="title" value="${escapeHtml(product.title)}" size="50"></td>
<td><input aria-label="Meta description of ${id}" data-id="${id}" data-field="seo.description" value="${escapeHtml(product.seo.description ?? '')}" size="50"></td>
<td>${product.status}</td>
<td>${escapeHtml(product.updatedAt)}</td>
<td><button type="button" data-save="${id}">Save</button></td>
</tr>`);
  }
  const deliveries = state.deliveries
    .list()
    .filter((delivery) => delivery.shopDomain === store.domain)
    .slice(-30)
    .reverse()
    .map(
      (delivery) =>
        `<tr><td>${escapeHtml(delivery.triggeredAt)}</td><td>${escapeHtml(delivery.topic)}</td><td>${escapeHtml(delivery.uri)}</td><td>${delivery.state}</td><td>${delivery.attempts.length}</td><td>${escapeHtml(delivery.attempts.map((attempt) => attempt.status ?? attempt.error ?? '').join(', '))}</td></tr>`,
    )
    .join('\n');
  const articles = [...store.articles.values()]
    .map(
      (article) =>
        `<tr><td>${article.id}</td><td>${escapeHtml(article.title)}</td><td>${escapeHtml(store.blogs.get(article.blogId)?.title ?? '')}</td><td>${escapeHtml(article.handle)}</td><td>${articleIsVisible(article) ? 'visible' : article.isPublished ? `scheduled (${escapeHtml(article.publishedAt ?? '')})` : 'hidden'}</td><td>${escapeHtml(article.updatedAt ?? '')}</td><td><a href="admin/articles/${article.id}">Edit</a></td></tr>`,
    )
    .join('\n');
  const summary = store.summary();
  const installation = state.installations.get(store.domain);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(store.shop.name)}: local Shopify admin</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#303030}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;font-size:.875rem}</style>
</head>
<body>
<h1>${escapeHtml(store.shop.name)} <small>(${escapeHtml(store.domain)})</small></h1>
<p>${summary.products} products, ${summary.collections} collections, ${summary.pages} pages, ${summary.articles} articles, ${summary.media} images, ${summary.translations} translations.
App ${installation === undefined ? 'not installed' : `installed (${escapeHtml(installation.scopes.join(', '))})`}.</p>
<p><a href="install-app">Install Vitrine</a>: opens the app as the App Store's Install does, with a query Shopify signed.</p>
<h2>Products (first 50)</h2>
<p>Saving a product changes it as an owner would: products/update is sent to the app.</p>
<table><thead><tr><th>Id</th><th>Title</th><th>Meta description</th><th>Status</th><th>Updated</th><th></th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
<h2>Articles</h2>
<p>Editing an article changes it as its owner would in Shopify's admin: nothing is sent to the app, which finds the change by polling.</p>
<table><thead><tr><th>Id</th><th>Title</th><th>Blog</th><th>Handle</th><th>Visibility</th><th>Updated</th><th></th></tr></thead>
<tbody>
${articles}
</tbody></table>
<h2>Webhook deliveries (latest 30)</h2>
<table><thead><tr><th>Triggered</th><th>Topic</th><th>Address</th><th>State</th><th>Attempts</th><th>Answers</th></tr></thead>
<tbody>
${deliveries}
</tbody></table>
<script>
document.addEventListener('click', async (event) => {
  const id = event.target.dataset && event.target.dataset.save;
  if (!id) return;
  const value = (field) => document.querySelector('[data-id="' + id + '"][data-field="' + field + '"]').value;
  const response = await fetch('api/products/' + id, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: value('title'), seo: { description: value('seo.description') || null } }),
  });
  event.target.textContent = response.ok ? 'Saved' : 'Failed (' + response.status + ')';
});
</script>
</body>
</html>`;
}

function articleEditPage(store: SeededStore, article: Article): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(article.title)}: local Shopify admin</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#303030}label{display:block;margin:.75rem 0 .25rem}</style>
</head>
<body>
<p><a href="/${escapeHtml(store.domain)}/_local/admin">${escapeHtml(store.shop.name)}</a></p>
<h1>Article ${article.id}</h1>
<form method="post">
<label for="title">Title</label>
<input id="title" name="title" value="${escapeHtml(article.title)}" size="80" maxlength="255" required>
<label for="body">Body (HTML)</label>
<textarea id="body" name="body" rows="16" cols="80">${escapeHtml(article.body)}</textarea>
<p><button type="submit">Save</button></p>
</form>
</body>
</html>`;
}
