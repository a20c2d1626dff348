import { runtimeConfigElementId, type RuntimeConfig } from '../../shared/runtime-config.ts';
import { isNullableString, isRecord, isString } from './shape-checks.ts';

/**
 * The configuration the BFF writes into every page it serves (shared/runtime-config.ts). The Vite
 * dev server serves index.html without it: the client then runs on a local default, with error
 * reporting off and the Firebase emulator project.
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
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRuntimeConfig(parsed)) return parsed;
  } catch {
    // Not JSON: treated like a missing block.
  }
  return localRuntimeConfig(origin);
}

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (!isRecord(value) || !isString(value.publicUrl)) return false;
  const { errorReporting, firebase } = value;
  const errorReportingValid =
    errorReporting === null ||
    (isRecord(errorReporting) &&
      isString(errorReporting.dsn) &&
      isString(errorReporting.environment) &&
      isNullableString(errorReporting.release) &&
      typeof errorReporting.production === 'boolean');
  return (
    errorReportingValid &&
    isRecord(firebase) &&
    isString(firebase.apiKey) &&
    isString(firebase.authDomain) &&
    isString(firebase.projectId) &&
    (firebase.authEmulatorUrl === undefined || isString(firebase.authEmulatorUrl))
  );
}

/** Reads `#vitrine-runtime-config` from the page. */
export function readRuntimeConfig(): RuntimeConfig {
  const origin = typeof location === 'undefined' ? '' : location.origin;
  if (typeof document === 'undefined') return localRuntimeConfig(origin);
  return parseRuntimeConfig(document.getElementById(runtimeConfigElementId)?.textContent, origin);
}
