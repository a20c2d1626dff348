import fs from 'node:fs/promises';
import path from 'node:path';
import middie from '@fastify/middie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cspHashesFileName } from '../../../shared/build-artifacts.ts';
import { errorBody } from '../../../shared/errors.ts';
import { findRoute } from '../../../shared/routes.ts';
import { pathOf } from '../../platform/request-path.ts';
import { isMachinePath } from '../request-paths.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** Sends the SPA's index.html (never cached, compressed when the browser accepts it). */
    sendAppShell(statusCode: number): Promise<FastifyReply>;
  }
}

export type ClientFilesOptions =
  | { mode: 'built'; clientDir: string }
  | {
      mode: 'vite';
      /** The Vite config file, or false to use `root` with Vite's defaults. */
      configFile: string | false;
      /** Overrides the config's root (where index.html is). */
      root?: string;
    };

const immutableCacheControl = 'public, max-age=31536000, immutable';

/**
 * The client: in production the Vite build in `clientDir`, in `npm run dev` Vite itself in middleware
 * mode. Either way index.html is only sent through `reply.sendAppShell`, after the page guards, and
 * unknown page paths get it with status 404 so that the client shows its "Page not found".
 */
async function clientFiles(fastify: FastifyInstance, options: ClientFilesOptions): Promise<void> {
  const loadAppShell =
    options.mode === 'built'
      ? await serveBuild(fastify, options.clientDir)
      : await serveThroughVite(fastify, options);

  fastify.decorateReply(
    'sendAppShell',
    async function sendAppShell(this: FastifyReply, statusCode: number) {
      const html = await loadAppShell(this.request.url);
      this.code(statusCode).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      this.compress(html);
      return this;
    },
  );

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

async function serveBuild(
  fastify: FastifyInstance,
  clientDir: string,
): Promise<(url: string) => Promise<string>> {
  const indexFile = path.join(clientDir, 'index.html');
  // Read once: the build does not change under a running server, and a missing build is a deployment
  // error worth failing the start for.
  const indexHtml = await fs.readFile(indexFile, 'utf8').catch((error: unknown) => {
    throw new Error(`The client build is missing (${indexFile}); run "npm run build:client"`, {
      cause: error,
    });
  });

  // Hashed file names: a changed file gets a new name, so browsers may keep these for a year.
  await fastify.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response) => {
      response.setHeader('cache-control', immutableCacheControl);
      // The same URL has br, gzip and plain bodies: shared caches must key on Accept-Encoding.
      response.setHeader('vary', 'accept-encoding');
    },
  });

  // Unhashed files at the root of the build (favicon, robots.txt…): revalidated on every use. The app
  // shell and the build manifests have routes of their own and are never served from here.
  await fastify.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    allowedPath: (pathName: string) => !isReservedBuildFile(pathName),
    setHeaders: (response) => {
      response.setHeader('cache-control', 'no-cache');
    },
  });

  return async () => indexHtml;
}

function isReservedBuildFile(pathName: string): boolean {
  return (
    pathName.startsWith('/index.html') ||
    pathName === `/${cspHashesFileName}` ||
    isMachinePath(pathName)
  );
}

async function serveThroughVite(
  fastify: FastifyInstance,
  options: Extract<ClientFilesOptions, { mode: 'vite' }>,
): Promise<(url: string) => Promise<string>> {
  // Imported only here: production images do not ship Vite.
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: options.configFile,
    ...(options.root !== undefined && { root: options.root }),
    appType: 'custom',
    // HMR shares the BFF's port, so the page talks to one origin only.
    server: { middlewareMode: true, ws: { server: fastify.server } },
  });
  fastify.addHook('onClose', async () => {
    await vite.close();
  });

  await fastify.register(middie);
  // Vite answers module and asset requests; pages, the app shell and everything under /api, /auth and
  // /builds stay with the BFF, so the guards, the session and the proxy work exactly as in production.
  fastify.use((request, response, next) => {
    if (isBffOwnedInDev(request.url ?? '/')) {
      next();
      return;
    }
    vite.middlewares(request, response, next);
  });

  const indexFile = path.join(vite.config.root, 'index.html');
  return async (url) => vite.transformIndexHtml(url, await fs.readFile(indexFile, 'utf8'));
}

/**
 * In dev, /assets belongs to Vite (imported files are served from there), and so do the modules Vite
 * makes of inline scripts (`/index.html?html-proxy&index=0.js`); the rest as in production.
 */
function isBffOwnedInDev(url: string): boolean {
  const path = pathOf(url);
  const ownPrefixes = ['/api', '/auth', '/builds'];
  return (
    ownPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) ||
    findRoute(path) !== undefined ||
    (path.endsWith('.html') && !url.includes('html-proxy'))
  );
}

export default fp(clientFiles, { name: 'bff-client-files', dependencies: ['@fastify/compress'] });
