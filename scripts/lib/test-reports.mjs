/**
 * The failed tests of a run, one line each, read from the runners' JSON reports. `npm test` prints
 * them just above its summary line: a reader of the run's end (a CI log's tail) sees what failed
 * without the thousands of lines before it.
 */
import path from 'node:path';

/**
 * The first telling line of a runner's message, without terminal colours, at most 300 characters.
 * Vitest heads a timeout's message with `Error: STACK_TRACE_ERROR`, which says nothing: the line
 * after it does.
 */
export function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const telling = (candidate) =>
    candidate.trim() !== '' && candidate.trim() !== 'Error: STACK_TRACE_ERROR';
  const line = plain.split('\n').find(telling) ?? '';
  return line.trim().slice(0, 300);
}

/** Vitest's JSON report: a file that failed to load has no test results, so it is named itself. */
export function failedVitestTests(report, root) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const results = file.assertionResults ?? [];
    if (file.status === 'failed' && results.length === 0) {
      lines.push(`${where}: ${firstLine(file.message)}`);
    }
    for (const test of results) {
      if (test.status !== 'failed') continue;
      lines.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  return lines;
}

/**
 * Playwright's JSON report nests suites by file, then by describe block. A test failed when it ended
 * `unexpected` (its last try failed); errors outside any test (a web server that did not start) are
 * named too.
 */
export function failedPlaywrightTests(report) {
  const lines = [];
  const visit = (suites, describeTitles) => {
    for (const suite of suites) {
      // The outermost suite of each file is titled with the file's path, which each line names.
      const titles = describeTitles === undefined ? [] : [...describeTitles, suite.title];
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const title = [...titles, spec.title].join(' › ');
          const error = test.results?.at(-1)?.error?.message;
          lines.push(`${spec.file}:${spec.line} › ${title}: ${firstLine(error)}`);
        }
      }
      visit(suite.suites ?? [], titles);
    }
  };
  visit(report.suites ?? [], undefined);
  for (const error of report.errors ?? [])
    lines.push(`outside any test: ${firstLine(error.message)}`);
  return lines;
}
