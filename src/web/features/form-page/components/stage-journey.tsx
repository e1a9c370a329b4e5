/**
 * A journey page (flows/pages/<name>.json with `stages`): one stage at a time, each with its
 * heading (focused when the stage changes), what its load call answers (fact `preview`), its
 * display blocks and at most one form. A form that is not the last stage's takes the debtor on
 * (its data is kept as `answers.<stage id>`, and back brings it back); the last stage's form
 * submits, once, and its confirmation ends the journey. A new journey is a page file: no code.
 */
import { useRef, useState } from 'react';
import {
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { SchemaForm, type ExternalError } from '@/engine/form/SchemaForm';
import { formatUsd } from '@/domain/money';
import { planWords } from '@/domain/plan-summary';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { Panel } from '@/web/components/panel';
import { QueryError } from '@/web/components/query-error';
import { SubmitError } from '@/web/components/submit-error';
import { useLanguage } from '@/web/hooks/use-language';
import { portalConfig } from '@/web/lib/config';
import { loadForm } from '@/web/lib/forms';
import { useQuery } from '@/web/lib/query-client';
import { formatDate } from '@/web/utils/format-date';
import type { SubmitCall } from '../utils/calls';
import { LOAD_QUERIES } from '../utils/loads';
import type { LoadCallName } from '../utils/names';
import {
  resultValues,
  statusText,
  submitFailure,
  type Facts,
  type Values,
} from '../utils/page-model';
import {
  loadArgs,
  stageFormData,
  stageOptions,
  stageValues,
  submitBody,
  withPicks,
  type Formatter,
  type JourneyStage,
} from '../utils/stage-model';
import { DisplayBlocks } from './display-blocks';
import { Confirmation } from './page-form-block';

const useStyles = makeStyles({
  stage: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  heading: { margin: 0, ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` } },
  description: { margin: 0, color: tokens.colorNeutralForeground2 },
  back: { alignSelf: 'flex-start', minHeight: '32px' },
  progress: { margin: 0, color: tokens.colorNeutralForeground2 },
});

type Answers = Record<string, Record<string, unknown>>;

/** The journey of a page file's `stages`; `call` is its last stage's submit call. */
export function StageJourney({
  pageName,
  stages,
  call,
  facts,
  values,
  today,
}: {
  pageName: string;
  stages: readonly JourneyStage[];
  call: SubmitCall | undefined;
  facts: Facts;
  values: Values;
  today: string;
}) {
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Answers>({});
  const [result, setResult] = useState<unknown>(undefined);
  // The heading is focused after a stage change (not when the page opens: the page's h1 is).
  const [moved, setMoved] = useState(false);
  const stage = stages[index]!;
  const last = stages.filter((candidate) => candidate.submit).at(-1);
  const go = (next: number) => {
    setIndex(next);
    setMoved(true);
  };

  return (
    <StageView
      key={`${stage.id}-${index}`}
      pageName={pageName}
      stage={stage}
      step={index}
      count={stages.length}
      call={stage === last ? call : undefined}
      facts={{ ...facts, answers }}
      values={values}
      today={today}
      answers={answers}
      result={result}
      focus={moved}
      onNext={(data) => {
        setAnswers((current) => ({ ...current, [stage.id]: data }));
        go(Math.min(index + 1, stages.length - 1));
      }}
      onBack={() => go(Math.max(index - 1, 0))}
      onDone={setResult}
    />
  );
}

function StageView({
  pageName,
  stage,
  step,
  count,
  call,
  facts: pageFacts,
  values: pageValues,
  today,
  answers,
  result,
  focus,
  onNext,
  onBack,
  onDone,
}: {
  pageName: string;
  stage: JourneyStage;
  step: number;
  count: number;
  call: SubmitCall | undefined;
  facts: Facts;
  values: Values;
  today: string;
  answers: Answers;
  result: unknown;
  focus: boolean;
  onNext: (data: Record<string, unknown>) => void;
  onBack: () => void;
  onDone: (result: unknown) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { accountNumber = '' } = useParams();
  // Focused once, when it first shows (after the stage's read has come).
  const focused = useRef(false);
  const heading = (element: HTMLHeadingElement | null) => {
    if (!element || !focus || focused.current) return;
    focused.current = true;
    element.focus();
  };
  const [alertKey, setAlertKey] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<ExternalError[]>([]);

  const load = stage.load;
  const args = loadArgs(stage, pageFacts);
  const preview = useQuery({
    ...LOAD_QUERIES[(load?.call ?? 'planCancellation') as LoadCallName](accountNumber, args),
    enabled: load !== undefined,
  });
  const formName = stage.form?.form;
  const compiled = useQuery({
    queryKey: ['form', formName],
    queryFn: () => loadForm(formName!),
    staleTime: Infinity,
    enabled: formName !== undefined,
  });

  const format: Formatter = (value, kind) => {
    if (kind === 'money' && typeof value === 'number') return formatUsd(value, language);
    if (kind === 'date' && typeof value === 'string') return formatDate(value, language);
    if (kind === 'plan') return planWords(value, language, t);
    return String(value ?? '');
  };

  const header = (
    <>
      {count > 1 && (
        <Body1 as="p" className={styles.progress} data-testid={`${pageName}-step`}>
          {t('journey.stepOf', { number: step + 1, count })}
        </Body1>
      )}
      <h2 ref={heading} tabIndex={-1} className={styles.heading} data-testid={`${pageName}-stage`}>
        <Title3>{t(stage.heading, pageValues)}</Title3>
      </h2>
    </>
  );

  const facts = withPicks(stage, { ...pageFacts, preview: preview.data });
  const values: Values = { ...pageValues, ...stageValues(stage, facts, format) };
  const options = stageOptions(stage, facts, (key, itemTexts) => t(key, itemTexts), format);

  // The confirmation first: the change made the plan's reads stale, and they may now fail.
  const success = stage.submit?.success;
  if (result !== undefined && success?.confirmation) {
    const code = (result as { confirmation?: unknown } | null)?.confirmation;
    return (
      <Confirmation
        pageName={pageName}
        texts={success.confirmation}
        code={typeof code === 'string' ? code : ''}
        facts={{ ...facts, result }}
        values={resultValues(values, result) as Values}
      />
    );
  }

  if (load && preview.isError) {
    const unavailable = statusText(stage.failure?.byStatus, preview.error);
    return (
      <Panel className={styles.stage}>
        {header}
        {unavailable ? (
          <MessageBar intent="warning" layout="multiline" data-testid={`${pageName}-unavailable`}>
            <MessageBarBody>{t(unavailable, pageValues)}</MessageBarBody>
          </MessageBar>
        ) : (
          <QueryError inline />
        )}
        {step > 0 && stage.back && (
          <Button className={styles.back} onClick={onBack}>
            {t(stage.back, pageValues)}
          </Button>
        )}
      </Panel>
    );
  }
  if ((load && preview.isPending) || (formName && compiled.isPending)) return <DelayedSpinner />;
  if (formName && compiled.isError) return <QueryError inline />;

  const submit = (data: Record<string, unknown>) => {
    if (!stage.submit) {
      onNext(data);
      return;
    }
    if (!call) return;
    const failure = stage.submit.failure;
    setAlertKey(null);
    setFieldErrors([]);
    call.send(submitBody(stage, facts, data), {
      onSuccess: onDone,
      onError: (error) => {
        const { fieldErrors, alert } = submitFailure(failure, error);
        setFieldErrors(fieldErrors);
        if (alert) setAlertKey(alert);
      },
    });
  };

  return (
    <Panel className={styles.stage} data-testid={`${pageName}-${stage.id}`}>
      {header}
      {stage.description && (
        <Body1 as="p" className={styles.description}>
          {t(stage.description, values)}
        </Body1>
      )}
      <DisplayBlocks
        blocks={stage.blocks ?? []}
        facts={facts}
        values={values}
        format={format}
        testId={pageName}
      />
      {formName && compiled.data && (
        <SchemaForm
          id={formName}
          flow={portalConfig().forms[formName]!}
          schema={compiled.data.schema}
          validator={compiled.data.validator}
          formData={stageFormData(stage, facts, answers)}
          context={{ ...values, ...options }}
          today={today}
          busy={call?.pending ?? false}
          externalErrors={fieldErrors}
          onSubmit={submit}
        >
          {stage.submit?.failure.alert && (
            <SubmitError id={`${formName}-error`} titleKey="errors.page.title" textKey={alertKey} />
          )}
        </SchemaForm>
      )}
      {step > 0 && stage.back && (
        <Button className={styles.back} onClick={onBack} data-testid={`${pageName}-back`}>
          {t(stage.back, values)}
        </Button>
      )}
    </Panel>
  );
}
