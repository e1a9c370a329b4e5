// Prints "passed failed skipped" from a vitest or Playwright JSON report.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
if (report.stats && 'expected' in report.stats) {
  const { expected, unexpected, flaky, skipped } = report.stats;
  console.log(`${expected + flaky} ${unexpected} ${skipped}`);
} else {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = report;
  console.log(`${numPassedTests} ${numFailedTests} ${numPendingTests + (numTodoTests ?? 0)}`);
}
