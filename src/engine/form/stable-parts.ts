/** Values kept by identity while they stay deeply equal, so RJSF's fields skip a re-render. */
import { useState } from 'react';
import { deepEquals } from '@rjsf/utils';

/**
 * `next`, except that every top-level part deeply equal to the same part of `previous` is the
 * previous object (and `previous` itself when all are): RJSF compares what each field receives
 * with a deep comparison that stops at once on the same object, so a uiSchema rebuilt on every
 * key costs the fields nothing when it did not change.
 */
export function reuseEqualParts<T extends object>(previous: T, next: T): T {
  if (previous === next) return previous;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  let same = Object.keys(before).length === Object.keys(after).length;
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    const kept = key in before && deepEquals(before[key], value) ? before[key] : value;
    if (kept !== before[key]) same = false;
    merged[key] = kept;
  }
  return same ? previous : (merged as T);
}

/** A value kept by identity while it stays deeply equal, part by part (see reuseEqualParts). */
export function useStableParts<T extends object>(value: T): T {
  const [stable, setStable] = useState(value);
  if (stable === value) return stable;
  const next = reuseEqualParts(stable, value);
  if (next !== stable) setStable(next);
  return next;
}
