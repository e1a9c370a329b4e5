/**
 * The one page for every page file of flows/pages (bankruptcy, dispute, contact us, contact
 * information): what it reads, where it sends the debtor instead, its header and its forms are
 * the file's data (schemas/meta/page.schema.json), its addresses too (router.tsx reads them). A
 * new one-form page is a form flow, its schema and a page file: no code.
 */
import { Body1, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { PageHeader } from '@/web/components/page-header';
import { QueryError } from '@/web/components/query-error';
import { RouterLink } from '@/web/components/router-link';
import { ButtonLink } from '@/web/components/button-link';
import { useRole } from '@/web/hooks/use-role';
import { isApiError } from '@/web/lib/api';
import { loadForm } from '@/web/lib/forms';
import { agencyToday } from '@/web/utils/account-rules';
import { SUBMIT_CALL_HOOKS, type SubmitCall } from '../utils/calls';
import { DATA_SOURCES, type DataSourceName, type SubmitCallName } from '../utils/names';
import {
  fillPath,
  guardTarget,
  holds,
  pageFile,
  pageValues,
  type Facts,
  type FormPageFile,
} from '../utils/page-model';
import { DATA_SOURCE_HOOKS, type SourceState } from '../utils/sources';
import { AgencyMailPanel } from './agency-mail-panel';
import { PageFormBlock } from './page-form-block';
import { StageJourney } from './stage-journey';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', maxWidth: '760px', width: '100%' },
  back: { marginBottom: tokens.spacingVerticalS, alignSelf: 'flex-start' },
  forms: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  withAside: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
    '@media (max-width: 768px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  prompt: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
});

/** Every data source's state; the ones the page does not name are not asked for. */
function useSources(page: FormPageFile): [DataSourceName, SourceState, boolean][] {
  // The same hooks in the same order on every render (DATA_SOURCES is a constant list).
  return DATA_SOURCES.map((name) => {
    const mode = page.data?.[name];
    return [name, DATA_SOURCE_HOOKS[name](mode !== undefined), mode === 'required'];
  });
}

/**
 * Each form's submit call, held by the page rather than the form: a success can replace the form
 * (a refetched account now 'already done') and still toast and navigate.
 */
function useCalls(page: FormPageFile): SubmitCall[] {
  // The same hooks in the same order on every render: a page file does not change.
  const forms = page.forms ?? [];
  const calls = forms.map((form) =>
    SUBMIT_CALL_HOOKS[form.submit.call as SubmitCallName](form.form),
  );
  // A journey's stages submit with their call (the last one's is the journey's action).
  for (const stage of page.stages ?? []) {
    if (stage.submit)
      calls.push(SUBMIT_CALL_HOOKS[stage.submit.call as SubmitCallName](stage.form?.form ?? ''));
  }
  return calls;
}

/** The page of flows/pages/<page>.json. */
export default function FormPage({ page: name }: { page: string }) {
  // A new page file is a new page: no state (or answers) carries over from the last one.
  return <FormPageView key={name} name={name} />;
}

function FormPageView({ name }: { name: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const params = useParams();
  const signedIn = useRole() === 'account';
  const page = pageFile(name);
  const sources = useSources(page);
  const calls = useCalls(page);
  // The forms' validators download alongside the page's data, not after it.
  for (const form of page.forms ?? []) void loadForm(form.form).catch(() => undefined);
  for (const stage of page.stages ?? [])
    if (stage.form) void loadForm(stage.form.form).catch(() => undefined);

  const required = sources.filter(([, source, isRequired]) => isRequired && source.enabled);
  if (required.some(([, source]) => isApiError(source.error, 404))) {
    return <Navigate to={page.notFound ?? '/'} replace />;
  }
  if (required.some(([, source]) => source.error)) return <QueryError />;
  if (sources.some(([, source]) => source.pending)) return <DelayedSpinner />;

  const facts: Facts = Object.assign(
    { signedIn, params },
    ...sources.map(([, source]) => source.facts ?? {}),
  );
  const guard = guardTarget(page, facts);
  if (guard) return <Navigate to={guard} replace />;
  const values = pageValues(page, facts, t);
  const done = page.done && holds(page.done.when, facts) ? page.done : undefined;
  const prompt = page.prompt && holds(page.prompt.when, facts) ? page.prompt : undefined;

  const forms = page.stages ? (
    <StageJourney
      pageName={name}
      stages={page.stages}
      call={calls.at(-1)}
      facts={facts}
      values={values}
      today={agencyToday()}
    />
  ) : done ? (
    <MessageBar intent="info" data-testid={`${name}-done`}>
      <MessageBarBody>{t(done.text, values)}</MessageBarBody>
    </MessageBar>
  ) : (
    <div className={styles.forms}>
      {(page.forms ?? []).map((form, i) =>
        holds(form.when, facts) ? (
          <PageFormBlock
            key={form.form}
            pageName={name}
            form={form}
            call={calls[i]!}
            facts={facts}
            values={values}
            today={agencyToday()}
          />
        ) : null,
      )}
    </div>
  );

  return (
    <div className={page.aside ? undefined : styles.page}>
      {page.back && (
        <div className={styles.back}>
          <RouterLink to={fillPath(page.back.to, values)}>{t(page.back.text, values)}</RouterLink>
        </div>
      )}
      <PageHeader
        title={t(page.title, values)}
        description={page.description ? t(page.description, values) : undefined}
      />
      {prompt && (
        <div className={styles.prompt}>
          <Body1>{t(prompt.text, values)}</Body1>
          <ButtonLink
            to={fillPath(prompt.link.to, values)}
            appearance="primary"
            data-testid={`${name}-prompt`}
          >
            {t(prompt.link.text, values)}
          </ButtonLink>
        </div>
      )}
      {page.aside ? (
        <div className={styles.withAside}>
          {forms}
          <AgencyMailPanel pageName={name} texts={page.aside} />
        </div>
      ) : (
        forms
      )}
    </div>
  );
}
