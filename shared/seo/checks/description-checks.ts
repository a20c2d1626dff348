import type { Check } from '../check.ts';

/** The description checks (M01–M03). */
export const descriptionChecks: readonly Check[] = [];
