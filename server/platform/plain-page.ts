import type { Language } from '#shared/constants.ts';

/**
 * The small pages the server answers itself, outside the client (an error page, the weekly
 * summary's unsubscribe link): one self-contained HTML shape, with no script and no stylesheet to
 * load, so that it shows whatever else failed and passes the content security policy as it is.
 */

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A page titled `title` (text), with `body` (HTML, escaped by the caller) under its heading. */
export function plainPageHtml({
  language,
  title,
  body,
}: {
  language: Language;
  title: string;
  body: string;
}): string {
  const heading = escapeHtml(title);
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${heading} · Vitrine</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style>
</head>
<body>
<main>
<h1>${heading}</h1>
${body}
</main>
</body>
</html>
`;
}
