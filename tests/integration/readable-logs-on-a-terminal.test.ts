import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { removeDataFolder } from '../../scripts/lib/data-folder.mjs';
import { startProduct } from '../support/started-product.ts';

/**
 * `npm start` in a terminal prints lines a person reads, not JSON: the start-up lines and the logs of
 * both servers alike. The terminal is a real pseudo-terminal, made by util-linux's `script`.
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
let dataDir: string;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-terminal-'));
  await fs.chmod(dataDir, 0o755);
});

afterEach(async () => {
  await removeDataFolder(dataDir);
});

/** Processes whose command line names the data folder: the embedded PostgreSQL and the emulator. */
function processesUsing(folder: string): string[] {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n');
  return lines.filter((line) => line.includes(folder) && !line.includes('ps -eo'));
}

/** What a person sees: the terminal's carriage returns and colours taken out. */
const asSeen = (output: string) => stripVTControlCharacters(output).replace(/\r/g, '').split('\n');

test('on a terminal, the start-up lines and both servers’ request logs are readable lines, not JSON', async () => {
  const product = await startProduct({
    cwd: repoRoot,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    // -q quiet, -f flush at once, -e the command's exit code, -c the command; no typescript file.
    wrap: (commandLine) => ['script', '-qfec', commandLine.join(' '), '/dev/null'],
  });
  try {
    await product.waitFor(
      () => product.output().includes(`Ready on http://localhost:${product.port}`),
      'ready line',
    );
    // One request to each server: the BFF on its port, the API on the loopback port it announced.
    const apiUrl = asSeen(product.output())
      .map((line) => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1])
      .find((url) => url !== undefined && !url.endsWith(`:${product.port}`));
    expect(apiUrl, product.output()).toBeDefined();
    const requestIds: string[] = [];
    for (const url of [`http://localhost:${product.port}`, apiUrl]) {
      const response = await fetch(`${url}/api/v1/account/me`);
      requestIds.push(response.headers.get('x-request-id')!);
    }
    const requestLines = () =>
      requestIds.map((id) =>
        asSeen(product.output()).find(
          (line) => line.includes(id) && line.includes('incoming request'),
        ),
      );
    await product.waitFor(
      () => requestLines().every((line) => line !== undefined),
      'request lines of both servers',
      10_000,
    );

    const lines = asSeen(product.output());
    const readable = /^\[\d\d:\d\d:\d\d\.\d{3}\] (INFO|WARN|ERROR): /;
    expect(lines.find((line) => line.includes('Ready on'))).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Ready on http:\/\/localhost:\d+$/,
    );
    for (const line of requestLines()) expect(line).toMatch(readable);
    expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
  } finally {
    await product.stop();
    // The terminal's end reaches the product as a hang-up, which stops what it started.
    const deadline = Date.now() + 30_000;
    while (processesUsing(dataDir).length > 0 && Date.now() < deadline) await delay(200);
  }
  expect(processesUsing(dataDir)).toEqual([]);
}, 150_000);
