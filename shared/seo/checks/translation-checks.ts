import type { Check } from '../check.ts';

/** The translation checks (TG1–TG3). */
export const translationChecks: readonly Check[] = [];
