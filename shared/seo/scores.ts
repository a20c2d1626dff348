import type { Severity } from './check.ts';

/**
 * What one failing check takes from a page's 100 points, by its severity (docs/seo-scores.md): the
 * audit scores with it and the overview explains the scores with it.
 */
export const severityWeights: Readonly<Record<Severity, number>> = {
  error: 15,
  warning: 5,
  info: 1,
};
