import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { buildBffApp, type BffDependencies } from '#server/bff/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';
import {
  jsonScriptBlock,
  pagePayloadElementId,
  prerenderedPageFile,
  publicUrlPlaceholder,
} from '#shared/build-artifacts.ts';
import {
  csrfHeader,
  session as sessionRules,
  supportedLanguages,
  type Language,
} from '#shared/constants.ts';
import { runtimeConfigElementId } from '#shared/runtime-config.ts';
import * as z from 'zod/mini';
import { runtimeConfigSchema } from '#shared/schemas/runtime-config.ts';
import {
  payloadPathFor,
  prerenderedPaths,
  staticPagePayload,
  type PrerenderedPath,
} from '#shared/static-pages.ts';
import {
  createTestIdentity,
  emulatorHost,
  openTestDatabase,
} from '../support/integration-services.ts';
import { testProjectId } from '../support/test-environment.ts';

/**
 * What the BFF integration tests share: a real database handle, a real identity provider talking to
 * the Auth Emulator, a client build made on the fly, and upstream APIs that are real HTTP servers.
 */

export const publicUrl = 'http://localhost:3000';
export const testSessionSecret = 'integration-test-session-secret-0123456789';
/** The local Shopify the BFF is told of, as in local mode (the BFF only names it in its CSP). */
export const localShopifyUrl = 'http://127.0.0.1:3100';
export { createTestIdentity, emulatorHost, openTestDatabase };
/** State-changing requests of the client carry this header (CSRF defence). */
export const clientHeaders = { [csrfHeader.name]: csrfHeader.value } as const;

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: publicUrl, ...env });
}

// ---------------------------------------------------------------------------------------------------
// The client build

export const builtAssetName = 'app-abc123.js';
export const builtAssetSource = `console.log(${JSON.stringify('vitrine '.repeat(300))});\n`;
export const latestBuild = { id: 'build-2024-01-01-abc', timestamp: 1_704_067_200_000 };
export const buildMeta = { id: latestBuild.id, routes: ['/', '/login', '/dashboard'] };
/** Long enough (over 1 KB) for @fastify/compress to compress it. */
export const indexHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vitrine</title>
<script type="module" src="/assets/${builtAssetName}"></script></head>
<body><div id="root"></div><!-- ${'padding '.repeat(200)} --></body></html>\n`;

/** The inline script the fixture's pages share, as the real theme script is shared. */
export const inlineThemeScript = "document.documentElement.dataset.theme = 'light';";

/**
 * A page as the build prerenders it: its own title and links (with the public URL left as the
 * placeholder), its content in #root and its payload as a JSON block.
 */
export function prerenderedHtml(routePath: PrerenderedPath, language: Language): string {
  const canonical = `${publicUrlPlaceholder}${routePath}${language === 'fr' ? '?lang=fr' : ''}`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<title>${language} ${routePath} · Vitrine</title><link rel="canonical" href="${canonical}">
<script>${inlineThemeScript}</script>
<script type="module" src="/assets/${builtAssetName}"></script></head>
<body><div id="root"><h1>Prerendered ${routePath} in ${language}</h1></div>
${jsonScriptBlock(pagePayloadElementId, staticPagePayload(routePath))}
<!-- ${'padding '.repeat(200)} --></body></html>\n`;
}

/**
 * A directory shaped like `vite build` output: index.html, hashed assets with .br/.gz twins, builds/,
 * and with `prerendered`, the prerendered pages and their payloads.
 */
