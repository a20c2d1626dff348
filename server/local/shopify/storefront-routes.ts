import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SeededStore } from './seeded-store.ts';
import { plantedResource, storefrontRedirects, storefrontUrlOf } from './storefront-defects.ts';
import {
  renderStorefrontPage,
  storefrontRobotsTxt,
  storefrontSitemap,
} from './storefront-pages.ts';

/**
 * The stores' online storefronts, answered by the Host a request names, as Shopify answers a
 * store's own domain: `www.<name>.example` serves the store's pages (the primary locale at the root,
 * each other published locale under `/<locale>`), and `<name>.myshopify.com` sends visitors there
 * with a 301, as Shopify does once a primary domain is set. A client reaches them by connecting to
 * the local Shopify with the store's host in its Host header.
 */

/** One request the storefront answered: what the tests of a polite fetcher count. */
export interface StorefrontVisit {
  host: string;
  path: string;
  userAgent: string;
  /** Milliseconds since the epoch, when the request arrived. */
  at: number;
}

export interface StorefrontControls {
  visits(host: string): StorefrontVisit[];
  /** Answers every storefront request only after `milliseconds` (null: at once again). */
  delayAnswers(milliseconds: number | null): void;
}

/** The latest visits are kept, so that a long local-mode run does not grow without end. */
const keptVisits = 10_000;

const hostName = (request: FastifyRequest) =>
  (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();

/** The paths robots.txt disallows for the planted `pageDisallowedByRobots` defect. */
function disallowedPaths(store: SeededStore): string[] {
  const page = plantedResource(store, 'pageDisallowedByRobots');
  if (page === undefined) return [];
  return store.shop.locales
    .filter((locale) => locale.published)
    .map((locale) => new URL(storefrontUrlOf(store, 'page', page, locale.locale)).pathname);
}

export function storefrontRoutes(stores: Map<string, SeededStore>) {
  const visits: StorefrontVisit[] = [];
  let delay: number | null = null;
  const storesByHost = () => {
    const byHost = new Map<string, { store: SeededStore; primary: boolean }>();
    for (const store of stores.values()) {
      byHost.set(store.shop.primaryDomainHost, { store, primary: true });
      byHost.set(store.domain, { store, primary: false });
    }
    return byHost;
  };

  const answer = (reply: FastifyReply, store: SeededStore, rawPath: string, query: string) => {
    if (rawPath === '/robots.txt')
      return reply
        .type('text/plain; charset=utf-8')
        .send(storefrontRobotsTxt(store, disallowedPaths(store)));
    if (rawPath === '/sitemap.xml')
      return reply.type('application/xml; charset=utf-8').send(storefrontSitemap(store));
    const redirect = storefrontRedirects[rawPath];
    if (redirect !== undefined) return reply.redirect(`${redirect}${query}`, 301);
    const published = store.shop.locales.filter((locale) => locale.published);
    const primary = published.find((locale) => locale.primary)?.locale ?? 'en';
    const prefix = /^\/([a-z]{2}(?:-[a-z]{2})?)(?=\/|$)/i.exec(rawPath)?.[1];
    const translated = published.find(
      (locale) => !locale.primary && locale.locale.toLowerCase() === prefix?.toLowerCase(),
    );
    const locale = translated?.locale ?? primary;
    const path = translated === undefined ? rawPath : rawPath.slice(prefix!.length + 1) || '/';
    const page = renderStorefrontPage(store, locale, path);
    // The store's own URL redirects apply where nothing answers, in every locale.
    const moved = page.status === 404 ? store.urlRedirects.get(path) : undefined;
    if (moved !== undefined) {
      return reply.redirect(`${translated === undefined ? '' : `/${prefix}`}${moved}${query}`, 301);
    }
    return reply.code(page.status).type('text/html; charset=utf-8').send(page.html);
  };

  const controls: StorefrontControls = {
    visits: (host) => visits.filter((visit) => visit.host === host),
    delayAnswers: (milliseconds) => {
      delay = milliseconds;
    },
  };

  /** Installed on the root server, before its routes: the storefront's paths differ from Shopify's own by Host only. */
  const install = (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      const found = storesByHost().get(hostName(request));
      if (found === undefined) return;
      const [rawPath = '/', search = ''] = request.url.split(/\?(.*)/s);
      const query = search === '' ? '' : `?${search}`;
      if (visits.length >= keptVisits) visits.splice(0, visits.length - keptVisits + 1);
      visits.push({
        host: hostName(request),
        path: request.url,
        userAgent: request.headers['user-agent'] ?? '',
        at: Date.now(),
      });
      if (!found.primary) {
        return reply.redirect(`https://${found.store.shop.primaryDomainHost}${request.url}`, 301);
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(405).header('Allow', 'GET, HEAD').send();
      }
      if (delay !== null) await new Promise((resolve) => setTimeout(resolve, delay!));
      return answer(reply, found.store, rawPath, query);
    });
  };
  return { install, controls };
}
