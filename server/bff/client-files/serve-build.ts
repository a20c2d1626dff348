import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { prerenderedDirName, prerenderedPageFile } from '#shared/build-artifacts.ts';
import { supportedLanguages, type Language } from '#shared/constants.ts';
import {
  payloadPathFor,
  prerenderedPaths,
  staticPagePayload,
  type PrerenderedPath,
} from '#shared/static-pages.ts';
import { completePage } from '../complete-page.ts';
import { prepareBody, sendPreparedBody, type PreparedBody } from '../prepared-body.ts';
import { htmlType, jsonType, type ClientSource, type PageAdditions } from './client-source.ts';

/**
 * The files of client/public, which Vite copies to the root of the build: the only files at the root
 * served as they are (tests/unit/bff-public-files.test.ts holds the list to the folder). Everything
 * else there (index.html, the prerendered pages, csp-hashes.json, the compressed twins) is either
 * sent through a route of its own or never, whatever spelling of its path a request tries.
 */
export const publicRootFiles: readonly string[] = ['favicon.svg'];

const immutableCacheControl = 'public, max-age=31536000, immutable';

/** The client as `vite build` wrote it into `clientDir`. */
export async function serveBuild(
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

  // The public files, revalidated on every use. The route is a wildcard all the same: unknown page
  // paths reach the not-found handler through it, with the compression it equips replies with.
  const servedRootPaths = new Set(publicRootFiles.map((file) => `/${file}`));
  await fastify.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // Compared as sent: a path spelt any other way than the file's own name is not found.
    allowedPath: (pathName: string) => servedRootPaths.has(pathName),
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