export async function createClientBuild(options: { prerendered?: boolean } = {}): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-client-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.mkdir(path.join(dir, 'builds', 'meta'), { recursive: true });
  await fs.writeFile(path.join(dir, 'index.html'), indexHtml);
  await fs.writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  if (options.prerendered === true) {
    for (const routePath of prerenderedPaths) {
      for (const language of supportedLanguages) {
        const file = path.join(dir, prerenderedPageFile(routePath, language));
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, prerenderedHtml(routePath, language));
      }
      const payloadFile = path.join(dir, payloadPathFor(routePath));
      await fs.mkdir(path.dirname(payloadFile), { recursive: true });
      await fs.writeFile(payloadFile, JSON.stringify(staticPagePayload(routePath)));
    }
  }
  const asset = path.join(dir, 'assets', builtAssetName);
  await fs.writeFile(asset, builtAssetSource);
  await fs.writeFile(`${asset}.br`, brotliCompressSync(builtAssetSource));
  await fs.writeFile(`${asset}.gz`, gzipSync(builtAssetSource));
  await fs.writeFile(path.join(dir, 'builds', 'latest.json'), JSON.stringify(latestBuild));
  await fs.writeFile(
    path.join(dir, 'builds', 'meta', `${latestBuild.id}.json`),
    JSON.stringify(buildMeta),
  );
  return dir;
}

const runtimeConfigBlockPattern = new RegExp(
  `<script type="application/json" id="${runtimeConfigElementId}">([^<]*)</script>`,
);

/** The runtime configuration block of a page the BFF sent, parsed and checked against its schema. */
export function runtimeConfigOfPage(html: string) {
  const match = runtimeConfigBlockPattern.exec(html);
  if (match === null) throw new Error('The page has no runtime configuration block');
  return z.parse(z.strictObject(runtimeConfigSchema.shape), JSON.parse(match[1]!));
}

/** A page the BFF sent, without the runtime configuration block it added: the file as built. */
export function withoutRuntimeConfig(html: string): string {
  return html.replace(runtimeConfigBlockPattern, '');
}

// ---------------------------------------------------------------------------------------------------
// Upstream APIs

export interface EchoedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A stand-in for the product API that answers every request with what it received, sets a cookie
 * of its own (which the BFF must drop) and answers /healthz.
 */
export interface EchoUpstream extends RunningServer {
  /** Every request that reached the upstream, oldest first. */
  received: EchoedRequest[];
}

export async function startEchoUpstream(): Promise<EchoUpstream> {
  const received: EchoedRequest[] = [];
  const upstream = Fastify();
  upstream.removeAllContentTypeParsers();
  upstream.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  upstream.get('/healthz', async () => ({ status: 'ok' }));
  upstream.get('/api/v1/unavailable', async (request, reply) => {
    received.push({ method: request.method, url: request.url, headers: request.headers, body: '' });
    return reply
      .code(503)
      .send({ error: { code: 'maintenance', message: 'down for maintenance' } });
  });
  // An answer the API would let caches keep: the BFF's answer must not, it depends on the session.
  upstream.get('/api/v1/cacheable', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send({ cacheable: true }),
  );
  // Answers without a body. A 304 may state the length of the body it stands for, as a HEAD does.
  upstream.delete('/api/v1/no-content', async (_request, reply) =>
    reply.code(204).header('x-upstream', 'echo').send(),
  );
  upstream.get('/api/v1/not-modified', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(304, { etag: '"v1"', 'content-length': '27', 'x-upstream': 'echo' });
    reply.raw.end();
  });
  // An answer cut short: it announces 100 bytes, sends 10, and its connection drops.
  upstream.get('/api/v1/cut-short', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/plain',
      'content-length': '100',
      'x-upstream': 'echo',
    });
    reply.raw.write('0123456789', () => reply.raw.destroy());
  });
  upstream.get('/api/v1/slow', async (request) => {
    const delayMs = Number((request.query as { ms?: string }).ms ?? '300');
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return { slow: true };
  });
  upstream.all('/*', async (request, reply) => {
    const echoed: EchoedRequest = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: typeof request.body === 'string' ? request.body : '',
    };
    received.push(echoed);
    return reply
      .header('set-cookie', 'upstream_cookie=1; Path=/')
      .header('x-upstream', 'echo')
      .send(echoed);
  });
  const url = await upstream.listen({ port: 0, host: '127.0.0.1' });
  return { url, received, close: () => upstream.close() };
}

/** An upstream that accepts connections and never answers. */
export async function startHangingUpstream(): Promise<RunningServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback address nothing listens on. */
export async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

