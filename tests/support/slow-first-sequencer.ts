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
 * Vitest's order (failed first, then longest last time, then largest), with the slow files first in
 * the order above, even on a first run, when no times are known.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => slowRank(a.file) - slowRank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}
