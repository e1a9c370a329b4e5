/**
 * A journey: several engine forms answered one stage at a time, in order, then reviewed and
 * confirmed (the payment wizard is one). The stage list is data (a journey file under flows/);
 * this module is the pure state machine the browser runs and the server can replay: which stage
 * may open, what completing one does, where Continue leads, and which answers a change makes
 * stale. It knows nothing of payments.
 */
import type { FormData } from '../form/flow';
import type { Stage as JourneyStage } from '../../generated/types/meta/payment-journey';

/** A stage: its id (also its route segment), title, form, and the stages it depends on. */
export type { JourneyStage };

export interface JourneyState {
  /** The answers of each stage, as its form submitted them. */
  answers: Record<string, FormData>;
  /** Ids of the completed stages. */
  completed: string[];
  /** The review stage has been opened once: Continue after a Change leads back to it. */
  reviewReached: boolean;
}

export const EMPTY_JOURNEY: JourneyState = { answers: {}, completed: [], reviewReached: false };

export type StageStatus = 'current' | 'completed' | 'locked' | 'open';

function indexOf(stages: readonly JourneyStage[], id: string): number {
  return stages.findIndex((stage) => stage.id === id);
}

/** Whether `id` is a stage of the journey. */
export function isStage(stages: readonly JourneyStage[], id: string | undefined): boolean {
  return id !== undefined && indexOf(stages, id) !== -1;
}

/** The first stage that is not completed (the review stage when all others are). */
export function firstIncomplete(stages: readonly JourneyStage[], state: JourneyState): string {
  const stage = stages.find((s) => !state.completed.includes(s.id)) ?? stages[stages.length - 1];
  return stage?.id ?? '';
}

/** A stage may open once every stage before it is completed. */
export function canOpen(stages: readonly JourneyStage[], state: JourneyState, id: string): boolean {
  const index = indexOf(stages, id);
  if (index === -1) return false;
  return stages.slice(0, index).every((stage) => state.completed.includes(stage.id));
}

/** How a stage shows while `current` is open. */
export function stageStatus(
  stages: readonly JourneyStage[],
  state: JourneyState,
  id: string,
  current: string,
): StageStatus {
  if (id === current) return 'current';
  if (state.completed.includes(id)) return 'completed';
  return canOpen(stages, state, id) ? 'open' : 'locked';
}

const same = (a: FormData | undefined, b: FormData | undefined): boolean =>
  JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/**
 * The state after `id` is completed with `answers`. When the answers differ from the ones it had,
 * every stage that depends on it (`resetWhenChanged`) is cleared and no longer completed.
 */
export function completeStage(
  stages: readonly JourneyStage[],
  state: JourneyState,
  id: string,
  answers: FormData,
): JourneyState {
  const changed = !same(state.answers[id], answers);
  const stale = changed
    ? stages.filter((stage) => stage.resetWhenChanged?.includes(id)).map((stage) => stage.id)
    : [];
  const kept = Object.fromEntries(
    Object.entries(state.answers).filter(([stage]) => !stale.includes(stage)),
  );
  const isReview = stages[indexOf(stages, id)]?.review === true;
  return {
    answers: { ...kept, [id]: answers },
    completed: stages
      .map((stage) => stage.id)
      .filter(
        (stage) => stage === id || (state.completed.includes(stage) && !stale.includes(stage)),
      ),
    reviewReached: state.reviewReached || isReview,
  };
}

/** The state once the review stage has been opened (Continue after a Change returns to it). */
export function reachReview(stages: readonly JourneyStage[], state: JourneyState): JourneyState {
  return state.reviewReached || !stages.some((s) => s.review)
    ? state
    : { ...state, reviewReached: true };
}

/**
 * Where Continue on `id` leads: the next stage, or, once the review has been reached, back to the
 * review (or to the first stage a change made incomplete on the way).
 */
export function nextStage(
  stages: readonly JourneyStage[],
  state: JourneyState,
  id: string,
): string {
  if (state.reviewReached) {
    const review = stages.find((stage) => stage.review);
    const pending = firstIncomplete(stages, state);
    if (review && pending === review.id) return review.id;
    return pending;
  }
  const index = indexOf(stages, id);
  return stages[index + 1]?.id ?? id;
}

/**
 * The stage to show for a requested one: itself when it may open, else the first incomplete stage
 * (and `early` is true, so the page can say "Please complete the previous step first").
 */
export function resolveStage(
  stages: readonly JourneyStage[],
  state: JourneyState,
  requested: string | undefined,
): { stage: string; early: boolean } {
  if (requested !== undefined && isStage(stages, requested) && canOpen(stages, state, requested)) {
    return { stage: requested, early: false };
  }
  return { stage: firstIncomplete(stages, state), early: isStage(stages, requested) };
}

/** The stages with the forms of some replaced (a variant collecting a stage with its own form). */
export function withForms(
  stages: readonly JourneyStage[],
  forms: Readonly<Record<string, string | undefined>> = {},
): JourneyStage[] {
  return stages.map((stage) => (forms[stage.id] ? { ...stage, form: forms[stage.id] } : stage));
}
