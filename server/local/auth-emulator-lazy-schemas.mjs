/**
 * Loaded into the Firebase Auth Emulator's process before firebase-tools (`node --import`, from
 * server/local/auth-emulator.ts). The emulator serves its API through exegesis, which by default
 * compiles a JSON-schema validator for every request and response of the whole Identity Toolkit API
 * before it answers: about 14 of the 18 CPU-seconds of the emulator's start in a profile on this
 * product's two-core machine. exegesis's own `lazyCompileValidationSchemas` option compiles each
 * validator when it is first used instead, and validates exactly as before; firebase-tools does not
 * set it, so its default is changed here. Where exegesis is not found, the emulator starts as it
 * always did, only more slowly.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

try {
  const firebaseTools = path.dirname(require.resolve('firebase-tools/package.json'));
  const options = require(require.resolve('exegesis/lib/options.js', { paths: [firebaseTools] }));
  const compileOptions = options.compileOptions;
  options.compileOptions = (given = {}) =>
    compileOptions({ lazyCompileValidationSchemas: true, ...given });
} catch {
  // A firebase-tools without exegesis where it was: nothing to change.
}
