import type { Check } from '../check.ts';

/** The title checks (T01–T05). */
export const titleChecks: readonly Check[] = [];
