import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take the longest, longest first (their wall time in a whole run on two cores,
 * 2026-11-28): they start the product and its embedded services as `npm start` does, kill and
 * resume workers, import 100,000 products or install the production layout, or hold the audit's
 * language model to tinyld's on thousands of texts. The run ends when its longest file does, so
 * these start at once and run beside the rest, unit files too (started last, the language model's
 * was the whole run's tail).
 */
export const slowFiles = [
  'tests/integration/start-and-stop.test.ts', // 150 s
  'tests/integration/catalog-sync-runs.test.ts', // 127 s
  'tests/integration/start-from-private-folder.test.ts', // 73 s
  'tests/unit/seo-text-language-model.test.ts', // 71 s
  'tests/integration/production-layout.test.ts', // 63 s
  'tests/integration/catalog-local-shopify.test.ts', // 39 s
  'tests/integration/auth-emulator-restart.test.ts', // 28 s
  'tests/integration/readable-logs-on-a-terminal.test.ts', // 23 s
  'tests/integration/catalog-bulk-files.test.ts', // 22 s
  'tests/integration/billing-events.test.ts', // 20 s
  'tests/integration/billing-api-start.test.ts', // 20 s
];

function slowRank(file: TestSpecification): number {
  const rank = slowFiles.findIndex((slow) => file.moduleId.endsWith(slow));
  return rank === -1 ? slowFiles.length : rank;
}

/**
 * `spread` among `main`, evenly, each list keeping its order: [a1, a2, a3, a4] and [b1, b2] give
 * [a1, b1, a2, a3, b2, a4].
 */
export function interleave<T>(main: readonly T[], spread: readonly T[]): T[] {
  const merged: T[] = [];
  let fromMain = 0;
  let fromSpread = 0;
  while (fromMain < main.length || fromSpread < spread.length) {
    // Take from the list that is behind its share of the merged order so far.
    const mainShare = (fromMain + 1) / (main.length + 1);
    const spreadShare = (fromSpread + 1) / (spread.length + 1);
    if (fromSpread >= spread.length || (fromMain < main.length && mainShare <= spreadShare)) {
      merged.push(main[fromMain++]!);
    } else {
      merged.push(spread[fromSpread++]!);
    }
  }
  return merged;
}

/**
 * Vitest's order (failed first, then longest last time, then largest; one project after the
 * other), with the slow files first in the order above, even on a first run, when no times are
 * known. After them, the unit files are spread among the integration files rather than run last:
 * many integration files mostly wait (on timers, PostgreSQL, a child process), unit files keep a
 * core busy, and two of the first beside each other left the machine half idle for a minute and
 * a half of a run.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = sorted
      .filter((file) => slowRank(file) < slowFiles.length)
      .sort((a, b) => slowRank(a) - slowRank(b));
    const rest = sorted.filter((file) => slowRank(file) === slowFiles.length);
    const unit = rest.filter((file) => file.project.name === 'unit');
    const others = rest.filter((file) => file.project.name !== 'unit');
    return [...slow, ...interleave(others, unit)];
  }
}
