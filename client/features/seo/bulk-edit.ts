import type { TFunction } from 'i18next';
import { supportedLanguages, type Language } from '#shared/constants.ts';
import { plans, type PlanId } from '#shared/plans.ts';
import {
  bulkSkipReasons,
  templatePlaceholders,
  type BulkPreview,
  type BulkPreviewRow,
  type BulkPreviewValue,
  type BulkSkipReason,
  type BulkTemplates,
  type TemplatePlaceholder,
} from '#shared/schemas/seo-bulk.ts';
import { maxChangesPerApproval } from '#shared/schemas/seo-changes.ts';
import { ApiError } from '#client/lib/api-error.ts';

/**
 * The pure parts of bulk edits (shared/schemas/seo-bulk.ts): a placeholder put where the owner's
 * caret is, the live example of a template, what the preview's counts say in words, how many
 * changes the ticked pages make, and the approvals cut into requests the API accepts. Tested in
 * Node (tests/unit/client-seo-bulk-*.test.ts).
 */

/** Whether a plan offers bulk edits (Business has everything Pro has). */
export function planHasBulkEdits(planId: PlanId): boolean {
  const features: readonly string[] = plans.find((plan) => plan.id === planId)?.features ?? [];
  return features.includes('bulk-edits') || features.includes('everything-in-pro');
}

export const placeholderToken = (name: TemplatePlaceholder) => `{${name}}`;

/**
 * The template with a placeholder put over the owner's selection (or at the caret), and where the
 * caret goes next: just after what was put.
 */
export function insertPlaceholder(
  template: string,
  selection: { start: number; end: number },
  name: TemplatePlaceholder,
): { template: string; caret: number } {
  const start = Math.max(0, Math.min(selection.start, template.length));
  const end = Math.max(start, Math.min(selection.end, template.length));
  const token = placeholderToken(name);
  return {
    template: template.slice(0, start) + token + template.slice(end),
    caret: start + token.length,
  };
}

/** The names in braces that are not placeholders: the API refuses such a template. */
export function unknownPlaceholders(template: string): string[] {
  const known: readonly string[] = templatePlaceholders;
  const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !known.includes(name)))];
}

/** A template filled with the values given, as the live example shows it. */
export function fillTemplate(
  template: string,
  values: Record<TemplatePlaceholder, string>,
): string {
  return template
    .replace(/\{([a-z]+)\}/g, (token, name: string) =>
      (templatePlaceholders as readonly string[]).includes(name)
        ? values[name as TemplatePlaceholder]
        : token,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The templates the API is sent, in the languages given: a language left blank is left as it is. */
export function templatesToSend(
  templates: Record<Language, string>,
  languages: readonly Language[] = supportedLanguages,
): BulkTemplates {
  const sent: BulkTemplates = {};
  for (const language of languages) {
    if (templates[language].trim() !== '') sent[language] = templates[language];
  }
  return sent;
}

/**
 * The languages a bulk edit writes in: those of the app the store publishes (or has as its main
 * one), primary first, as its audit reads them; both when the store's languages are not known.
 */
export function storeLanguages(
  locales: ReadonlyArray<{ locale: string; primary: boolean; published: boolean }>,
): Language[] {
  const ordered = [
    ...locales.filter((entry) => entry.primary),
    ...locales.filter((entry) => !entry.primary && entry.published),
  ];
  const languages: Language[] = [];
  for (const entry of ordered) {
    const subtag = entry.locale.toLowerCase().split('-')[0];
    const language = supportedLanguages.find((candidate) => candidate === subtag);
    if (language !== undefined && !languages.includes(language)) languages.push(language);
  }
  return languages.length === 0 ? [...supportedLanguages] : languages;
}

const refusalReasons = {
  invalid_template: 'template',
  invalid_language: 'language',
  markup_not_allowed: 'markup',
} as const;

/**
 * The template the API refused, to point at that language's editor: one that cannot be read
 * (`invalid_template`), in a language the store does not publish (`invalid_language`), or holding
 * markup (`markup_not_allowed`), `field` naming the language (`en`, or `templates.en`); null for any
 * other error.
 */
export function refusedTemplate(
  error: unknown,
): { language: Language; reason: 'template' | 'language' | 'markup' } | null {
  if (!(error instanceof ApiError)) return null;
  if (!Object.hasOwn(refusalReasons, error.code)) return null;
  const subtag = /(?:^|\.)([a-z]{2})$/.exec(error.field ?? '')?.[1];
  const language = supportedLanguages.find((candidate) => candidate === subtag);
  if (language === undefined) return null;
  return { language, reason: refusalReasons[error.code as keyof typeof refusalReasons] };
}

type BulkT = TFunction<'seo'>;
type NumberFormat = { number: (value: number) => string };

/**
 * The counts over the whole selection in a sentence: "1,204 values ready, 38 skipped: 30
 * unchanged, 8 too long" (the most frequent reason first, those with none left out).
 */
export function countsSentence(
  t: BulkT,
  counts: BulkPreview['counts'],
  format: NumberFormat,
): string {
  const ready =
    counts.ready === 0
      ? t('bulk.counts.noneReady')
      : t('bulk.counts.ready', { count: counts.ready, formatted: format.number(counts.ready) });
  const reasons = bulkSkipReasons
    .map((reason) => ({ reason, count: counts.skipped[reason] ?? 0 }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.count - a.count);
  const skipped = reasons.reduce((sum, { count }) => sum + count, 0);
  if (skipped === 0) return t('bulk.counts.onlyReady', { ready });
  return t('bulk.counts.withSkipped', {
    ready,
    skipped: t('bulk.counts.skipped', { count: skipped, formatted: format.number(skipped) }),
    reasons: reasons
      .map(({ reason, count }) =>
        t(`bulk.counts.reasons.${reason}`, { count, formatted: format.number(count) }),
      )
      .join(', '),
  });
}

/**
 * What a previewed value's cell says, worked out in this one place so that its parts cannot
 * disagree: a value to be written (after the primary language's value it translates, when the page
 * has none yet and the bulk edit writes one), or a value the template gives that is not changed,
 * and why.
 */
export type PreviewCellState =
  { kind: 'written'; after: Language | null } | { kind: 'skipped'; reason: BulkSkipReason };

export function previewCellState(value: BulkPreviewValue): PreviewCellState {
  if (value.skip !== null) return { kind: 'skipped', reason: value.skip };
  return { kind: 'written', after: value.writtenAfter };
}

/** Why a previewed value is not drafted, in words. */
export function skipReasonText(t: BulkT, reason: BulkSkipReason): string {
  return t(`bulk.skip.${reason}`);
}

/** The values of these rows that can become drafts. */
export function readyValues(rows: readonly BulkPreviewRow[]): number {
  return rows.reduce(
    (sum, row) =>
      sum + row.values.filter((value) => previewCellState(value).kind === 'written').length,
    0,
  );
}

/** The changes' ids in the approvals that send them: `size` at most in each. */
export function approvalChunks(
  changeIds: readonly string[],
  size: number = maxChangesPerApproval,
): string[][] {
  const chunks: string[][] = [];
  for (let start = 0; start < changeIds.length; start += size) {
    chunks.push(changeIds.slice(start, start + size));
  }
  return chunks;
}

/** "Approving 1,000 of 2,345 changes…" while the approvals are sent. */
export function approvalProgressText(
  t: BulkT,
  progress: { done: number; total: number },
  format: NumberFormat,
): string {
  return t('bulk.approval.progress', {
    count: progress.total,
    done: format.number(progress.done),
    formatted: format.number(progress.total),
  });
}
