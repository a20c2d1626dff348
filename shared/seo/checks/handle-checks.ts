import type { Check } from '../check.ts';

/** The handle checks (U01). */
export const handleChecks: readonly Check[] = [];
