import type { TFunction } from 'i18next';
import type { FindingView } from '#shared/schemas/seo.ts';
import type { SeoFormat } from './use-seo-format.ts';

/**
 * The words of a check and of a finding, from the check's id (client/locales/<language>/
 * seo-checks.json): its name, and what is wrong, why it matters and how to fix it, with the
 * finding's evidence in them. A check without words (an id the catalogue no longer has) is named
 * by its id, so that a finding never shows blank.
 */

type CheckKey = `${string}.${'name' | 'what' | 'why' | 'how'}`;

/** `t` of the seo-checks namespace, called with keys made from ids (not known to the compiler). */
type CheckT = (key: CheckKey, options?: Record<string, unknown>) => string;

function checkT(t: TFunction<'seo-checks'>): CheckT {
  return t as unknown as CheckT;
}

export function checkName(t: TFunction<'seo-checks'>, checkId: string): string {
  const name = checkT(t)(`${checkId}.name`);
  return name === '' || name === `${checkId}.name` ? checkId : name;
}

/** The evidence as the texts quote it: numbers in the reader's way of writing them. */
function evidence(value: number | string | undefined, format: SeoFormat): string {
  if (value === undefined) return '';
  return typeof value === 'number' ? format.number(value) : value;
}

export function findingTexts(
  t: TFunction<'seo-checks'>,
  finding: FindingView,
  format: SeoFormat,
): { name: string; what: string; why: string; how: string } {
  const values = {
    measured: evidence(finding.measured, format),
    threshold: evidence(finding.threshold, format),
    // A counted measure ("1 place", "3 places") picks the text's plural form.
    ...(typeof finding.measured === 'number' && { count: finding.measured }),
  };
  const text = (part: 'what' | 'why' | 'how') => {
    const key: CheckKey = `${finding.checkId}.${part}`;
    const value = checkT(t)(key, values);
    return value === key ? '' : value;
  };
  return {
    name: checkName(t, finding.checkId),
    what: text('what'),
    why: text('why'),
    how: text('how'),
  };
}

/** The findings of one check in one language, which the page's detail explains once. */
export interface CheckGroup {
  checkId: string;
  severity: FindingView['severity'];
  findings: FindingView[];
}

/** A language's findings grouped by check, in the order the checks first come. */
export function checkGroups(findings: readonly FindingView[]): CheckGroup[] {
  const groups = new Map<string, CheckGroup>();
  for (const finding of findings) {
    const group = groups.get(finding.checkId);
    if (group === undefined) {
      groups.set(finding.checkId, {
        checkId: finding.checkId,
        severity: finding.severity,
        findings: [finding],
      });
    } else {
      group.findings.push(finding);
    }
  }
  return [...groups.values()];
}
