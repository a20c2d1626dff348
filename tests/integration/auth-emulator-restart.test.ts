import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, expect, test } from 'vitest';
import { removeDataFolder } from '../../scripts/lib/data-folder.mjs';
import { startAuthEmulator, unexpectedExitsFile } from '#server/local/auth-emulator.ts';
import { findFreePort } from '#server/local/free-port.ts';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import { testProjectId } from '../support/test-environment.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The processes whose command line names this emulator's own configuration file. */
async function processesRunning(configPath: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const commandLine = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.split('\0').includes(configPath)) pids.push(Number(entry));
  }
  return pids;
}

async function answers(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

test('an emulator that dies while the product runs is started again on its port, and says why', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-emulator-restart-'));
  cleanups.push(() => removeDataFolder(dataDir));
  const workDir = path.join(dataDir, 'auth-emulator');
  const lines: string[] = [];
  const emulator = await startAuthEmulator({
    projectId: testProjectId,
    port: await findFreePort(),
    stateDir: path.join(workDir, 'state'),
    workDir,
    log: (line) => lines.push(line),
  });
  cleanups.push(() => emulator.stop());
  await createEmailUser(emulator.host, {});

  const [pid] = await processesRunning(path.join(workDir, 'firebase.json'));
  expect(pid).toBeDefined();
  process.kill(pid!, 'SIGKILL');
  await expect.poll(() => answers(emulator.host), { timeout: 5_000 }).toBe(false);

  // Back on the same address: a new user can be made, as the product's sign-ups would.
  await expect.poll(() => answers(emulator.host), { timeout: 60_000, interval: 500 }).toBe(true);
  await expect(createEmailUser(emulator.host, {})).resolves.toMatchObject({
    uid: expect.any(String),
  });
  expect(lines.join('\n')).toMatch(/stopped unexpectedly \(SIGKILL\)/);
  const report = await fs.readFile(path.join(workDir, unexpectedExitsFile), 'utf8');
  expect(report).toMatch(/stopped unexpectedly \(SIGKILL\)[^\n]*; its last output:\n[\s\S]*auth/i);

  // Stopping it for good does not start it again.
  await emulator.stop();
  await delay(1_500);
  expect(await answers(emulator.host)).toBe(false);
  expect(await processesRunning(path.join(workDir, 'firebase.json'))).toEqual([]);
}, 120_000);
