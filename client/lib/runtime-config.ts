import * as z from 'zod/mini';
import { runtimeConfigElementId, type RuntimeConfig } from '#shared/runtime-config.ts';
import { runtimeConfigSchema } from '#shared/schemas/runtime-config.ts';

/**
 * The configuration the BFF writes into every page it serves (shared/runtime-config.ts), read with
 * the schema the BFF writes it with. The Vite dev server serves index.html without it: the client
 * then runs on a local default, with error reporting off and the Firebase emulator project.
 */

export function localRuntimeConfig(origin: string): RuntimeConfig {
  return {
    publicUrl: origin,
    errorReporting: null,
    firebase: { apiKey: 'local', authDomain: 'localhost', projectId: 'demo-vitrine' },
  };
}

/** The configuration in the block's text, or the local default when it is absent or malformed. */
export function parseRuntimeConfig(text: string | null | undefined, origin: string): RuntimeConfig {
  if (typeof text !== 'string' || text.trim() === '') return localRuntimeConfig(origin);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON: treated like a missing block.
    return localRuntimeConfig(origin);
  }
  const parsed = z.safeParse(runtimeConfigSchema, value);
  return parsed.success ? parsed.data : localRuntimeConfig(origin);
}

/** Reads `#vitrine-runtime-config` from the page. */
export function readRuntimeConfig(): RuntimeConfig {
  const origin = typeof location === 'undefined' ? '' : location.origin;
  if (typeof document === 'undefined') return localRuntimeConfig(origin);
  return parseRuntimeConfig(document.getElementById(runtimeConfigElementId)?.textContent, origin);
}
