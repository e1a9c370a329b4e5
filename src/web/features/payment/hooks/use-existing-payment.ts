/**
 * The payment journey's existing-payment question (api/existing-payment.ts): a stage that checks
 * for an existing payment (`checkExisting`) asks as soon as it shows its suggested schedule, and
 * its Continue asks first whether a payment is already taken or scheduled on its first day; the
 * dialog's Cancel stays, its Continue completes the stage. Used by components/payment-journey.tsx.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FormData } from '@/engine/form/flow';
import type { JourneyStage } from '@/engine/journey/journey';
import { stagePrefill } from '@/domain/journey-stage';
import { toDollars } from '@/domain/money';
import { existingPaymentAnswer, hasExistingPayment } from '@/web/api/existing-payment';
import { scheduleOf, type PaymentData } from '../utils/payment-model';

interface Options {
  data: PaymentData;
  /** The stage shown, and its answers so far. */
  currentStage: JourneyStage | undefined;
  given: FormData | undefined;
  /** What the stages' declarations read (their prefill). */
  facts: Parameters<typeof stagePrefill>[1];
  /** The journey is being set up: nothing is asked. */
  starting: boolean;
  /** Completes a stage with its answers (the journey's own Continue). */
  complete: (stageId: string, given: FormData) => void;
  setBusy: (busy: boolean) => void;
  setStageError: (error: string | null) => void;
  /** The message when the question could not be asked. */
  t: (key: 'payment.existing.checkFailed') => string;
}

export function useExistingPayment({
  data,
  currentStage,
  given: currentGiven,
  facts,
  starting,
  complete,
  setBusy,
  setStageError,
  t,
}: Options) {
  const [existing, setExisting] = useState<{ stage: string; given: FormData } | null>(null);

  // A stage that checks for an existing payment asks as soon as it shows its suggested schedule: a
  // Continue that keeps the suggestion then has the answer (api/existing-payment.ts), instead of
  // waiting for a round trip before the next stage.
  const suggestedFirst = currentStage?.checkExisting
    ? scheduleOf(data, currentGiven ?? stagePrefill(currentStage, facts))[0]
    : undefined;
  const accountNumber = data.accountNumber;
  const suggestedDay = suggestedFirst?.date;
  const suggestedAmount = suggestedFirst && toDollars(suggestedFirst.cents);
  useEffect(() => {
    if (suggestedDay === undefined || suggestedAmount === undefined || starting) return;
    hasExistingPayment({
      accountNumber,
      dateOfPayment: suggestedDay,
      amount: suggestedAmount,
    }).catch(() => undefined);
  }, [accountNumber, suggestedDay, suggestedAmount, starting]);

  /** A `checkExisting` stage asks first when a payment is already taken or scheduled on its first day. */
  const completeChecked = async (stageId: string, given: FormData) => {
    const first = scheduleOf(data, given)[0];
    if (!first) return;
    const check = {
      accountNumber: data.accountNumber,
      dateOfPayment: first.date,
      amount: toDollars(first.cents),
    };
    // Answered already (asked as the stage showed): on at once, without drawing the stage busy
    // first (a render of the whole journey inside the key's task).
    const known = existingPaymentAnswer(check);
    if (known !== undefined) {
      if (known) setExisting({ stage: stageId, given });
      else complete(stageId, given);
      return;
    }
    setBusy(true);
    setStageError(null);
    try {
      const exists = await hasExistingPayment(check);
      if (exists) setExisting({ stage: stageId, given });
      else complete(stageId, given);
    } catch {
      setStageError(t('payment.existing.checkFailed'));
    } finally {
      setBusy(false);
    }
  };

  // The existing-payment question's answers, stable: the (memoized) dialog is not drawn again at
  // every stage change.
  const latestExisting = useRef({ existing, complete });
  useLayoutEffect(() => {
    latestExisting.current = { existing, complete };
  });
  const cancelExisting = useCallback(() => setExisting(null), []);
  const continueExisting = useCallback(() => {
    const { existing: pending, complete: go } = latestExisting.current;
    setExisting(null);
    if (pending) go(pending.stage, pending.given);
  }, []);

  return { asking: existing !== null, completeChecked, cancelExisting, continueExisting };
}
