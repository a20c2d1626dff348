import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '#shared/errors.ts';
import type { RuntimeConfig } from '#shared/runtime-config.ts';
import { isPrerenderedPath, payloadPathFor, prerenderedPaths } from '#shared/static-pages.ts';
import { pathOf } from '#server/platform/request-path.ts';
import type { ClientSourceOptions } from '../client-files/client-source.ts';
import { serveBuild } from '../client-files/serve-build.ts';
import { serveThroughVite } from '../client-files/serve-through-vite.ts';
import { pageLanguage } from '../page-language.ts';
import { addVary, sendPreparedBody } from '../prepared-body.ts';
import { isMachinePath } from '../request-paths.ts';
import { runtimeConfigBlock } from '../runtime-config.ts';

export type { ClientSourceOptions } from '../client-files/client-source.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** Sends the SPA's index.html (never cached, compressed when the browser accepts it). */
    sendAppShell(statusCode: number): Promise<FastifyReply>;
    /**
     * Sends the page of a route the guards let through: its prerendered HTML in the visitor's
     * language when the build has one, else the app shell.
     */
    sendPage(routePath: string): Promise<FastifyReply>;
  }
}

export type ClientFilesOptions = ClientSourceOptions & {
  /** Written into every HTML page sent, as the `#vitrine-runtime-config` block. */
  runtimeConfig: RuntimeConfig;
};

/**
 * The client: in production the Vite build in `clientDir` (client-files/serve-build.ts), in
 * `npm run dev` Vite itself in middleware mode (client-files/serve-through-vite.ts). Either way HTML
 * is only sent through `reply.sendPage` and `reply.sendAppShell`, after the page guards, and unknown
 * page paths get the shell with status 404 so that the client shows its "Page not found". Every HTML
 * page carries the runtime configuration.
 */
async function clientFiles(fastify: FastifyInstance, options: ClientFilesOptions): Promise<void> {
  const additions = {
    publicUrl: options.runtimeConfig.publicUrl,
    runtimeConfigBlock: runtimeConfigBlock(options.runtimeConfig),
  };
  const source =
    options.mode === 'built'
      ? await serveBuild(fastify, options.clientDir, additions)
      : await serveThroughVite(fastify, options, additions);

  fastify.decorateReply(
    'sendAppShell',
    async function sendAppShell(this: FastifyReply, statusCode: number) {
      this.header('cache-control', 'no-cache');
      return source.sendAppShell(this, statusCode);
    },
  );

  fastify.decorateReply('sendPage', async function sendPage(this: FastifyReply, routePath: string) {
    const versions = isPrerenderedPath(routePath) ? source.prerendered(routePath) : undefined;
    if (versions === undefined) return this.sendAppShell(200);
    const language = pageLanguage({
      query: this.request.query,
      cookies: this.request.cookies,
      acceptLanguage: this.request.headers['accept-language'],
    });
    // One URL, a version per language: caches must key on what chose it (the query is in the URL).
    addVary(this, 'Cookie', 'Accept-Language');
    this.header('cache-control', 'no-cache').header('content-language', language);
    return sendPreparedBody(this, 200, versions[language]);
  });

  // `{path}/_payload.json`: the data of a prerendered page, for in-app navigations to it.
  for (const routePath of prerenderedPaths) {
    fastify.get(payloadPathFor(routePath), async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return sendPreparedBody(reply, 200, source.payload(routePath));
    });
  }

  const answerUnknownPath = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request.url);
    if ((request.method === 'GET' || request.method === 'HEAD') && !isMachinePath(path)) {
      return reply.sendAppShell(404);
    }
    return reply.code(404).send(errorBody('not_found', `No ${request.method} ${path} here`));
  };
  fastify.setNotFoundHandler(answerUnknownPath);
  // @fastify/compress equips the replies of routes only, not of the bare 404 handler: unknown GETs must
  // reach it through a route. In production the static files' wildcard route is that route.
  if (options.mode === 'vite') fastify.get('/*', answerUnknownPath);
}

export default fp(clientFiles, {
  name: 'bff-client-files',
  dependencies: ['@fastify/compress', '@fastify/cookie'],
});
