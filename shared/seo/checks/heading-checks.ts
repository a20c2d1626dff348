import type { Check } from '../check.ts';

/** The heading checks (H01). */
export const headingChecks: readonly Check[] = [];
