import type { Check } from '../check.ts';

/** The link checks (L01–L03). */
export const linkChecks: readonly Check[] = [];
