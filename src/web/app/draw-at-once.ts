import type { Location } from 'react-router-dom';

/**
 * Location state of a navigation drawn as an urgent update, in the task that asked for it, rather
 * than in a transition (router.tsx): `navigate(to, { state: { ...drawAtOnce } })`. For a page whose
 * code is here and that does not wait for data, such as the next stage of the payment wizard: a
 * transition renders in 5 ms slices with the browser's frames between them (about 150 ms of wall
 * time for 60 ms of work at 4x CPU), and the key's own task is not shorter for it. A page that may
 * still need its code keeps the transition, which keeps the old page on screen meanwhile (an
 * urgent render that suspends shows the fallback instead).
 */
export const drawAtOnce = { drawAtOnce: true } as const;

export function drawsAtOnce(location: Pick<Location, 'state'>): boolean {
  return (location.state as { drawAtOnce?: unknown } | null)?.drawAtOnce === true;
}
