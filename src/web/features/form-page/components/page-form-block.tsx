import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Body1, Button, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SchemaForm, type ExternalError } from '@/engine/form/SchemaForm';
import { ButtonLink } from '@/web/components/button-link';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { useNotify } from '@/web/components/notify';
import { Panel } from '@/web/components/panel';
import { QueryError } from '@/web/components/query-error';
import { SubmitError } from '@/web/components/submit-error';
import { portalConfig } from '@/web/lib/config';
import { loadForm } from '@/web/lib/forms';
import { useQuery } from '@/web/lib/query-client';
import type { SubmitCall } from '../utils/calls';
import {
  fillPath,
  holds,
  prefillData,
  resultValues,
  submitFailure,
  type Facts,
  type PageForm,
  type Values,
} from '../utils/page-model';
import { LegalNote } from './legal-note';
import type { DocumentName } from '@/web/lib/content';

const useStyles = makeStyles({
  heading: { margin: 0 },
  text: { margin: 0 },
  description: { margin: 0, color: tokens.colorNeutralForeground2 },
  extras: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    marginTop: tokens.spacingVerticalM,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

/** A form's place on the page: a section with its own heading, or a plain panel. */
function FormFrame({ form, children }: { form: PageForm; children: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const section = form.section;
  if (!section) return <Panel>{children}</Panel>;
  return (
    <section aria-labelledby={`${section.id}-heading`}>
      <Panel>
        <Title3 as="h2" id={`${section.id}-heading`} className={styles.heading}>
          {t(section.heading)}
        </Title3>
        {section.description && (
          <Body1 as="p" className={styles.description}>
            {t(section.description)}
          </Body1>
        )}
        {children}
      </Panel>
    </section>
  );
}

export type ConfirmationTexts = NonNullable<PageForm['submit']['success']['confirmation']>;

/**
 * The confirmation that replaces a form after success (`success.confirmation`), its heading
 * focused; also the end of a journey page (no `again` there).
 */
export function Confirmation({
  pageName,
  texts,
  code,
  facts,
  values,
  onAgain,
  children,
}: {
  pageName: string;
  texts: ConfirmationTexts;
  code: string;
  facts: Facts;
  values: Values;
  onAgain?: () => void;
  children?: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Panel data-testid={`${pageName}-confirmation`}>
      <h2 ref={heading} tabIndex={-1} className={styles.heading}>
        <Title3>{t(texts.title, values)}</Title3>
      </h2>
      <Body1 as="p" className={styles.text}>
        {t(texts.body, values)}
      </Body1>
      <Body1 as="p" className={styles.text}>
        {t(texts.code, values)} <strong data-testid={`${pageName}-code`}>{code}</strong>
      </Body1>
      {children}
      <div className={styles.actions}>
        {(texts.links ?? [])
          .filter((link) => holds(link.when, facts))
          .map((link) => (
            <ButtonLink key={link.to} appearance="primary" to={fillPath(link.to, values)}>
              {t(link.text, values)}
            </ButtonLink>
          ))}
        {texts.again && onAgain && (
          <Button appearance="secondary" onClick={onAgain}>
            {t(texts.again, values)}
          </Button>
        )}
      </div>
    </Panel>
  );
}

/**
 * One form of a page file: its flow and schema (flows/forms, its validator loaded by name), its
 * first data from the `prefill` rules, the call it submits to and what success and failure show.
 */
export function PageFormBlock({
  pageName,
  form,
  call,
  facts,
  values,
  today,
}: {
  pageName: string;
  form: PageForm;
  /** The form's submit call (held by the page: see useCalls). */
  call: SubmitCall;
  facts: Facts;
  values: Values;
  today: string;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const compiled = useQuery({
    queryKey: ['form', form.form],
    queryFn: () => loadForm(form.form),
    staleTime: Infinity,
  });
  const [alertKey, setAlertKey] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<ExternalError[]>([]);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  // A new form (after "send another") starts from the first data again.
  const [round, setRound] = useState(0);
  const { success, failure } = form.submit;

  if (compiled.isError) return <QueryError inline />;
  if (!compiled.data) return <DelayedSpinner />;

  if (confirmation !== null) {
    return (
      <Confirmation
        pageName={pageName}
        texts={form.submit.success.confirmation!}
        code={confirmation}
        facts={facts}
        values={values}
        onAgain={() => {
          setConfirmation(null);
          setRound((value) => value + 1);
        }}
      />
    );
  }

  const submit = (data: Record<string, unknown>) => {
    setAlertKey(null);
    setFieldErrors([]);
    call.send(data, {
      onSuccess: (result) => {
        const withResult = { ...facts, result };
        if (success.toast) {
          const showBody = success.toast.body && holds(success.toast.bodyWhen, withResult);
          notify({
            intent: 'success',
            titleKey: success.toast.title,
            bodyKey: showBody ? success.toast.body : undefined,
            values: resultValues(values, result),
          });
        }
        if (success.confirmation) {
          const code = (result as { confirmation?: unknown } | null)?.confirmation;
          setConfirmation(typeof code === 'string' ? code : '');
        }
        if (success.goTo) void navigate(fillPath(success.goTo, values));
      },
      onError: (error) => {
        const { fieldErrors, alert } = submitFailure(failure, error);
        setFieldErrors(fieldErrors);
        if (alert) setAlertKey(alert);
        if (failure.toast) notify({ intent: 'error', titleKey: failure.toast });
      },
    });
  };

  const legal = form.legalNote;
  const extras =
    legal || failure.alert ? (
      <div className={styles.extras}>
        {legal && (
          <LegalNote
            id={`${form.form}-legal`}
            textKey={legal.text}
            documents={legal.documents as Record<string, DocumentName>}
          />
        )}
        {failure.alert && (
          <SubmitError id={`${form.form}-error`} titleKey="errors.page.title" textKey={alertKey} />
        )}
      </div>
    ) : undefined;

  return (
    <FormFrame form={form}>
      <SchemaForm
        key={round}
        id={form.form}
        flow={portalConfig().forms[form.form]!}
        schema={compiled.data.schema}
        validator={compiled.data.validator}
        formData={prefillData(form, facts)}
        context={values}
        today={today}
        busy={call.pending}
        externalErrors={fieldErrors}
        onSubmit={submit}
      >
        {extras}
      </SchemaForm>
    </FormFrame>
  );
}
