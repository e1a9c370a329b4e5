/**
 * The payment journey at one stage: the engine's JourneyView with each stage's engine form, the
 * route following the stage (hooks/use-stage-address.ts; browser Back and Forward move between
 * stages), answers kept in the tab (a reload keeps them), the existing-payment question before a
 * `checkExisting` stage completes (hooks/use-existing-payment.ts), and the review stage's Confirm (hooks/use-payment-submission.ts: exactly once, with one
 * Idempotency-Key per attempt that every retry of the same body reuses).
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useQueryClient } from '@/web/lib/query-client';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { FormData, FormFlow } from '@/engine/form/flow';
import { MissingPlaceholderValue } from '@/engine/form/messages';
import type { CompiledForm } from '@/engine/form/precompiled';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { widgetsLoading } from '@/engine/form/theme/lazy';
import {
  completeStage,
  firstIncomplete,
  nextStage,
  reachReview,
  resolveStage,
  type JourneyStage,
} from '@/engine/journey/journey';
import { JourneyView } from '@/engine/journey/JourneyView';
import { localize } from '@/engine/i18n/split';
import { evaluate, type JsonLogic } from '@/engine/rules/json-logic';
import { stageContext, stageLines, stagePrefill } from '@/domain/journey-stage';
import { dataFacts, paymentFacts } from '@/domain/payment-facts';
import { fundingMethodsQuery, type FundingMethod } from '@/web/api/funding-methods';
import { ExistingPaymentDialog } from '@/web/components/existing-payment-dialog';
import { PageHeader } from '@/web/components/page-header';
import { RouterLink } from '@/web/components/router-link';
import { track } from '@/web/lib/analytics';
import { useExistingPayment } from '../hooks/use-existing-payment';
import { usePaymentSubmission } from '../hooks/use-payment-submission';
import { useStageAddress } from '../hooks/use-stage-address';
import { portalConfig } from '@/web/lib/config';
import { useRole } from '@/web/hooks/use-role';
import { scheduleAnswers, scheduleOf, type PaymentData } from '../utils/payment-model';
import { loadPayment, savePayment, type StoredPayment } from '../utils/payment-store';
import { AddMethod } from './add-method';
import { ReviewStage } from './review-stage';

interface Props {
  storageKey: string;
  mode: 'start' | 'stage';
  data: PaymentData;
  stages: readonly JourneyStage[];
  forms: Record<string, CompiledForm | undefined>;
  letterId: number | undefined;
}

export function PaymentJourney({ storageKey, mode, data, stages, forms, letterId }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const role = useRole();
  const { stage: addressed } = useParams();
  const base = `/accounts/${encodeURIComponent(data.accountNumber)}/payment/${data.variant}`;
  const search = location.search;
  const stageUrl = useCallback((id: string) => `${base}/${id}${search}`, [base, search]);
  const codeHere = useCallback(
    (stageId: string) =>
      widgetsLoading(stageFlow(stages.find((stage) => stage.id === stageId))) === undefined,
    [stages],
  );
  const { requested, showStage } = useStageAddress({
    addressed,
    location,
    navigate,
    stageUrl,
    codeHere,
  });
  const [stored, setStored] = useState<StoredPayment>(() => loadPayment(storageKey));
  const [stageError, setStageError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [fundingDraft, setFundingDraft] = useState<FormData | null>(null);

  const review = stages.find((stage) => stage.review);

  const update = useCallback(
    (next: (current: StoredPayment) => StoredPayment) => {
      setStored((current) => {
        const value = next(current);
        // Written at once, not in an effect: an attempt must be on disk before its request leaves.
        savePayment(storageKey, value);
        return value;
      });
    },
    [storageKey],
  );

  // Setting up (`/start` or the bare variant route): a fresh journey, unless an attempt is still
  // unanswered, which is settled first on the review stage.
  const startHandled = useRef(false);
  const starting = mode === 'start' || requested === undefined;
  useEffect(() => {
    if (!starting || startHandled.current) return;
    startHandled.current = true;
    if (stored.attempt && review) {
      void navigate(stageUrl(review.id), { replace: true });
      return;
    }
    update(() => ({ journey: { answers: {}, completed: [], reviewReached: false } }));
    track('payment_started', { variant: data.variant });
    void navigate(stageUrl(stages[0]?.id ?? ''), { replace: true });
  }, [starting, stored.attempt, review, navigate, stageUrl, stages, update, data.variant]);

  const { stage: current, early } = resolveStage(stages, stored.journey, requested);
  const onReview = review?.id === current;
  useEffect(() => {
    if (onReview && !stored.journey.reviewReached) {
      update((s) => ({ ...s, journey: reachReview(stages, s.journey) }));
    }
  }, [onReview, stored.journey.reviewReached, stages, update]);

  // The code of every stage's widgets, asked for as the journey shows: a Continue then finds the
  // next stage's here and draws it at once. Once it has arrived, the stage after the current one
  // is drawn ahead, hidden (JourneyView's `prepare`), so that a Continue only shows it.
  const [codeArrived, setCodeArrived] = useState(false);
  useEffect(() => {
    const loading = stages.map((stage) => widgetsLoading(stageFlow(stage)));
    let live = true;
    void Promise.all(loading).then(() => live && setCodeArrived(true));
    return () => {
      live = false;
    };
  }, [stages]);

  const answers = stored.journey.answers;
  // What the stages' declarations read (flows/journeys/payment.json): worked out once per answers.
  // What the account offers, the payer and the methods do not change with the answers.
  const fixed = useMemo(() => dataFacts(data, t), [data, t]);
  const facts = useMemo(() => paymentFacts(data, answers, t, fixed), [data, answers, t, fixed]);
  const schedule = useMemo(
    () => scheduleOf(data, scheduleAnswers(data.journey, answers)),
    [data, answers],
  );

  const complete = useCallback(
    (stageId: string, given: FormData) => {
      const completed = completeStage(stages, stored.journey, stageId, given);
      const next = nextStage(stages, completed, stageId);
      // Reaching the review is saved with the answers (else the effect above would draw the whole
      // journey once more, before the review's first paint).
      const journey = next === review?.id ? reachReview(stages, completed) : completed;
      const go = () => {
        update((s) => ({ ...s, journey }));
        setStageError(null);
        setFundingDraft(null);
        showStage(next);
      };
      // The answers and the next stage in one render: at once when the next stage's code is
      // here, as it is once the journey has shown (the effect above); otherwise in a transition,
      // which keeps the old stage on screen until the code arrives.
      if (codeHere(next)) go();
      else startTransition(go);
      track('payment_stage_completed', { variant: data.variant, stage: stageId });
    },
    [stages, stored.journey, update, data.variant, showStage, codeHere, review?.id],
  );

  const { asking, completeChecked, cancelExisting, continueExisting } = useExistingPayment({
    data,
    currentStage: stages.find((stage) => stage.id === current),
    given: answers[current],
    facts,
    starting,
    complete,
    setBusy,
    setStageError,
    t,
  });

  // The confirmation's heading gets the focus: it says that the payment went through.
  const onPaid = useCallback(
    () =>
      void navigate(`${base}/success${search}`, { replace: true, state: { focusHeading: true } }),
    [navigate, base, search],
  );
  const submission = usePaymentSubmission({
    storageKey,
    data,
    letterId,
    stageCount: stages.length,
    onReview,
    update,
    onPaid,
  });

  if (stored.outcome && !starting) {
    return <Navigate to={`${base}/success${search}`} replace state={{ focusHeading: true }} />;
  }
  if (starting) return null;
  if (requested !== current) {
    return <Navigate to={stageUrl(current)} replace state={{ early, preserveScroll: true }} />;
  }

  const after = stages[stages.findIndex((stage) => stage.id === current) + 1];
  // The review is drawn ahead too: its schedule table is the largest new content of any stage.
  const prepare =
    codeArrived && (after?.form !== undefined || after?.review === true) && codeHere(after.id)
      ? after.id
      : undefined;
  const earlyNotice = (location.state as { early?: boolean } | null)?.early === true;
  const variantTitle = localize(data.config.title, data.language);
  const config = portalConfig();

  const renderStage = (stage: JourneyStage) => {
    if (stage.review) {
      return (
        <ReviewStage
          data={data}
          schedule={schedule}
          busy={submission.busy}
          checking={submission.checking}
          error={submission.error}
          onConfirm={submission.pay}
        />
      );
    }
    const compiled = stage.form ? forms[stage.form] : undefined;
    const flow = stage.form ? config.forms[stage.form] : undefined;
    if (!compiled || !flow) return null;
    const given = stage.addMethod && fundingDraft ? fundingDraft : answers[stage.id];
    const initial = given ?? stagePrefill(stage, facts);
    const onSubmit = (value: FormData) => {
      if (stage.checkExisting) void completeChecked(stage.id, value);
      else complete(stage.id, value);
    };
    const contact = stage.addMethod?.contact
      ? evaluate(stage.addMethod.contact as JsonLogic, facts)
      : undefined;
    // The words a debtor accepts fail closed (issue 40): a text with a placeholder the portal has
    // no value for is neither shown with a blank nor unrendered, and cannot be accepted.
    let context: ReturnType<typeof stageContext>;
    try {
      context = stageContext(stage, facts);
    } catch (error) {
      if (!(error instanceof MissingPlaceholderValue)) throw error;
      return (
        <MessageBar intent="error" role="alert" data-testid="text-unavailable">
          <MessageBarBody>{t('payment.textUnavailable')}</MessageBarBody>
        </MessageBar>
      );
    }
    return (
      <>
        {stageError && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{stageError}</MessageBarBody>
          </MessageBar>
        )}
        <SchemaForm
          id={`payment-${stage.id}`}
          flow={flow}
          schema={compiled.schema}
          validator={compiled.validator}
          formData={initial}
          context={context}
          today={data.today}
          busy={busy || submission.busy}
          onSubmit={onSubmit}
        >
          {stage.addMethod && (
            <AddMethod
              data={data}
              contact={(contact ?? {}) as FormData}
              onAdded={(method: FundingMethod) => {
                queryClient.setQueryData(
                  fundingMethodsQuery(data.accountNumber).queryKey,
                  (old: FundingMethod[] | undefined) => [
                    ...(old ?? []).filter((m) => m.id !== method.id),
                    method,
                  ],
                );
                setFundingDraft({ fundingId: method.id });
              }}
            />
          )}
        </SchemaForm>
      </>
    );
  };

  const backTo =
    role === 'letter' && letterId
      ? {
          to: `/letter-option/${encodeURIComponent(data.accountNumber)}/${letterId}`,
          text: t('payment.backToOffer'),
        }
      : {
          to: `/accounts/${encodeURIComponent(data.accountNumber)}`,
          text: t('payment.back', { accountNumber: data.accountNumber }),
        };

  return (
    <>
      <RouterLink to={backTo.to}>{backTo.text}</RouterLink>
      <PageHeader
        title={variantTitle}
        description={localize(data.config.description, data.language)}
      />
      <JourneyView
        id="payment"
        stages={stages}
        state={stored.journey}
        current={current}
        renderStage={renderStage}
        summarize={(stage) => {
          const form = stage.form ?? data.config.forms[stage.id];
          return stageLines({
            stage,
            facts,
            given: answers[stage.id] ?? {},
            flow: form ? config.forms[form] : undefined,
            language: data.language,
            t,
          });
        }}
        onChange={showStage}
        prepare={prepare}
        notice={
          earlyNotice && (early || current === firstIncomplete(stages, stored.journey)) ? (
            <MessageBar intent="warning" data-testid="early-notice">
              <MessageBarBody>{t('journey.early')}</MessageBarBody>
            </MessageBar>
          ) : undefined
        }
      />
      <ExistingPaymentDialog
        open={asking}
        onCancel={cancelExisting}
        onContinue={continueExisting}
      />
    </>
  );
}

/** The flow of a stage's form (flows/forms), if it has one. */
function stageFlow(stage: JourneyStage | undefined): FormFlow | undefined {
  return stage?.form ? portalConfig().forms[stage.form] : undefined;
}
