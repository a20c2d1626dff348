import fs from 'node:fs/promises';
import path from 'node:path';
import middie from '@fastify/middie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  cspHashesFileName,
  prerenderedDirName,
  prerenderedPageFile,
} from '../../../shared/build-artifacts.ts';
import { supportedLanguages, type Language } from '../../../shared/constants.ts';
import { errorBody } from '../../../shared/errors.ts';
import { findRoute } from '../../../shared/routes.ts';
import type { RuntimeConfig } from '../../../shared/runtime-config.ts';
import {
  isPrerenderedPath,
  pageOfPayloadPath,
  payloadPathFor,
  prerenderedPaths,
  staticPagePayload,
  type PrerenderedPath,
} from '../../../shared/static-pages.ts';
import { pathOf } from '../../platform/request-path.ts';
import { completePage } from '../complete-page.ts';
import { pageLanguage } from '../page-language.ts';
import { addVary, prepareBody, sendPreparedBody, type PreparedBody } from '../prepared-body.ts';
import { isMachinePath } from '../request-paths.ts';
import { runtimeConfigBlock } from '../runtime-config.ts';

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

/** Where the client comes from: the build, or Vite itself under `npm run dev`. */
export type ClientSourceOptions =
  | { mode: 'built'; clientDir: string }
  | {
      mode: 'vite';
      /** The Vite config file, or false to use `root` with Vite's defaults. */
      configFile: string | false;
      /** Overrides the config's root (where index.html is). */
      root?: string;
    };

export type ClientFilesOptions = ClientSourceOptions & {
  /** Written into every HTML page sent, as the `#vitrine-runtime-config` block. */
  runtimeConfig: RuntimeConfig;
};

/** What one way of serving the client (the build, or Vite) provides to the routes. */
interface ClientSource {
  sendAppShell(reply: FastifyReply, statusCode: number): Promise<FastifyReply>;
  /** The prerendered versions of a page; undefined when there are none (the dev server). */
  prerendered(routePath: PrerenderedPath): Record<Language, PreparedBody> | undefined;
  payload(routePath: PrerenderedPath): PreparedBody;
}

const immutableCacheControl = 'public, max-age=31536000, immutable';
const htmlType = 'text/html; charset=utf-8';
const jsonType = 'application/json; charset=utf-8';

/**
 * The client: in production the Vite build in `clientDir`, in `npm run dev` Vite itself in middleware
 * mode. Either way HTML is only sent through `reply.sendPage` and `reply.sendAppShell`, after the
 * page guards, and unknown page paths get the shell with status 404 so that the client shows its
 * "Page not found". Every HTML page carries the runtime configuration.
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

  // `{path}/_payload.json` (spec §7): the data of a prerendered page, for in-app navigations to it.
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

type PageAdditions = Parameters<typeof completePage>[1];

async function serveBuild(
  fastify: FastifyInstance,
  clientDir: string,
  additions: PageAdditions,
): Promise<ClientSource> {
  const indexFile = path.join(clientDir, 'index.html');
  // Read once: the build does not change under a running server, and a missing build is a deployment
  // error worth failing the start for.
  const indexHtml = await fs.readFile(indexFile, 'utf8').catch((error: unknown) => {
    throw new Error(`The client build is missing (${indexFile}); run "npm run build:client"`, {
      cause: error,
    });
  });
  const shell = prepareBody(completePage(indexHtml, additions), htmlType);
  const prerendered = await readPrerenderedPages(clientDir, additions);
  if (prerendered === undefined) {
    fastify.log.warn(
      `The client build in ${clientDir} has no prerendered pages: every page gets the app shell`,
    );
  }
  const payloads = await readPayloads(clientDir, prerendered !== undefined);

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

  // Unhashed files at the root of the build (favicon…): revalidated on every use. The pages, the
  // payloads and the build manifests have routes of their own and are never served from here.
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

  return {
    sendAppShell: (reply, statusCode) => sendPreparedBody(reply, statusCode, shell),
    prerendered: (routePath) => prerendered?.get(routePath),
    payload: (routePath) => payloads.get(routePath)!,
  };
}

/**
 * Every language version of every prerendered page, completed for this deployment. A build without
 * the prerendered folder (made before pages were prerendered) is served with the shell only; a
 * folder with a page missing is a broken build, which stops the start.
 */
async function readPrerenderedPages(
  clientDir: string,
  additions: PageAdditions,
): Promise<Map<PrerenderedPath, Record<Language, PreparedBody>> | undefined> {
  try {
    await fs.access(path.join(clientDir, prerenderedDirName));
  } catch {
    return undefined;
  }
  const pages = new Map<PrerenderedPath, Record<Language, PreparedBody>>();
  for (const routePath of prerenderedPaths) {
    const versions: Partial<Record<Language, PreparedBody>> = {};
    for (const language of supportedLanguages) {
      const file = path.join(clientDir, prerenderedPageFile(routePath, language));
      const html = await fs.readFile(file, 'utf8').catch((error: unknown) => {
        throw new Error(`The client build is incomplete: ${file} is missing`, { cause: error });
      });
      versions[language] = prepareBody(completePage(html, additions), htmlType);
    }
    pages.set(routePath, versions as Record<Language, PreparedBody>);
  }
  return pages;
}

/**
 * The payloads the build wrote next to the pages, so that an in-app navigation gets exactly the data
 * the prerendered page was made from; computed here when the build has no prerendered pages.
 */
async function readPayloads(
  clientDir: string,
  fromBuild: boolean,
): Promise<Map<PrerenderedPath, PreparedBody>> {
  const payloads = new Map<PrerenderedPath, PreparedBody>();
  for (const routePath of prerenderedPaths) {
    let text: string;
    if (fromBuild) {
      const file = path.join(clientDir, payloadPathFor(routePath));
      text = await fs.readFile(file, 'utf8').catch((error: unknown) => {
        throw new Error(`The client build is incomplete: ${file} is missing`, { cause: error });
      });
    } else {
      text = JSON.stringify(staticPagePayload(routePath));
    }
    payloads.set(routePath, prepareBody(text, jsonType));
  }
  return payloads;
}

function isReservedBuildFile(pathName: string): boolean {
  return (
    pathName.startsWith('/index.html') ||
    pathName === `/${cspHashesFileName}` ||
    pathName === `/${prerenderedDirName}` ||
    pathName.startsWith(`/${prerenderedDirName}/`) ||
    isMachinePath(pathName)
  );
}

async function serveThroughVite(
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
    pageOfPayloadPath(path) !== undefined ||
    crawlerFilePaths.includes(path) ||
    (path.endsWith('.html') && !url.includes('html-proxy'))
  );
}

/** Answered by the crawler-files plugin in every mode. */
const crawlerFilePaths = ['/robots.txt', '/sitemap.xml'];

export default fp(clientFiles, {
  name: 'bff-client-files',
  dependencies: ['@fastify/compress', '@fastify/cookie'],
});
