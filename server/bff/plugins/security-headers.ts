import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cspHashesFileName } from '#shared/build-artifacts.ts';
import { cspHashesFileSchema } from '#shared/schemas/build-artifacts.ts';
import { pathOf } from '#server/platform/request-path.ts';
import { requestIdHeader } from '#server/platform/request-id.ts';

/**
 * Security headers on every response, whatever answers it (a route, the proxy, the static files, the
 * Vite middleware in dev, an error): they are set on the raw response as the request arrives, so that
 * no path through the server can leave without them.
 */

export interface SecurityHeadersOptions {
  /** HSTS is only sent in production, where the site is served over HTTPS for good. */
  production: boolean;
  /** Vite in middleware mode: its HMR client needs a websocket and an inline preamble script. */
  devServer: boolean;
  firebaseAuthDomain: string;
  /** host:port of the Firebase Auth Emulator in local mode, which the browser talks to directly. */
  emulatorHost?: string;
  /** The local Shopify's address in local mode: it serves the images of its stores' catalogs. */
  localShopifyUrl?: string;
  /** Hashes (`sha256-…`) of inline scripts the client build declares, see readCspScriptHashes. */
  scriptHashes: readonly string[];
  /** The error reporter's DSN; the browser sends its reports to the DSN's origin. */
  sentryDsn?: string;
}

/**
 * Reads `<clientDir>/csp-hashes.json` (`{ "scriptSrc": ["sha256-<base64>", …] }`), the hashes of the
 * inline scripts in the built index.html. Absent means none; a malformed file stops the start, since
 * a page whose scripts the CSP blocks would be broken silently.
 */
export async function readCspScriptHashes(clientDir: string): Promise<string[]> {
  const file = path.join(clientDir, cspHashesFileName);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch {
    throw new Error(`${file} is malformed: not JSON`);
  }
  const parsed = cspHashesFileSchema.safeParse(content);
  if (!parsed.success) throw new Error(`${file} is malformed: ${parsed.error.message}`);
  return parsed.data.scriptSrc;
}

/** Origins the Firebase web SDK calls from the browser. */
const firebaseApiOrigins = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];
/**
 * Where the photos of Google accounts are (the user menu shows the signed-in user's `photoURL`);
 * e-mail accounts have none.
 */
const googleProfilePhotoOrigin = 'https://lh3.googleusercontent.com';
/**
 * Shopify's CDN, where a store's images are (the URLs of its products', collections' and articles'
 * images), which the app shows beside their alt texts.
 */
const shopifyCdnOrigin = 'https://cdn.shopify.com';

/**
 * Scripts, from a build: `'strict-dynamic'` with the hashes of the page's inline scripts, among them
 * the loader of the app's entry (scripts/vite/entry-loader.ts). A browser that supports it runs those
 * scripts and whatever they load (the app's modules, Firebase's Google sign-in helpers, which it adds
 * itself), and nothing else: no host is trusted as such, no tag injected into the page runs. `'self'`
 * is for browsers that know hashes but not `'strict-dynamic'`; those that know it ignore it. Without
 * any hash (a build without inline scripts) there is nothing to trust dynamically, and `'self'` alone
 * applies. Under `npm run dev` Vite's inline react-refresh preamble and its client's tags need
 * `'unsafe-inline'`, which hashes would disable, so the dev server gets that instead.
 */
function scriptSources(options: SecurityHeadersOptions): string[] {
  if (options.devServer) return ["'self'", "'unsafe-inline'"];
  if (options.scriptHashes.length === 0) return ["'self'"];
  return ["'self'", "'strict-dynamic'", ...options.scriptHashes.map((hash) => `'${hash}'`)];
}

export function contentSecurityPolicy(options: SecurityHeadersOptions): string {
  const emulatorOrigins =
    options.emulatorHost === undefined
      ? []
      : withLoopbackTwin(new URL(`http://${options.emulatorHost}`));
  const localShopifyOrigins =
    options.localShopifyUrl === undefined ? [] : withLoopbackTwin(new URL(options.localShopifyUrl));
  const reportOrigins = options.sentryDsn === undefined ? [] : [new URL(options.sentryDsn).origin];
  const connectSrc = ["'self'", ...firebaseApiOrigins, ...reportOrigins, ...emulatorOrigins];
  if (options.devServer) connectSrc.push('ws:', 'wss:');
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', scriptSources(options)],
    // The error reporter's session replay compresses in a worker, a file of the build.
    ['worker-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    [
      'img-src',
      ["'self'", 'data:', googleProfilePhotoOrigin, shopifyCdnOrigin, ...localShopifyOrigins],
    ],
    ['font-src', ["'self'"]],
    ['connect-src', connectSrc],
    [
      'frame-src',
      [`https://${options.firebaseAuthDomain}`, 'https://accounts.google.com', ...emulatorOrigins],
    ],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * A local server's origin as given, plus its localhost/127.0.0.1 twin, since either may be
 * configured.
 */
function withLoopbackTwin(address: URL): string[] {
  const origins = [address.origin];
  const twin = new URL(address.origin);
  if (address.hostname === '127.0.0.1') twin.hostname = 'localhost';
  else if (address.hostname === 'localhost') twin.hostname = '127.0.0.1';
  else return origins;
  return [...origins, twin.origin];
}

export function securityHeaders(options: SecurityHeadersOptions): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ['content-security-policy', contentSecurityPolicy(options)],
    // same-origin would cut the link to the Google sign-in popup.
    ['cross-origin-opener-policy', 'same-origin-allow-popups'],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
  ];
  if (options.production)
    headers.push(['strict-transport-security', 'max-age=63072000; includeSubDomains']);
  return headers;
}

/**
 * The pages Shopify's popup comes back through: the BFF's callback (`/oauth/shopify`, a redirect)
 * and the page that hands the outcome to the window that opened the popup (`/oauth/complete`). The
 * popup arrives there from Shopify's origin, which sends no opener policy; a response with
 * `same-origin-allow-popups` on the way back would put the popup in a browsing context group of its
 * own and cut it from its opener (no `window.opener`, and the opener sees it closed). Those two
 * answers carry `unsafe-none`: they hold nothing a window of another origin could read, and the
 * outcome they post goes to this origin only.
 */
const popupReturnPaths: ReadonlySet<string> = new Set(['/oauth/shopify', '/oauth/complete']);

/** The opener policy of a request's answer: see popupReturnPaths. */
export function openerPolicyFor(url: string): string | undefined {
  const path = pathOf(url);
  const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return popupReturnPaths.has(normalized) ? 'unsafe-none' : undefined;
}

async function securityHeadersPlugin(
  fastify: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  const headers = securityHeaders(options);
  fastify.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    const openerPolicy = openerPolicyFor(request.url);
    if (openerPolicy !== undefined) reply.raw.setHeader('cross-origin-opener-policy', openerPolicy);
    reply.raw.setHeader(requestIdHeader, request.id);
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'bff-security-headers' });