// ---------------------------------------------------------------------------------------------------
// The BFF

export interface BffHarness {
  app: FastifyInstance;
  database: DatabaseHandle;
  identity: IdentityProvider;
  clientDir: string;
  close(): Promise<void>;
}

export type HarnessOptions = Partial<Omit<BffDependencies, 'database' | 'identity'>> & {
  upstreamUrl: string;
  /** Wraps the real identity provider, to stand in for a Firebase outage. */
  wrapIdentity?: (identity: IdentityProvider) => IdentityProvider;
  /** Another database than the test one, e.g. one that is down. */
  databaseUrl?: string;
};

export async function startBff(options: HarnessOptions): Promise<BffHarness> {
  const database =
    options.databaseUrl === undefined
      ? openTestDatabase()
      : openDatabase(options.databaseUrl, { maxConnections: 1 });
  const identity = createTestIdentity();
  const clientDir = options.clientDir ?? (await createClientBuild());
  const { wrapIdentity, databaseUrl: _databaseUrl, ...deps } = options;
  let app: FastifyInstance;
  try {
    app = await buildBffApp({
      config: testConfig(),
      sessionSecret: testSessionSecret,
      emulatorHost: emulatorHost(),
      localShopifyUrl,
      clientDir,
      // Every injected request comes from 127.0.0.1; only the rate-limit tests set real budgets.
      rateLimits: {
        signIn: { max: 100_000, timeWindowMs: 60_000 },
        signInAttempts: { max: 100_000, timeWindowMs: 60_000 },
        session: { max: 100_000, timeWindowMs: 60_000 },
      },
      ...deps,
      database,
      identity: wrapIdentity === undefined ? identity : wrapIdentity(identity),
    });
  } catch (error) {
    await identity.close();
    await database.close();
    if (options.clientDir === undefined) await fs.rm(clientDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    database,
    identity,
    clientDir,
    async close() {
      await app.close();
      await identity.close();
      await database.close();
      if (options.clientDir === undefined) await fs.rm(clientDir, { recursive: true, force: true });
    },
  };
}

/**
 * A BFF as `npm run dev` runs it: Vite in middleware mode over a client made of `files` (file name →
 * content, `index.html` among them) in a temporary folder, removed on close.
 */
export async function startDevModeBff(
  upstreamUrl: string,
  files: Record<string, string>,
): Promise<BffHarness> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-dev-client-'));
  for (const [name, content] of Object.entries(files)) {
    await fs.writeFile(path.join(root, name), content);
  }
  const removeRoot = () => fs.rm(root, { recursive: true, force: true });
  let bff: BffHarness;
  try {
    bff = await startBff({
      upstreamUrl,
      config: loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: publicUrl },
        { devServer: true },
      ),
      devServer: { configFile: false, root },
    });
  } catch (error) {
    await removeRoot();
    throw error;
  }
  return {
    ...bff,
    async close() {
      await bff.close();
      await removeRoot();
    },
  };
}

/** Collects log lines, to check what reaches the logs. */
export function logCollector(): { stream: Writable; text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

// ---------------------------------------------------------------------------------------------------
// Sessions

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === sessionRules.cookieName);
  return cookie?.value;
}

export function cookieHeader(sessionId: string): { cookie: string } {
  return { cookie: `${sessionRules.cookieName}=${sessionId}` };
}

/** Opens a session the way the client does after a Firebase sign-in; returns the cookie's session id. */
export async function signIn(
  app: FastifyInstance,
  tokens: { idToken: string; refreshToken: string },
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/session',
    headers: clientHeaders,
    payload: { idToken: tokens.idToken, refreshToken: tokens.refreshToken },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const sessionId = sessionCookieOf(response);
  if (sessionId === undefined) throw new Error('sign-in set no session cookie');
  return sessionId;
}

