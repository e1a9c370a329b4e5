import { startTransition } from 'react';
import type { Location } from 'react-router-dom';

/**
 * Location state of a history entry drawn at once when the browser's Back or Forward returns to
 * it: an urgent update in the task of the `popstate`, rather than a transition (router.tsx):
 * `navigate(to, { state: { ...drawAtOnce } })`. For a page whose code is here and that does not
 * wait for data, such as a stage of the payment wizard: a transition renders in 5 ms slices with
 * the browser's frames between them (about 150 ms of wall time for 60 ms of work at 4x CPU), and
 * the key's own task is not shorter for it.
 *
 * A push or replace is always drawn in a transition, which keeps the old page on screen while the
 * new one's code loads (an urgent render that suspends shows the fallback instead). A page that
 * shows the change itself at once, as the wizard draws its next stage ahead of its address
 * (payment-journey.tsx), leaves only the rest of the page to that transition.
 */
export const drawAtOnce = { drawAtOnce: true } as const;

export function drawsAtOnce(update: {
  action: string;
  location: Pick<Location, 'state'>;
}): boolean {
  return (
    update.action === 'POP' &&
    (update.location.state as { drawAtOnce?: unknown } | null)?.drawAtOnce === true
  );
}

interface Update {
  action: string;
  location: Pick<Location, 'state'>;
}

/**
 * The router's listener as our history calls it (router.tsx): each change in a transition, except a
 * Back or Forward drawn at once (`drawsAtOnce`).
 */
export function routerListener<U extends Update>(
  listener: (update: U) => void,
  transition: (run: () => void) => void = startTransition,
): (update: U) => void {
  return (update) => {
    if (drawsAtOnce(update)) listener(update);
    else transition(() => listener(update));
  };
}
