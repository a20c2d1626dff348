import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { execute, getVariableValues, parse, type DocumentNode, type GraphQLError } from 'graphql';
import { adminRootValue, adminSchema } from './admin-schema.ts';
import { escapeHtml } from '#server/platform/plain-page.ts';
import {
  installationCancelledPage,
  installPage,
  oauthErrorPage,
  signQuery,
} from './oauth-pages.ts';
import {
  actualQueryCost,
  findOperation,
  requestedQueryCost,
  singleQueryMaximumCost,
} from './query-cost.ts';
import {
  servedApiVersion,
  type LocalShopifyState,
  type ResultDownloadHold,
  type TokenEndpointFailureStatus,
} from './local-shopify-state.ts';
import type { SeededStore } from './seeded-store.ts';
import { shopifyValidationErrors, shopifyVariableError } from './validation-errors.ts';

/**
 * Shopify's own endpoints, under `/<shop>.myshopify.com/…` (where a real store answers at
 * `https://<shop>.myshopify.com/…`): OAuth's authorize screen and token endpoint, the GraphQL Admin
 * API, the REST call an app uses to uninstall itself, and the bulk operation results.
 */

type ShopParams = { shop: string };

/**
 * What Shopify's endpoints answer, in the REST Admin API's error shape, when they time out, are
 * called too often (with `Retry-After`, in seconds) or fail on their side.
 */
const tokenEndpointFailureBody: Record<TokenEndpointFailureStatus, { errors: string }> = {
  408: { errors: 'Request Timeout' },
  429: {
    errors:
      'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
  },
  500: { errors: 'Internal Server Error' },
  502: { errors: 'Bad Gateway' },
  503: { errors: 'Service Unavailable' },
  504: { errors: 'Gateway Timeout' },
};

export const invalidTokenBody = {
  errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
};

const notFound = (reply: FastifyReply) => reply.code(404).send({ errors: 'Not Found' });

function storeOf(state: LocalShopifyState, request: FastifyRequest): SeededStore | undefined {
  return state.stores.get((request.params as ShopParams).shop);
}

function queryValues(query: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    values[key] = Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '');
  }
  return values;
}

