import { STATUS_CODES } from 'node:http';
import type { Language } from '../../shared/constants.ts';

/**
 * The page a browser (or a crawler) gets when a page request fails on the server: a plain HTML page
 * with the status, a sentence and a way home, in the visitor's language. Self-contained (no script,
 * no stylesheet), so it shows even when what failed is the serving of the client itself.
 */

const texts: Record<Language, { title: (status: number) => string; body: string; home: string }> = {
  en: {
    title: (status) =>
      status === 500 ? 'Internal Server Error' : (STATUS_CODES[status] ?? 'Server Error'),
    body: 'Something went wrong on our side. Please try again in a moment.',
    home: 'Back to the home page',
  },
  fr: {
    title: (status) => (status === 503 ? 'Service indisponible' : 'Erreur interne du serveur'),
    body: 'Une erreur s’est produite de notre côté. Veuillez réessayer dans un instant.',
    home: 'Retour à l’accueil',
  },
};

export function errorPageHtml(statusCode: number, language: Language): string {
  const text = texts[language];
  const title = text.title(statusCode);
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${title} · Vitrine</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${text.body}</p>
<p><a href="/">${text.home}</a></p>
</main>
</body>
</html>
`;
}
