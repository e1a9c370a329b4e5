/**
 * The payment journey's Confirm: one attempt at a time (utils/payment-attempt.ts), its outcome kept
 * in the tab for the confirmation page, the caches the payment changes refreshed, the analytics
 * events, and the message when it does not go through. On the review stage, an attempt the tab
 * still holds unanswered (a reload while paying) is asked again first, with its own key.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '@/web/lib/analytics';
import { portalConfig } from '@/web/lib/config';
import { useQueryClient } from '@/web/lib/query-client';
import { submitPayment } from '../api/payment-api';
import { runAttempt } from '../utils/payment-attempt';
import { paymentErrorMessage } from '../utils/payment-errors';
import {
  chosenMethod,
  scheduleAnswers,
  scheduleOf,
  submissionBody,
  type PaymentData,
} from '../utils/payment-model';
import { loadPayment, type StoredPayment } from '../utils/payment-store';
import { forgetExistingPaymentAnswers } from '@/web/api/existing-payment';

interface Options {
  storageKey: string;
  data: PaymentData;
  letterId: number | undefined;
  stageCount: number;
  onReview: boolean;
  update(next: (current: StoredPayment) => StoredPayment): void;
  /** Called once the payment went through and its outcome is stored. */
  onPaid(): void;
}

export interface PaymentSubmission {
  /** Pays with the answers so far (a second press while one is out does nothing). */
  pay(): void;
  busy: boolean;
  /** Asking the server about an attempt a reload left unanswered. */
  checking: boolean;
  error: string | null;
}

export function usePaymentSubmission({
  storageKey,
  data,
  letterId,
  stageCount,
  onReview,
  update,
  onPaid,
}: Options): PaymentSubmission {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submitting = useRef(false);

  const submit = useCallback(
    async (resume: boolean) => {
      if (submitting.current) return;
      submitting.current = true;
      setBusy(true);
      setError(null);
      if (!resume) track('payment_submitted', { variant: data.variant, stages: stageCount });
      try {
        const body = resume
          ? null
          : submissionBody(data, loadPayment(storageKey).journey.answers, letterId);
        const end = await runAttempt(storageKey, body, { send: submitPayment, update });
        if (end.kind === 'paid') {
          const answers = end.stored.journey.answers;
          const method = chosenMethod(data, answers);
          const paid = scheduleOf(data, scheduleAnswers(data.journey, answers));
          update((s) => ({
            journey: s.journey,
            outcome: {
              confirmation: end.confirmation,
              schedule: paid,
              method: method?.name ?? '',
              methodType: method?.type ?? null,
              chargedToday: paid[0]?.date === data.today,
              supportPhone: data.settings.supportPhoneNumber ?? '',
            },
          }));
          track('payment_succeeded', { variant: data.variant, payments: paid.length });
          void queryClient.invalidateQueries({ queryKey: ['accounts'] });
          void queryClient.invalidateQueries({ queryKey: ['funding-methods'] });
          forgetExistingPaymentAnswers();
          onPaid();
        } else if (end.kind === 'refused') {
          const reason =
            end.status !== undefined ? `http_${end.status}` : end.codes.join(',') || 'unknown';
          track('payment_failed', { variant: data.variant, reason });
          // A studio preview records nothing (403): say so rather than a failed payment.
          setError(
            end.status === 403 && portalConfig().preview
              ? t('layout.preview.refused')
              : paymentErrorMessage(end.codes, t, i18n),
          );
        } else if (!resume || loadPayment(storageKey).attempt) {
          // No answer: the attempt (and its key) stays, so trying again cannot pay twice.
          setError(t('payment.review.networkError'));
        }
      } finally {
        submitting.current = false;
        setBusy(false);
        setChecking(false);
      }
    },
    [storageKey, data, letterId, stageCount, update, queryClient, onPaid, t, i18n],
  );

  // Back on the review with an attempt that never got its answer: ask the server what happened
  // to it (the same key replays its answer) before offering to pay again.
  const resumed = useRef(false);
  useEffect(() => {
    if (!onReview || resumed.current || !loadPayment(storageKey).attempt) return;
    resumed.current = true;
    setChecking(true);
    void submit(true);
  }, [onReview, storageKey, submit]);

  const pay = useCallback(() => void submit(false), [submit]);
  return { pay, busy, checking, error };
}
