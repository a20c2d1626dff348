import { describe, expect, it } from 'vitest';
import {
  failedPlaywrightTests,
  failedVitestTests,
  firstLine,
} from '../../scripts/lib/test-reports.mjs';

describe('the failed tests named above the summary of npm test', () => {
  it('names each failed Vitest test with its file and first message line, and a file that did not load', () => {
    const report = {
      testResults: [
        {
          name: '/repo/tests/integration/api-busy-database.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            { fullName: 'the pool › answers 503', status: 'passed', failureMessages: [] },
            {
              fullName: 'the pool › registration waits',
              status: 'failed',
              failureMessages: [
                '\u001b[31mAssertionError: expected 503 to be 201\u001b[39m\n    at …',
              ],
            },
          ],
        },
        {
          name: '/repo/tests/unit/broken.test.ts',
          status: 'failed',
          message: 'Failed to load url ./missing.js',
          assertionResults: [],
        },
        { name: '/repo/tests/unit/fine.test.ts', status: 'passed', assertionResults: [] },
      ],
    };

    expect(failedVitestTests(report, '/repo')).toEqual([
      'tests/integration/api-busy-database.test.ts › the pool › registration waits: AssertionError: expected 503 to be 201',
      'tests/unit/broken.test.ts: Failed to load url ./missing.js',
    ]);
  });

  it('names each Playwright test whose last try failed, inside its describe blocks, and errors outside tests', () => {
    const report = {
      suites: [
        {
          title: 'shops.spec.ts',
          file: 'shops.spec.ts',
          specs: [],
          suites: [
            {
              title: 'connecting the seeded store',
              file: 'shops.spec.ts',
              specs: [
                {
                  title: 'reconnects',
                  file: 'shops.spec.ts',
                  line: 361,
                  tests: [
                    {
                      status: 'unexpected',
                      results: [
                        { error: { message: 'first try' } },
                        { error: { message: '\nTimeout 30000ms exceeded.\nCall log:' } },
                      ],
                    },
                  ],
                },
                {
                  title: 'retried and passed',
                  file: 'shops.spec.ts',
                  line: 400,
                  tests: [{ status: 'flaky', results: [{ error: { message: 'x' } }, {}] }],
                },
              ],
            },
          ],
        },
      ],
      errors: [{ message: 'Error: Timed out waiting 120000ms from config.webServer.' }],
    };

    expect(failedPlaywrightTests(report)).toEqual([
      'shops.spec.ts:361 › connecting the seeded store › reconnects: Timeout 30000ms exceeded.',
      'outside any test: Error: Timed out waiting 120000ms from config.webServer.',
    ]);
  });

  it('keeps a message line short enough to read in a log', () => {
    expect(firstLine('x'.repeat(1000))).toHaveLength(300);
    expect(firstLine(undefined)).toBe('');
    expect(firstLine('Error: STACK_TRACE_ERROR\nError: Test timed out in 30000ms.')).toBe(
      'Error: Test timed out in 30000ms.',
    );
  });
});
