import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { productDataDir } from './accounts.ts';

/**
 * The local Shopify has one seeded store, which connects to one Vitrine account at a time, while
 * the e2e specs run in parallel workers: a spec that connects it first takes its turn here, and
 * gives it back once it has disconnected it. The turn is a directory made in the product's data
 * folder (mkdir either makes it or fails, atomically), holding the pid of the worker that has it;
 * a turn whose worker is gone, or held far longer than any test runs, is taken over.
 */

const turnDir = () => path.join(productDataDir || '.test-data/e2e', 'seeded-store-turn');
const ownerFile = () => path.join(turnDir(), 'owner');
/** Longer than a whole describe of store tests, so only a turn left behind is ever taken over. */
const abandonedAfterMs = 15 * 60_000;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function isAbandoned(): Promise<boolean> {
  try {
    const [owner, info] = await Promise.all([readFile(ownerFile(), 'utf8'), stat(turnDir())]);
    const pid = Number(owner);
    return (
      (Number.isInteger(pid) && pid > 0 && !isRunning(pid)) ||
      Date.now() - info.mtimeMs > abandonedAfterMs
    );
  } catch {
    // Made but not yet signed by its owner, or just given back: not abandoned.
    return false;
  }
}

/** Waits for the seeded store's turn; the function returned gives it back. */
export async function takeSeededStoreTurn(): Promise<() => Promise<void>> {
  await mkdir(path.dirname(turnDir()), { recursive: true });
  for (;;) {
    try {
      await mkdir(turnDir());
      await writeFile(ownerFile(), String(process.pid));
      return () => rm(turnDir(), { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await isAbandoned()) await rm(turnDir(), { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Takes the seeded store's turn from a hook or a test: the wait for another spec to give the store
 * back is not counted against the timeout of the test (or hook) that waits.
 */
export async function takeSeededStoreTurnUntimed(testInfo: TestInfo): Promise<() => Promise<void>> {
  const timeout = testInfo.timeout;
  testInfo.setTimeout(0);
  const since = Date.now();
  const giveBack = await takeSeededStoreTurn();
  testInfo.setTimeout(timeout === 0 ? 0 : timeout + (Date.now() - since));
  return giveBack;
}
