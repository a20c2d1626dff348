import type { Language } from '#shared/constants.ts';
import type { DashboardStore } from '#shared/schemas/dashboard.ts';
import { escapeHtml } from '#server/platform/plain-page.ts';
import { translatorFor, type Translate } from './summary-texts.ts';
import { weekStartOf } from './summary-week.ts';

/**
 * The weekly summary's mail, made from each store's dashboard (server/areas/dashboard): the score
 * of each language and how it moved over the week, the first three of "fix next" worded as the
 * dashboard words them, the failed writes and conflicts waiting, the posts published this week and
 * those scheduled (in the store's time zone), one link back to the dashboard and the unsubscribe
 * link. The text and HTML parts are rendered from the same sections, so they say the same.
 */

/** How many of the dashboard's "fix next" actions the summary names. */
export const fixNextInSummary = 3;

export interface SummaryInput {
  recipient: { displayName: string; language: Language };
  stores: readonly DashboardStore[];
  now: Date;
  /** The product's address, without a trailing slash. */
  publicUrl: string;
  unsubscribeUrl: string;
}

export interface ComposedSummary {
  subject: string;
  text: string;
  html: string;
}

interface Section {
  title: string;
  lines: string[];
}

interface StoreBlock {
  name: string;
  sections: Section[];
}

type Trend = DashboardStore['languages'][number];

/**
 * How a language's score moved over the week: from the last audit at or before the week's start
 * (or, for a store first audited during the week, from its first audit) to now. Null when there is
 * nothing to compare: no score, or one audit only.
 */
export function weekChangeOf(language: Trend, weekStart: Date): number | null {
  if (language.score === null || language.trend.length === 0) return null;
  const before = language.trend.filter((point) => Date.parse(point.at) <= weekStart.getTime());
  const baseline = before.at(-1) ?? (language.trend.length > 1 ? language.trend[0] : undefined);
  return baseline === undefined ? null : Math.round(language.score - baseline.score);
}

function scoreLines(store: DashboardStore, t: Translate, weekStart: Date, language: Language) {
  const signed = new Intl.NumberFormat(language, { signDisplay: 'exceptZero' });
  return store.languages.map((entry) => {
    const name = t(`languages.${entry.language}`);
    if (entry.score === null) return t('scores.notAudited', { language: name });
    const change = weekChangeOf(entry, weekStart);
    const score = Math.round(entry.score);
    if (change === null) return t('scores.first', { language: name, score });
    if (change === 0) return t('scores.unchanged', { language: name, score });
    return t('scores.changed', { language: name, score, change: signed.format(change) });
  });
}

function fixNextLines(store: DashboardStore, t: Translate, checks: Translate, language: Language) {
  const number = new Intl.NumberFormat(language);
  const lines = store.fixNext.slice(0, fixNextInSummary).map((action) =>
    checks(`${action.checkId}.action`, {
      count: action.pages,
      pages: number.format(action.pages),
      inLanguage: t(`inLanguage.${action.language}`),
    }),
  );
  return lines.length === 0 ? [t('fixNext.none')] : lines;
}

function changeLines(store: DashboardStore, t: Translate) {
  const failed = store.changes.failures.reduce((sum, failure) => sum + failure.count, 0);
  const { conflicts } = store.changes;
  const lines = [
    ...(failed > 0 ? [t('changes.failures', { count: failed })] : []),
    ...(conflicts > 0 ? [t('changes.conflicts', { count: conflicts })] : []),
  ];
  return lines.length === 0 ? [t('changes.none')] : lines;
}

function blogLines(store: DashboardStore, t: Translate, weekStart: Date, language: Language) {
  const date = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: store.blog.timeZone,
  });
  const at = (post: { publishAt: string | null; updatedAt: string }) =>
    new Date(post.publishAt ?? post.updatedAt);
  const published = store.blog.recent
    .filter((post) => at(post).getTime() >= weekStart.getTime())
    .map((post) => t('blog.published', { title: post.title, date: date.format(at(post)) }));
  const scheduled = store.blog.scheduled.map((post) =>
    t('blog.scheduled', { title: post.title, date: date.format(at(post)) }),
  );
  const lines = [...published, ...scheduled];
  return lines.length === 0 ? [t('blog.none')] : lines;
}

function storeBlock(store: DashboardStore, language: Language, now: Date): StoreBlock {
  const t = translatorFor(language, 'weekly-summary');
  const checks = translatorFor(language, 'seo-checks');
  const weekStart = weekStartOf(now);
  return {
    name: store.name,
    sections: [
      { title: t('scores.title'), lines: scoreLines(store, t, weekStart, language) },
      { title: t('fixNext.title'), lines: fixNextLines(store, t, checks, language) },
      { title: t('changes.title'), lines: changeLines(store, t) },
      { title: t('blog.title'), lines: blogLines(store, t, weekStart, language) },
    ],
  };
}

export function composeSummary(input: SummaryInput): ComposedSummary {
  const { language } = input.recipient;
  const t = translatorFor(language, 'weekly-summary');
  const blocks = input.stores.map((store) => storeBlock(store, language, input.now));
  const dashboardUrl = `${input.publicUrl}/dashboard`;
  const greeting = t('greeting', { name: input.recipient.displayName });
  const intro = blocks.length === 0 ? t('noStores') : t('intro');
  const subject =
    blocks.length === 0
      ? t('subjectNoStores')
      : t('subject', { stores: blocks.map((block) => block.name).join(', ') });

  const text = [
    greeting,
    '',
    intro,
    ...blocks.flatMap((block) => [
      '',
      `== ${block.name} ==`,
      ...block.sections.flatMap((section) => [
        '',
        section.title,
        ...section.lines.map((line) => `- ${line}`),
      ]),
    ]),
    '',
    t('dashboardLine', { url: dashboardUrl }),
    '',
    '--',
    t('footer'),
    t('unsubscribeLine', { url: input.unsubscribeUrl }),
    '',
  ].join('\n');

  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:36rem;margin:0 auto;padding:1rem">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${blocks
  .map(
    (block) => `<h2>${escapeHtml(block.name)}</h2>
${block.sections
  .map(
    (section) => `<h3>${escapeHtml(section.title)}</h3>
<ul>${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
  )
  .join('\n')}`,
  )
  .join('\n')}
<p><a href="${escapeHtml(dashboardUrl)}">${escapeHtml(t('dashboardLink'))}</a></p>
<hr>
<p style="font-size:0.875em">${escapeHtml(t('footer'))} <a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(t('unsubscribe'))}</a></p>
</body>
</html>
`;
  return { subject, text, html };
}
