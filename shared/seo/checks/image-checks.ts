import type { Check } from '../check.ts';

/** The image checks (I01–I03). */
export const imageChecks: readonly Check[] = [];
