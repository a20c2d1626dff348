import type { Check } from '../check.ts';

/** The content checks (C01–C05). */
export const contentChecks: readonly Check[] = [];
