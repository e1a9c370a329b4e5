/**
 * The payment journey's stage and its address: a Continue (or a completed stage's Change) draws
 * the stage it leads to at once, ahead of the address, when the stage's code is here, and the
 * address follows right after that paint; otherwise it navigates. The browser's Back and Forward
 * end a stage drawn ahead. Used by components/payment-journey.tsx.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Location, NavigateFunction } from 'react-router-dom';
import { afterNextPaint } from '@/engine/after-next-paint';
import { drawAtOnce } from '@/web/app/draw-at-once';

interface Options {
  /** The stage the route names (`:stage`), if any. */
  addressed: string | undefined;
  location: Location;
  navigate: NavigateFunction;
  /** The address of a stage. */
  stageUrl: (stageId: string) => string;
  /** Whether a stage's widgets' code has arrived (it can be drawn at once). */
  codeHere: (stageId: string) => boolean;
}

export function useStageAddress({ addressed, location, navigate, stageUrl, codeHere }: Options) {
  // A stage drawn ahead of the address: a Continue (or a completed stage's Change) draws the
  // stage it leads to at once, in the journey's own render, and the address follows right
  // after its paint (the layout effect below). The browser's pushState and the route's render
  // for the new address, everything around the journey, so stay out of the key's task: called
  // there, pushState took 2-20 ms at 4x (it forced a style and layout when focus handlers had
  // changed attributes after the focus's layout).
  // Valid for the address it was drawn on only (its history key): any new address has a new key.
  // The browser's Back and Forward may return to the same key (even before the router has drawn
  // the address followed), so they end it, and an address still to follow is then not pushed.
  const [ahead, setAhead] = useState<{ key: string; stage: string } | null>(null);
  const follow = useRef<string | null>(null);
  const following = useRef<(() => void) | null>(null);
  useEffect(() => {
    const end = () => {
      following.current?.();
      following.current = null;
      setAhead(null);
    };
    window.addEventListener('popstate', end);
    return () => {
      window.removeEventListener('popstate', end);
      following.current?.();
    };
  }, []);
  /** The stage to show: the one drawn ahead on this address, else the one the route names. */
  const requested = ahead?.key === location.key ? ahead.stage : addressed;

  /**
   * Shows a stage: drawn ahead of the address when its code is here (see `ahead`), else by
   * navigating. Either way the history entry says `drawAtOnce`: the browser's Back and Forward
   * between stages draw at once too (draw-at-once.ts).
   */
  const showStage = useCallback(
    (stageId: string) => {
      if (codeHere(stageId)) {
        setAhead({ key: location.key, stage: stageId });
        follow.current = stageUrl(stageId);
      } else {
        void navigate(stageUrl(stageId), { state: { preserveScroll: true, ...drawAtOnce } });
      }
    },
    [codeHere, location.key, navigate, stageUrl],
  );
  // The address follows a stage drawn ahead after the paint of the commit that drew it.
  useLayoutEffect(() => {
    const to = follow.current;
    if (to === null) return;
    follow.current = null;
    // A second stage drawn within the same frame: its address is the one to follow.
    following.current?.();
    following.current = afterNextPaint(() => {
      following.current = null;
      void navigate(to, { state: { preserveScroll: true, ...drawAtOnce } });
    });
  });

  return { requested, showStage };
}
