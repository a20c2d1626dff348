import type { Language } from '#shared/constants.ts';
import type { Database } from '#server/db/database.ts';
import { accountLanguageOf, turnOffWeeklySummary } from '#server/areas/account/index.ts';
import { escapeHtml, plainPageHtml } from '#server/platform/plain-page.ts';
import { translatorFor } from './summary-texts.ts';
import { checkUnsubscribeToken } from './unsubscribe-token.ts';

/** What a visit of the link found: a good link to confirm, or why it does not work. */
export type UnsubscribeLinkCheck = 'valid' | 'invalid' | 'expired';
export type UnsubscribeOutcome = 'unsubscribed' | 'invalid' | 'expired';

/**
 * The unsubscribe link opened (a GET): checks the token and answers the language of its account,
 * or `fallback` when the token names none, and changes nothing. Only the POST of the page's button
 * or of a mail client's one-click unsubscribe turns the summary off (unsubscribeWithToken): a mail
 * scanner or a link preview that opens every link of a mail must not.
 */
export async function checkUnsubscribeLink(
  db: Database,
  token: string,
  fallback: Language,
  now = new Date(),
): Promise<{ check: UnsubscribeLinkCheck; language: Language }> {
  const check = await checkUnsubscribeToken(db, token, now);
  if (typeof check === 'string') return { check, language: fallback };
  return { check: 'valid', language: (await accountLanguageOf(db, check.uid)) ?? fallback };
}

/**
 * The unsubscribe's work, without a session (a POST): a token this server signed for the purpose
 * turns the summary off for its account (the owner's choice, kept whatever the plan). Answers what
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

/** What the page says: the question before the button, or what happened. */
export type UnsubscribePage =
  { kind: 'confirm'; action: string } | { kind: 'unsubscribed' | 'invalid' | 'expired' };

const textsOf: Record<UnsubscribePage['kind'], string> = {
  confirm: 'confirm',
  unsubscribed: 'unsubscribed',
  invalid: 'invalidLink',
  expired: 'expiredLink',
};

/**
 * The confirmation's form: a POST to `action` (the link itself) whose body is RFC 8058's, so the
 * button and a mail client's one-click unsubscribe are one request. No script: the page is under
 * the BFF's content security policy, whose `form-action 'self'` lets it post to its own address.
 */
function confirmForm(action: string, button: string): string {
  return `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<p><button type="submit">${escapeHtml(button)}</button></p>
</form>`;
}

/** The small page of the link, self-contained (no script, no stylesheet), in the owner's language. */
export function unsubscribePageHtml(page: UnsubscribePage, language: Language): string {
  const t = translatorFor(language, 'weekly-summary');
  const group = textsOf[page.kind];
  const form = page.kind === 'confirm' ? `${confirmForm(page.action, t('confirm.button'))}\n` : '';
  return plainPageHtml({
    language,
    title: t(`${group}.title`),
    body: `<p>${escapeHtml(t(`${group}.body`))}</p>
${form}<p><a href="/settings">${escapeHtml(t(`${group}.settingsLink`))}</a></p>`,
  });
}
