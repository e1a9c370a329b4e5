// Prints "passed failed skipped flaky" from a vitest or Playwright JSON report (flaky: passed on a
// retry, counted in passed too; always 0 for vitest, which does not retry).
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
if (report.stats && 'expected' in report.stats) {
  const { expected, unexpected, flaky, skipped } = report.stats;
  console.log(`${expected + flaky} ${unexpected} ${skipped} ${flaky}`);
} else {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = report;
  console.log(`${numPassedTests} ${numFailedTests} ${numPendingTests + (numTodoTests ?? 0)} 0`);
}