/** The stored row of a session, by the id in its cookie (the table only knows the hash). */
export async function sessionRowOf(database: DatabaseHandle, sessionId: string) {
  const result = await database.pool.query<{
    id_hash: string;
    uid: string;
    claims: { emailVerified: boolean };
    refresh_token_encrypted: string;
    id_token_encrypted: string;
    id_token_expires_at: Date;
    last_seen_at: Date;
    expires_at: Date;
  }>('select * from sessions where id_hash = $1', [hashOf(sessionId)]);
  return result.rows[0];
}

export async function updateSessionRow(
  database: DatabaseHandle,
  sessionId: string,
  changes: Partial<Record<'id_token_expires_at' | 'last_seen_at' | 'expires_at', Date>>,
): Promise<void> {
  const entries = Object.entries(changes);
  const assignments = entries.map(([column], index) => `${column} = $${index + 2}`).join(', ');
  await database.pool.query(`update sessions set ${assignments} where id_hash = $1`, [
    hashOf(sessionId),
    ...entries.map(([, value]) => value),
  ]);
}

export function hashOf(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** Changes a user the way the Firebase console (or the admin SDK) would, through the emulator. */
export async function updateEmulatorAccount(
  uid: string,
  fields: Record<string, unknown>,
): Promise<void> {
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${testProjectId}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, ...fields }),
    },
  );
  if (!response.ok)
    throw new Error(
      `Emulator accounts:update answered ${response.status}: ${await response.text()}`,
    );
}

/**
 * A request over real HTTP with the path exactly as given: injected requests go through URL parsing,
 * which would normalise the dot segments some tests must send.
 */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string> },
): Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * A Google user whose Google account reports its address as unverified (a Workspace alias, say):
 * the app still counts a Google sign-in as verified (docs/product.md, "Flows").
 */
export async function createGoogleUserWithUnverifiedEmail(): Promise<{
  uid: string;
  idToken: string;
  refreshToken: string;
}> {
  const idpToken = JSON.stringify({
    sub: randomUUID(),
    email: `google-unverified-${randomUUID().slice(0, 12)}@example.com`,
    email_verified: false,
    name: 'Unverified Googler',
  });
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=test-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(idpToken)}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    },
  );
  const body = (await response.json()) as {
    localId: string;
    idToken: string;
    refreshToken: string;
  };
  if (!response.ok) throw new Error(`Emulator signInWithIdp answered ${response.status}`);
  return { uid: body.localId, idToken: body.idToken, refreshToken: body.refreshToken };
}

/** What came back on a raw connection: the answer, or nothing before the connection closed. */
export type RawAnswer = { statusCode: number; body: string } | 'closed without an answer';

export interface StalledUpload {
  /** The first answer on the connection, or its closing without one. */
  answer: Promise<RawAnswer>;
  /** Settles when the connection closes. */
  closed: Promise<'closed'>;
  destroy(): void;
}

/**
 * A request that announces a body (`Content-Length: 1000`) and never sends it: what a slow or
 * malicious client does to hold a server's resources. Over a raw socket, since an HTTP client would
 * send the body.
 */
export function openStalledUpload(
  baseUrl: string,
  options: { method: string; path: string; headers?: Record<string, string> },
): StalledUpload {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => {});
  const headers = {
    host: `${hostname}:${port}`,
    'content-type': 'application/json',
    'content-length': '1000',
    ...options.headers,
  };
  socket.write(
    `${options.method} ${options.path} HTTP/1.1\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n',
  );
  const answer = new Promise<RawAnswer>((resolve) => {
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, headEnd))?.[1] ?? 0);
      if (received.length < headEnd + 4 + length) return;
      resolve({
        statusCode: Number(text.slice(9, 12)),
        body: received.subarray(headEnd + 4, headEnd + 4 + length).toString(),
      });
    });
    socket.on('close', () => resolve('closed without an answer'));
  });
  const closed = new Promise<'closed'>((resolve) => socket.on('close', () => resolve('closed')));
  return { answer, closed, destroy: () => socket.destroy() };
}

/** The answer, or 'no answer' when none came within the time given. */
export async function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'no answer'>((resolve) => {
    timer = setTimeout(() => resolve('no answer'), ms);
  });
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
