import fs from 'node:fs/promises';
import path from 'node:path';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import { findRoute } from '#shared/routes.ts';
import { pageOfPayloadPath, prerenderedPaths, staticPagePayload } from '#shared/static-pages.ts';
import { isUnder, pathOf } from '#server/platform/request-path.ts';
import { completePage } from '../complete-page.ts';
import { prepareBody } from '../prepared-body.ts';
import {
  htmlType,
  jsonType,
  type ClientSource,
  type ClientSourceOptions,
  type PageAdditions,
} from './client-source.ts';

/** The client under `npm run dev`: Vite in middleware mode, behind the BFF's own routes. */
export async function serveThroughVite(
  fastify: FastifyInstance,
  options: Extract<ClientSourceOptions, { mode: 'vite' }>,
  additions: PageAdditions,
): Promise<ClientSource> {
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
  // Computed once: the data comes from shared/, which a change restarts the dev server for anyway.
  const payloads = new Map(
    prerenderedPaths.map((routePath) => [
      routePath,
      prepareBody(JSON.stringify(staticPagePayload(routePath)), jsonType),
    ]),
  );
  return {
    // Read and transformed per request, so that an edit of index.html shows on the next load.
    async sendAppShell(reply, statusCode) {
      const html = await vite.transformIndexHtml(
        reply.request.url,
        await fs.readFile(indexFile, 'utf8'),
      );
      reply.code(statusCode).type(htmlType);
      reply.compress(completePage(html, additions));
      return reply;
    },
    // The client renders every page under the dev server; nothing is prerendered there.
    prerendered: () => undefined,
    payload: (routePath) => payloads.get(routePath)!,
  };
}

/** Answered by the crawler-files plugin in every mode. */
const crawlerFilePaths = ['/robots.txt', '/sitemap.xml'];

/**
 * In dev, /assets belongs to Vite (imported files are served from there), and so do the modules Vite
 * makes of inline scripts (`/index.html?html-proxy&index=0.js`); the rest as in production.
 */
function isBffOwnedInDev(url: string): boolean {
  const path = pathOf(url);
  const ownPrefixes = ['/api', '/auth', '/builds'];
  return (
    ownPrefixes.some((prefix) => isUnder(path, prefix)) ||
    findRoute(path) !== undefined ||
    pageOfPayloadPath(path) !== undefined ||
    crawlerFilePaths.includes(path) ||
    (path.endsWith('.html') && !url.includes('html-proxy'))
  );
}
