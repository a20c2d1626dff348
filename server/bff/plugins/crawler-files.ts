import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { supportedLanguages, defaultLanguage } from '#shared/constants.ts';
import { findRoute } from '#shared/routes.ts';
import { languageVersionUrl, prerenderedPaths } from '#shared/static-pages.ts';

export interface CrawlerFilesOptions {
  /** The product's public origin, without a trailing slash: sitemaps list absolute URLs. */
  publicUrl: string;
}

/**
 * The public pages that search engines should list: the static layout's pages, each in both
 * languages. The sign-in page is prerendered for a fast first load, but it is nothing to search for.
 */
export const sitemapPaths = prerenderedPaths.filter((path) => findRoute(path)?.layout === 'static');

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

/**
 * One `<url>` per language version, each naming all versions and the x-default (English) as
 * alternates, as search engines ask of multilingual sitemaps.
 */
export function sitemapXml(publicUrl: string): string {
  const urls = sitemapPaths.flatMap((path) => {
    const alternates = [
      ...supportedLanguages.map((language) => ({
        hreflang: language as string,
        href: languageVersionUrl(publicUrl, path, language),
      })),
      { hreflang: 'x-default', href: languageVersionUrl(publicUrl, path, defaultLanguage) },
    ];
    const links = alternates
      .map(
        ({ hreflang, href }) =>
          `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`,
      )
      .join('\n');
    return supportedLanguages.map(
      (language) =>
        `  <url>\n    <loc>${escapeXml(languageVersionUrl(publicUrl, path, language))}</loc>\n${links}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * /robots.txt and /sitemap.xml, made from PUBLIC_URL (they hold absolute URLs, which one build
 * serving every deployment cannot know). Everything may be crawled: the private pages answer a
 * crawler with a redirect to sign in, and the API and session routes are not pages.
 */
async function crawlerFiles(fastify: FastifyInstance, options: CrawlerFilesOptions): Promise<void> {
  const robots = robotsTxt(options.publicUrl);
  const sitemap = sitemapXml(options.publicUrl);
  fastify.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(robots),
  );
  fastify.get('/sitemap.xml', async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(sitemap),
  );
}

export default fp(crawlerFiles, { name: 'bff-crawler-files' });
