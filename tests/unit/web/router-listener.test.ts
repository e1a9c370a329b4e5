/**
 * How the router hears of history changes (draw-at-once.ts, router.tsx): in a transition, a Back
 * or Forward to a wizard entry at once, and the push that follows a stage drawn ahead only after
 * the paint, never after a newer change.
 */
import { describe, expect, it } from 'vitest';
import { drawAtOnce, drawnAhead, routerListener } from '../../../src/web/app/draw-at-once';

interface Update {
  action: string;
  location: { state: unknown; pathname: string };
}

function harness() {
  const told: string[] = [];
  const inTransition: string[] = [];
  const paints: (() => void)[] = [];
  let transition = false;
  const tell = routerListener<Update>(
    (update) => {
      told.push(update.location.pathname);
      if (transition) inTransition.push(update.location.pathname);
    },
    {
      transition: (run) => {
        transition = true;
        run();
        transition = false;
      },
      afterPaint: (run) => {
        paints.push(run);
      },
    },
  );
  const paint = () => paints.splice(0).forEach((run) => run());
  const update = (action: string, pathname: string, state: unknown = null): Update => ({
    action,
    location: { pathname, state },
  });
  return { tell, told, inTransition, paint, update };
}

describe('routerListener', () => {
  it('tells a push in a transition, at once', () => {
    const { tell, told, inTransition, update } = harness();
    tell(update('PUSH', '/a'));
    expect(told).toEqual(['/a']);
    expect(inTransition).toEqual(['/a']);
  });

  it('tells a Back to an entry drawn at once outside a transition; a push of one in a transition', () => {
    const { tell, told, inTransition, update } = harness();
    tell(update('POP', '/stage-1', { ...drawAtOnce }));
    expect(told).toEqual(['/stage-1']);
    expect(inTransition).toEqual([]);
    tell(update('PUSH', '/stage-2', { ...drawAtOnce }));
    expect(inTransition).toEqual(['/stage-2']);
  });

  it('tells the push that follows a stage drawn ahead after the paint, in a transition', () => {
    const { tell, told, inTransition, paint, update } = harness();
    tell(update('PUSH', '/stage-2', { ...drawAtOnce, ...drawnAhead }));
    expect(told).toEqual([]);
    paint();
    expect(told).toEqual(['/stage-2']);
    expect(inTransition).toEqual(['/stage-2']);
  });

  it('drops a push that waits for the paint when a newer change came first', () => {
    const { tell, told, paint, update } = harness();
    tell(update('PUSH', '/stage-2', { ...drawAtOnce, ...drawnAhead }));
    tell(update('POP', '/stage-1', { ...drawAtOnce }));
    paint();
    expect(told).toEqual(['/stage-1']);
  });

  it('a Back to an entry that followed a drawing is not held back', () => {
    const { tell, told, update } = harness();
    tell(update('POP', '/stage-2', { ...drawAtOnce, ...drawnAhead }));
    expect(told).toEqual(['/stage-2']);
  });
});