export function shopifyRoutes(state: LocalShopifyState, resultsDirectory: string) {
  return async (app: FastifyInstance) => {
    // OAuth --------------------------------------------------------------------------------------

    const authorizeRefusal = (params: Record<string, string>) => {
      if (params.client_id !== state.app.apiKey) return 'The client_id is not valid';
      if (!state.app.redirectUrls.includes(params.redirect_uri ?? '')) {
        return 'The redirect_uri is not whitelisted';
      }
      return undefined;
    };

    /** The app's callback with Shopify's signed query, as after a click on Install. */
    const redirectToApp = (
      reply: FastifyReply,
      store: SeededStore,
      params: Record<string, string>,
    ) => {
      const scopes = (params.scope ?? '')
        .split(',')
        .map((scope) => scope.trim())
        .filter(Boolean);
      const code = state.installations.issueCode(store.domain, scopes);
      const query: Record<string, string> = {
        code,
        host: Buffer.from(`admin.shopify.com/store/${store.name}`).toString('base64'),
        shop: store.domain,
        timestamp: String(Math.floor(Date.now() / 1000)),
      };
      if (params.state !== undefined) query.state = params.state;
      query.hmac = signQuery(query, state.app.apiSecret);
      const search = new URLSearchParams(
        Object.entries(query).sort(([a], [b]) => a.localeCompare(b)),
      );
      return reply.redirect(`${params.redirect_uri}?${search.toString()}`, 302);
    };

    app.get<{ Params: ShopParams }>('/:shop/admin/oauth/authorize', async (request, reply) => {
      const store = storeOf(state, request);
      reply.header('Cache-Control', 'no-store');
      if (store === undefined)
        return reply.code(404).type('text/html').send(oauthErrorPage('This store is unavailable'));
      const params = queryValues(request.query);
      const refusal = authorizeRefusal(params);
      if (refusal !== undefined)
        return reply.code(400).type('text/html').send(oauthErrorPage(refusal));
      const requested = (params.scope ?? '')
        .split(',')
        .map((scope) => scope.trim())
        .filter(Boolean);
      const installed = state.installations.get(store.domain);
      // Already installed with every scope asked for: Shopify sends the owner straight back.
      if (installed !== undefined && requested.every((scope) => installed.scopes.includes(scope))) {
        return redirectToApp(reply, store, params);
      }
      const fields: Record<string, string> = {
        client_id: params.client_id!,
        redirect_uri: params.redirect_uri!,
        scope: params.scope ?? '',
      };
      if (params.state !== undefined) fields.state = params.state;
      return reply.type('text/html').send(
        installPage({
          shopName: store.shop.name,
          shopDomain: store.domain,
          appName: 'Vitrine',
          scopes: requested,
          fields,
          action: `/${escapeHtml(store.domain)}/admin/oauth/authorize`,
        }),
      );
    });

    app.post<{ Params: ShopParams }>('/:shop/admin/oauth/authorize', async (request, reply) => {
      const store = storeOf(state, request);
      reply.header('Cache-Control', 'no-store');
      if (store === undefined)
        return reply.code(404).type('text/html').send(oauthErrorPage('This store is unavailable'));
      const params = queryValues(request.body ?? {});
      const refusal = authorizeRefusal(params);
      if (refusal !== undefined)
        return reply.code(400).type('text/html').send(oauthErrorPage(refusal));
      if (params.decision !== 'install')
        return reply.type('text/html').send(installationCancelledPage('Vitrine'));
      state.log(`Vitrine installed on ${store.domain}`);
      return redirectToApp(reply, store, params);
    });

    app.post<{ Params: ShopParams }>('/:shop/admin/oauth/access_token', async (request, reply) => {
      const store = storeOf(state, request);
      if (store === undefined) return notFound(reply);
      reply.header('Cache-Control', 'no-store');
      await state.awaitTokenEndpointHold(store);
      const failure = state.takeTokenEndpointFailure(store);
      if (failure !== undefined) {
        if (failure === 429) reply.header('Retry-After', '2.0');
        return reply.code(failure).send(tokenEndpointFailureBody[failure]);
      }
      const body = (request.body ?? {}) as Record<string, unknown>;
      const result = state.installations.grant(store.domain, body);
      if ('status' in result) return reply.code(result.status).send(result.body);
      return reply.send(result);
    });

    // The GraphQL Admin API ------------------------------------------------------------------------

    app.post<{ Params: ShopParams & { version: string } }>(
      '/:shop/admin/api/:version/graphql.json',
      async (request, reply) => {
        const store = storeOf(state, request);
        const version = servedApiVersion(request.params.version);
        if (store === undefined || version === undefined) return notFound(reply);
        const installation = state.installations.authenticate(
          store.domain,
          request.headers['x-shopify-access-token'] as string | undefined,
        );
        if (installation === undefined) return reply.code(401).send(invalidTokenBody);
        reply.header('X-Shopify-API-Version', version);

        const body = request.body;
        const { query, variables, operationName } = (
          typeof body === 'string' ? { query: body } : (body ?? {})
        ) as { query?: unknown; variables?: unknown; operationName?: unknown };
        if (typeof query !== 'string' || query.trim() === '') {
          return reply
            .code(400)
            .send({ errors: { query: 'Required parameter missing or invalid' } });
        }
        let document: DocumentNode;
        try {
          document = parse(query);
        } catch (error) {
          return reply.send({ errors: [(error as GraphQLError).toJSON()] });
        }
        const schema = adminSchema();
        const validationErrors = shopifyValidationErrors(schema, document);
        if (validationErrors.length > 0) {
          return reply.send({ errors: validationErrors.map((error) => error.toJSON()) });
        }
        const name = typeof operationName === 'string' ? operationName : undefined;
        const operation = findOperation(document, name);
        if (operation === undefined) {
          return reply.send({
            errors: [
              {
                message: 'An operation name is required when the document holds several operations',
              },
            ],
          });
        }
        const given = (variables ?? {}) as Record<string, unknown>;
        const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], given);
        if (coerced.errors !== undefined) {
          return reply.send({
            errors: coerced.errors.map((error) => shopifyVariableError(error, given).toJSON()),
          });
        }

        const bucket = installation.bucket;
        const requested = requestedQueryCost(schema, document, coerced.coerced, name);
        if (requested > singleQueryMaximumCost) {
          return reply.send({
            errors: [
              {
                message: `Query cost is ${requested}, which exceeds the single query max cost limit (${singleQueryMaximumCost}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
                extensions: {
                  code: 'MAX_COST_EXCEEDED',
                  cost: requested,
                  maxCost: singleQueryMaximumCost,
                },
              },
            ],
            extensions: {
              cost: {
                requestedQueryCost: requested,
                actualQueryCost: null,
                throttleStatus: bucket.status(),
              },
            },
          });
        }
        if (!bucket.take(requested)) {
          return reply.send({
            errors: [
              {
                message: 'Throttled',
                extensions: {
                  code: 'THROTTLED',
                  documentation: 'https://shopify.dev/api/usage/rate-limits',
                },
              },
            ],
            extensions: {
              cost: {
                requestedQueryCost: requested,
                actualQueryCost: null,
                throttleStatus: bucket.status(),
              },
            },
          });
        }
        const result = await execute({
          schema,
          document,
          rootValue: adminRootValue,
          contextValue: state.contextFor(store, installation, version),
          variableValues: coerced.coerced,
          operationName: name,
        });
        const actual =
          operation.operation === 'mutation'
            ? requested
            : actualQueryCost(
                schema,
                document,
                coerced.coerced,
                result.data as Record<string, unknown> | null,
                name,
              );
        bucket.refund(requested - actual);
        return reply.send({
          ...(result.errors !== undefined && {
            errors: result.errors.map((error) => error.toJSON()),
          }),
          data: result.data ?? null,
          extensions: {
            cost: {
              requestedQueryCost: requested,
              actualQueryCost: actual,
              throttleStatus: bucket.status(),
            },
          },
        });
      },
    );

    // The app removing itself ------------------------------------------------------------------------

    const uninstallItself = async (request: FastifyRequest, reply: FastifyReply) => {
      const store = storeOf(state, request);
      if (store === undefined) return notFound(reply);
      const version = (request.params as { version?: string }).version;
      if (version !== undefined && servedApiVersion(version) === undefined) {
        return notFound(reply);
      }
      const token = request.headers['x-shopify-access-token'] as string | undefined;
      if (state.installations.authenticate(store.domain, token) === undefined) {
        return reply.code(401).send(invalidTokenBody);
      }
      state.uninstall(store);
      return reply.send({});
    };
    app.delete('/:shop/admin/api_permissions/current.json', uninstallItself);
    app.delete('/:shop/admin/api/:version/api_permissions/current.json', uninstallItself);

    // Bulk operation results: the file name is the capability, as a signed storage URL is.
    app.get<{ Params: { file: string } }>(
      '/bulk-operation-results/:file',
      async (request, reply) => {
        const { file } = request.params;
        if (!/^\d+-[0-9a-f]{32}\.jsonl$/.test(file)) return reply.code(404).send('Not Found');
        const filePath = path.join(resultsDirectory, file);
        const found = await stat(filePath).catch(() => undefined);
        if (found === undefined) return reply.code(404).send('Not Found');
        const hold = state.resultDownloadHold(file);
        const content = createReadStream(filePath);
        return reply
          .type('application/jsonl')
          .header('Content-Length', found.size)
          .send(hold === undefined ? content : content.pipe(heldAfter(hold)));
      },
    );
  };
}

/**
 * Passes the first `afterBytes` bytes of a download, then nothing until the hold is lifted: the
 * answer promised the whole file (Content-Length), so the connection stays open, silent, as one
 * whose sender stopped sending does.
 */
function heldAfter(hold: ResultDownloadHold): Transform {
  let passed = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const allowed = Math.max(0, hold.afterBytes - passed);
      passed += chunk.length;
      if (chunk.length <= allowed) {
        done(null, chunk);
        return;
      }
      if (allowed > 0) this.push(chunk.subarray(0, allowed));
      void hold.released.then(() => done(null, chunk.subarray(allowed)));
    },
  });
}
