import { useState } from 'react';

/** A list shown `initial` items at a time, `step` more per click (spec §9 schedule and history). */
export function useShowMore<T>(items: readonly T[], initial: number, step: number) {
  const [count, setCount] = useState(initial);
  return {
    visible: items.slice(0, count),
    hasMore: items.length > count,
    showMore: () => setCount((current) => current + step),
  };
}
