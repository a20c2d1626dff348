import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { emulatorHost } from '../support/integration-services.ts';
import { testProjectId } from '../support/test-environment.ts';

/**
 * The Auth Emulator compiles the validators of its API as requests use them
 * (server/local/auth-emulator-lazy-schemas.mjs) instead of all of them before it answers: it still
 * refuses what does not match Google's schema, with Google's message, as it did before.
 */

async function signUp(body: unknown): Promise<{ status: number; message: string | undefined }> {
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${testProjectId}/accounts`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    },
  );
  const answer = (await response.json()) as { error?: { message?: string } };
  return { status: response.status, message: answer.error?.message };
}

test("a request that does not match the API's schema is refused with the schema's reason", async () => {
  await expect(signUp({ email: { not: 'a string' } })).resolves.toEqual({
    status: 400,
    message: 'Invalid JSON payload received. /email must be string',
  });
  await expect(signUp({ email: 'valid@example.com', mfaInfo: 'not a list' })).resolves.toEqual({
    status: 400,
    message: 'Invalid JSON payload received. /mfaInfo must be array',
  });
  // The same operation, well formed, is served.
  await expect(
    signUp({ email: 'schema-check@example.com', password: 'secret-12' }),
  ).resolves.toEqual({ status: 200, message: undefined });
});

test("the emulator's process compiles its validators as they are used", () => {
  const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
  // What firebase-tools hands exegesis, read in a process started as the emulator's is.
  const probe = spawnSync(
    process.execPath,
    [
      '--import',
      path.join(repoRoot, 'server/local/auth-emulator-lazy-schemas.mjs'),
      '-e',
      `const firebaseTools = path.dirname(require.resolve('firebase-tools/package.json'));
       const options = require(require.resolve('exegesis/lib/options.js', { paths: [firebaseTools] }));
       console.log(JSON.stringify([
         options.compileOptions({}).lazyCompileValidationSchemas,
         options.compileOptions({ lazyCompileValidationSchemas: false }).lazyCompileValidationSchemas,
       ]));`,
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  expect(probe.status, probe.stderr).toBe(0);
  // On by default; what a caller sets explicitly still wins.
  expect(JSON.parse(probe.stdout)).toEqual([true, false]);
});
