import type { FastifyRequest } from 'fastify';
import type { Language } from '#shared/constants.ts';
import { escapeHtml, plainPageHtml } from '#server/platform/plain-page.ts';
import { pathOf } from '#server/platform/request-path.ts';
import { pageLanguage } from './page-language.ts';
import { isMachinePath } from './request-paths.ts';

/**
 * The page a browser (or a crawler) gets when a page request fails on the server: a plain HTML page
 * with a title, a sentence and a way home, in the visitor's language. Self-contained (no script, no
 * stylesheet), so it shows even when what failed is the serving of the client itself.
 *
 * The generic error page has two titles only (docs/product.md, "Pages and who may open them"):
 * `Page Not Found` for a 404 and `Internal Server Error` for any other status. The wording matches
 * the client's own error page (client/locales/{en,fr}/common.json, `errors.*`), so a visitor reads
 * the same words whichever side failed.
 */

interface ErrorPageText {
  title: string;
  body: string;
}

interface ErrorPageTexts {
  notFound: ErrorPageText;
  internal: ErrorPageText;
  home: string;
}

const texts: Record<Language, ErrorPageTexts> = {
  en: {
    notFound: {
      title: 'Page Not Found',
      body: 'The page you asked for does not exist or has moved.',
    },
    internal: {
      title: 'Internal Server Error',
      body: 'Something went wrong on our side. Please try again in a moment.',
    },
    home: 'Back to the home page',
  },
  fr: {
    notFound: {
      title: 'Page introuvable',
      body: 'La page demandée n’existe pas ou a été déplacée.',
    },
    internal: {
      title: 'Erreur interne du serveur',
      body: 'Un problème est survenu de notre côté. Veuillez réessayer dans un instant.',
    },
    home: 'Retour à l’accueil',
  },
};

export function errorPageHtml(statusCode: number, language: Language): string {
  const { notFound, internal, home } = texts[language];
  const { title, body } = statusCode === 404 ? notFound : internal;
  return plainPageHtml({
    language,
    title,
    body: `<p>${escapeHtml(body)}</p>\n<p><a href="/">${escapeHtml(home)}</a></p>`,
  });
}

/**
 * The error page a failed request gets when it was a browser (or a crawler) loading a page, in the
 * visitor's language; undefined for a program calling /api, /auth or /builds, which gets JSON.
 */
export function errorPageFor(request: FastifyRequest, statusCode: number): string | undefined {
  const isPageRequest =
    (request.method === 'GET' || request.method === 'HEAD') && !isMachinePath(pathOf(request.url));
  if (!isPageRequest) return undefined;
  const language = pageLanguage({
    query: request.query,
    // Absent when the failure came before the cookie parser ran.
    cookies: (request.cookies as Record<string, string | undefined> | undefined) ?? {},
    acceptLanguage: request.headers['accept-language'],
  });
  return errorPageHtml(statusCode, language);
}
