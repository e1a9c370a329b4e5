/**
 * How the router hears of history changes (draw-at-once.ts, router.tsx): in a transition, except
 * a Back or Forward to an entry whose state asks to be drawn at once.
 */
import { describe, expect, it } from 'vitest';
import { drawAtOnce, routerListener } from '../../../src/web/app/draw-at-once';

interface Update {
  action: string;
  location: { state: unknown; pathname: string };
}

function harness() {
  const told: string[] = [];
  const inTransition: string[] = [];
  let transition = false;
  const tell = routerListener<Update>(
    (update) => {
      told.push(update.location.pathname);
      if (transition) inTransition.push(update.location.pathname);
    },
    (run) => {
      transition = true;
      run();
      transition = false;
    },
  );
  const update = (action: string, pathname: string, state: unknown = null): Update => ({
    action,
    location: { pathname, state },
  });
  return { tell, told, inTransition, update };
}

describe('routerListener', () => {
  it('tells a push, a replace and a plain Back in a transition', () => {
    const { tell, told, inTransition, update } = harness();
    tell(update('PUSH', '/a'));
    tell(update('REPLACE', '/b'));
    tell(update('POP', '/a'));
    expect(told).toEqual(['/a', '/b', '/a']);
    expect(inTransition).toEqual(['/a', '/b', '/a']);
  });

  it('tells a Back or Forward to an entry drawn at once outside a transition, a push of one in a transition', () => {
    const { tell, told, inTransition, update } = harness();
    tell(update('POP', '/stage-1', { ...drawAtOnce }));
    expect(told).toEqual(['/stage-1']);
    expect(inTransition).toEqual([]);
    tell(update('PUSH', '/stage-2', { preserveScroll: true, ...drawAtOnce }));
    expect(inTransition).toEqual(['/stage-2']);
  });
});
