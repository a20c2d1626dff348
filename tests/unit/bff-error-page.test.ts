import { describe, expect, it } from 'vitest';
import { errorPageHtml } from '#server/bff/error-page.ts';

/** The generic error page is titled by 404 or not, never by the exact status. */
describe('errorPageHtml', () => {
  it.each([
    [404, 'en', 'Page Not Found'],
    [404, 'fr', 'Page introuvable'],
    [500, 'en', 'Internal Server Error'],
    [500, 'fr', 'Erreur interne du serveur'],
    [502, 'en', 'Internal Server Error'],
    [503, 'en', 'Internal Server Error'],
    [503, 'fr', 'Erreur interne du serveur'],
    [504, 'fr', 'Erreur interne du serveur'],
    [400, 'en', 'Internal Server Error'],
  ] as const)('titles status %i in %s "%s"', (status, language, title) => {
    const html = errorPageHtml(status, language);

    expect(html).toContain(`<html lang="${language}">`);
    expect(html).toContain(`<title>${title} · Vitrine</title>`);
    expect(html).toContain(`<h1>${title}</h1>`);
  });

  it('never names the status the way Node does', () => {
    expect(errorPageHtml(503, 'en')).not.toContain('Service Unavailable');
    expect(errorPageHtml(502, 'en')).not.toContain('Bad Gateway');
    expect(errorPageHtml(503, 'fr')).not.toContain('Service indisponible');
  });

  it('explains and leads home in the page language', () => {
    expect(errorPageHtml(404, 'en')).toContain('does not exist or has moved');
    expect(errorPageHtml(404, 'fr')).toContain('n’existe pas ou a été déplacée');
    expect(errorPageHtml(500, 'en')).toContain('<a href="/">Back to the home page</a>');
    expect(errorPageHtml(500, 'fr')).toContain('<a href="/">Retour à l’accueil</a>');
  });

  it('stands alone: no script, no stylesheet, not indexed', () => {
    const html = errorPageHtml(500, 'en');

    expect(html).not.toMatch(/<script|<link/i);
    expect(html).toContain('<meta name="robots" content="noindex">');
  });
});
