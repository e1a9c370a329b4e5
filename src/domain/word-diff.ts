/**
 * A word-level diff of two texts, for the studio's review of a draft (issue 24): runs of words
 * that stay, were added or were removed, in reading order. Words, runs of white space and single
 * punctuation marks are the tokens; the longest common subsequence of the two token lists is
 * what stays. (The maintained `diff` package's `diffWords` would do this; it is not a dependency
 * of the portal, and this is the whole of what the review needs.)
 */

export type WordDiffOp = 'same' | 'added' | 'removed';
export interface WordDiffRun {
  op: WordDiffOp;
  text: string;
}
export type WordDiff = WordDiffRun[];

/** Above this many cells the middle of two texts is shown as removed, then added, whole. */
const MAX_CELLS = 4_000_000;

/** Words (letters, digits, `_`, and `{{…}}` placeholders), white space, and single marks. */
export function wordTokens(text: string): string[] {
  return text.match(/\{\{[^{}]*\}\}|[\p{L}\p{N}\p{M}_'’]+|\s+|[^\s\p{L}\p{N}\p{M}_]/gu) ?? [];
}

function push(runs: WordDiff, op: WordDiffOp, text: string): void {
  if (text === '') return;
  const last = runs[runs.length - 1];
  if (last && last.op === op) last.text += text;
  else runs.push({ op, text });
}

/** The runs that turn `before` into `after`; joining the `same` and `removed` runs gives `before`. */
export function diffWords(before: string, after: string): WordDiff {
  const a = wordTokens(before);
  const b = wordTokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const runs: WordDiff = [];
  push(runs, 'same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  if (n * m > MAX_CELLS) {
    push(runs, 'removed', midA.join(''));
    push(runs, 'added', midB.join(''));
  } else {
    // lengths[i * (m + 1) + j]: the longest common subsequence of midA[i..] and midB[j..].
    const width = m + 1;
    const lengths = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lengths[i * width + j] =
          midA[i] === midB[j]
            ? lengths[(i + 1) * width + j + 1]! + 1
            : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && midA[i] === midB[j]) {
        push(runs, 'same', midA[i]!);
        i++;
        j++;
      } else if (
        i < n &&
        (j === m || lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)
      ) {
        // Removed words come before the words that replace them.
        push(runs, 'removed', midA[i]!);
        i++;
      } else {
        push(runs, 'added', midB[j]!);
        j++;
      }
    }
  }
  push(runs, 'same', a.slice(endA).join(''));
  return runs;
}
