import type { Language } from '#shared/constants.ts';
import type { Database } from '#server/db/database.ts';
import { turnOffWeeklySummary } from '#server/areas/account/index.ts';
import { escapeHtml } from './compose-summary.ts';
import { translatorFor } from './summary-texts.ts';
import { checkUnsubscribeToken } from './unsubscribe-token.ts';

export type UnsubscribeOutcome = 'unsubscribed' | 'invalid' | 'expired';

/**
 * The unsubscribe link's work, without a session: a token this server signed for the purpose turns
 * the summary off for its account (the owner's choice, kept whatever the plan). Answers what
 * happened and the language to say it in: the account's, or `fallback` when the token names none.
 */
export async function unsubscribeWithToken(
  db: Database,
  token: string,
  fallback: Language,
  now = new Date(),
): Promise<{ outcome: UnsubscribeOutcome; language: Language }> {
  const check = await checkUnsubscribeToken(db, token, now);
  if (typeof check === 'string') return { outcome: check, language: fallback };
  const language = await turnOffWeeklySummary(db, check.uid);
  // An account deleted since has no summary to stop: saying it is stopped is true.
  return { outcome: 'unsubscribed', language: language ?? fallback };
}

const textsOf: Record<UnsubscribeOutcome, string> = {
  unsubscribed: 'unsubscribed',
  invalid: 'invalidLink',
  expired: 'expiredLink',
};

/** The small page that says so, self-contained (no script, no stylesheet), in the owner's language. */
export function unsubscribePageHtml(outcome: UnsubscribeOutcome, language: Language): string {
  const t = translatorFor(language, 'weekly-summary');
  const group = textsOf[outcome];
  const title = escapeHtml(t(`${group}.title`));
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
<p>${escapeHtml(t(`${group}.body`))}</p>
<p><a href="/settings">${escapeHtml(t(`${group}.settingsLink`))}</a></p>
</main>
</body>
</html>
`;
}
