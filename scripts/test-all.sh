#!/usr/bin/env bash
# `npm test`: every check and every suite, in order, even when one fails, then one summary line.
# Static checks count as one test each; vitest and Playwright report their own test counts.
# The last line is always `N passed, N failed` (skipped tests, if any, are counted on the line
# before it); the exit code is 1 if anything failed.
set -u
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/vitest.json test-results/e2e.json

passed=0
failed=0
skipped=0
failures=()

step() {
  local name="$1"
  shift
  echo
  echo "=== ${name}: $*"
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failures+=("${name}")
  fi
}

# Adds a suite's counts from its JSON report; a suite that wrote no report counts as one failure.
count() {
  local name="$1" file="$2" status="$3"
  local counts
  if [ -f "$file" ] && counts=$(node scripts/count-results.mjs "$file"); then
    read -r p f s k <<<"$counts"
    passed=$((passed + p))
    failed=$((failed + f))
    skipped=$((skipped + s))
    # Tests that passed only on a retry (Playwright on CI) are named in the suite's own summary.
    echo "${name}: ${p} passed (${k} on a retry), ${f} failed, ${s} skipped"
    if [ "$f" -gt 0 ] || [ "$status" -ne 0 ]; then failures+=("${name}"); fi
    if [ "$f" -eq 0 ] && [ "$status" -ne 0 ]; then failed=$((failed + 1)); fi
  else
    failed=$((failed + 1))
    failures+=("${name} (no report)")
  fi
}

step format npx prettier --check . --log-level warn
step lint npx eslint . --max-warnings 0
step typecheck npx tsc --noEmit -p tsconfig.json
step check-config npx tsx scripts/check-config.ts
step generated-types npx tsx scripts/gen-types.ts --check
step generated-validators npx tsx scripts/gen-validators.ts --check

echo
echo "=== unit and API suites (vitest; API on SQLite and PostgreSQL)"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
count vitest test-results/vitest.json $?

step build npm run --silent build
step size-budget npx tsx scripts/size-report.ts --budget

echo
echo "=== end-to-end (Playwright, Debian Chromium)"
if bash scripts/ensure-chromium.sh; then
  npx playwright test
  count e2e test-results/e2e.json $?
else
  failed=$((failed + 1))
  failures+=("e2e (no Chromium)")
fi

echo
if [ ${#failures[@]} -gt 0 ]; then echo "failed: ${failures[*]}"; fi
echo "${skipped} skipped"
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
