import { describe, expect, it } from 'vitest';
import {
  EMPTY_JOURNEY,
  canOpen,
  completeStage,
  firstIncomplete,
  nextStage,
  reachReview,
  resolveStage,
  stageStatus,
  withForms,
  type JourneyStage,
} from '../../../src/engine/journey/journey';

const t = { en: 'x', es: 'x' };
const STAGES: JourneyStage[] = [
  { id: 'amount', title: t, form: 'a' },
  { id: 'contact', title: t, form: 'c' },
  { id: 'consent', title: t, form: 'd', resetWhenChanged: ['amount'] },
  { id: 'review', title: t, review: true },
];

const through = (...ids: string[]) =>
  ids.reduce((state, id) => completeStage(STAGES, state, id, { done: id }), EMPTY_JOURNEY);

describe('journey state (src/engine/journey)', () => {
  it('opens stages in order only', () => {
    expect(firstIncomplete(STAGES, EMPTY_JOURNEY)).toBe('amount');
    expect(canOpen(STAGES, EMPTY_JOURNEY, 'amount')).toBe(true);
    expect(canOpen(STAGES, EMPTY_JOURNEY, 'contact')).toBe(false);
    const state = through('amount');
    expect(canOpen(STAGES, state, 'contact')).toBe(true);
    expect(canOpen(STAGES, state, 'consent')).toBe(false);
    expect(canOpen(STAGES, state, 'nope')).toBe(false);
  });

  it('sends a stage opened early to the first incomplete one, and says so', () => {
    expect(resolveStage(STAGES, through('amount'), 'review')).toEqual({
      stage: 'contact',
      early: true,
    });
    expect(resolveStage(STAGES, through('amount'), 'contact')).toEqual({
      stage: 'contact',
      early: false,
    });
    // An unknown or missing stage is not "early": it simply starts where the journey is.
    expect(resolveStage(STAGES, EMPTY_JOURNEY, undefined)).toEqual({
      stage: 'amount',
      early: false,
    });
    expect(resolveStage(STAGES, EMPTY_JOURNEY, 'start')).toEqual({ stage: 'amount', early: false });
  });

  it('continues to the next stage, and back to the review once it was reached', () => {
    const state = through('amount', 'contact', 'consent');
    expect(nextStage(STAGES, state, 'contact')).toBe('consent');
    const reviewed = reachReview(STAGES, state);
    expect(nextStage(STAGES, reviewed, 'contact')).toBe('review');
  });

  it('a changed answer clears the stages that depend on it; the same answer does not', () => {
    const done = reachReview(STAGES, through('amount', 'contact', 'consent'));
    const same = completeStage(STAGES, done, 'amount', { done: 'amount' });
    expect(same.completed).toEqual(['amount', 'contact', 'consent']);
    const changed = completeStage(STAGES, done, 'amount', { done: 'other amount' });
    expect(changed.completed).toEqual(['amount', 'contact']);
    expect(changed.answers.consent).toBeUndefined();
    expect(changed.answers.contact).toEqual({ done: 'contact' });
    // Continue goes to the consent to give again, not to the review.
    expect(nextStage(STAGES, changed, 'amount')).toBe('consent');
    expect(canOpen(STAGES, changed, 'review')).toBe(false);
  });

  it('tells each stage how to show', () => {
    const state = through('amount');
    expect(stageStatus(STAGES, state, 'amount', 'contact')).toBe('completed');
    expect(stageStatus(STAGES, state, 'contact', 'contact')).toBe('current');
    expect(stageStatus(STAGES, state, 'consent', 'contact')).toBe('locked');
    expect(stageStatus(STAGES, through('amount', 'contact'), 'consent', 'amount')).toBe('open');
  });

  it('lets a variant collect a stage with its own form', () => {
    expect(withForms(STAGES, { amount: 'plan' }).map((s) => s.form)).toEqual([
      'plan',
      'c',
      'd',
      undefined,
    ]);
  });
});
