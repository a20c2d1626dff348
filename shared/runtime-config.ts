/**
 * What the client learns at run time rather than at build time: one build serves every environment,
 * so the DSN, the public address and the Firebase project are given by the BFF that serves the page.
 * The BFF writes it into every HTML page it sends as a JSON data block (never executed, so the CSP
 * needs no hash for it): `<script type="application/json" id="vitrine-runtime-config">…</script>`.
 */
export const runtimeConfigElementId = 'vitrine-runtime-config';

/**
 * Only the type travels to the client: zod stays out of the browser's first load, and the client
 * checks the block with a few plain guards (client/lib/runtime-config.ts).
 */
export type { RuntimeConfig } from './schemas/runtime-config.ts';
