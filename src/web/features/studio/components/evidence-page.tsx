/**
 * Evidence (approvers and editors): the confirmation code of any record a debtor accepted or
 * submitted (a payment, a plan change, cancellation or day change, a dispute, a bankruptcy
 * notice, a recorded form) gives the texts the debtor was shown and accepted, in their language,
 * when, under which file version and published version, and who drafted and approved that
 * version. Schema-free: the answer's texts and facts are drawn by name, whatever the kind.
 */
import { useState } from 'react';
import { Title2, Title3, makeStyles, tokens } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as evidenceModule from '@/generated/validators/studio-evidence';
import { formatLongDay } from '@/domain/dates';
import { formatUsd } from '@/domain/money';
import type { Language } from '@/engine/i18n/split';
import { DataTable } from '@/web/components/data-table';
import { InfoList, type InfoItem } from '@/web/components/info-list';
import { Panel } from '@/web/components/panel';
import { useLanguage } from '@/web/hooks/use-language';
import { portalConfig } from '@/web/lib/config';
import { useEvidence } from '../api/queries';
import type { Evidence, EvidenceFact } from '../api/types';
import { readsEvidence, useStudioSession } from '../hooks/use-studio-session';
import { LANGUAGE_NAME_KEYS, formatWhen, nameOf, versionComment } from '../utils/format';
import { LoadState, StudioHeading } from './parts';

const FORM = 'studio-evidence';
const evidenceForm = loadPrecompiled(evidenceModule);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  search: { maxWidth: '560px' },
  heading: { margin: 0, overflowWrap: 'anywhere' },
  text: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

export function EvidencePage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const { role } = useStudioSession();
  const [search, setSearch] = useSearchParams();
  const code = search.get('code') ?? undefined;
  const evidence = useEvidence(code);
  const [initial] = useState(() => (code ? { confirmation: code } : undefined));
  if (!readsEvidence(role)) return <Navigate to="/studio" replace />;
  const flow = portalConfig().forms[FORM];
  if (!flow) throw new Error(`flows/forms/${FORM}.json is missing`);
  const data = evidence.data;
  return (
    <div className={styles.page}>
      <StudioHeading
        title={t('studio.evidence.title')}
        description={t('studio.evidence.description')}
      />
      <Panel className={styles.search}>
        <SchemaForm
          id={FORM}
          flow={flow}
          schema={evidenceForm.schema}
          validator={evidenceForm.validator}
          formData={initial}
          busy={evidence.isFetching}
          onSubmit={(form) => setSearch({ code: String(form.confirmation) }, { replace: true })}
        />
      </Panel>
      {code && (
        <LoadState
          pending={evidence.isPending}
          error={evidence.error}
          onRetry={() => void evidence.refetch()}
        />
      )}
      {data && <EvidenceRecord data={data} />}
    </div>
  );
}

/** A fact's value as the staff member reads it: money, a time, yes or no, else as recorded. */
function factValue(fact: EvidenceFact, t: TFunction, language: Language, timeZone?: string) {
  const none = t('studio.review.none');
  if (fact.value === null) return none;
  if (typeof fact.value === 'boolean')
    return t(fact.value ? 'studio.evidence.yes' : 'studio.evidence.no');
  if (fact.format === 'dollars' && typeof fact.value === 'number')
    return formatUsd(fact.value, language);
  if (fact.format === 'time') return formatWhen(String(fact.value), language, timeZone);
  return String(fact.value);
}

function EvidenceRecord({ data }: { data: Evidence }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const none = t('studio.review.none');
  const timeZone = portalConfig().calendar?.timeZone;
  const kind = t(`studio.evidence.kinds.${data.kind}`, {
    defaultValue: t('studio.evidence.kinds.other'),
  });
  const shown = data.language === 'es' || data.language === 'en' ? data.language : undefined;
  const factItem = (fact: EvidenceFact): InfoItem => ({
    label: fact.label ?? t(`studio.evidence.facts.${fact.name}`, { defaultValue: fact.name }),
    value: factValue(fact, t, language, timeZone),
  });
  const answers = data.facts.filter((fact) => fact.label !== null);
  return (
    <section aria-labelledby="studio-evidence-heading" className={styles.page}>
      <Title2 as="h2" id="studio-evidence-heading" className={styles.heading}>
        {t('studio.evidence.found', { kind, code: data.confirmation })}
      </Title2>
      <InfoList
        items={[
          { label: t('studio.evidence.kind'), value: kind },
          ...(data.accountNumber
            ? [{ label: t('studio.evidence.account'), value: data.accountNumber }]
            : []),
          {
            label: t('studio.evidence.agreedAt'),
            value: formatWhen(data.agreedAt, language, timeZone),
          },
          {
            label: t('studio.evidence.language'),
            value: shown ? t(LANGUAGE_NAME_KEYS[shown]) : t('studio.evidence.unknownLanguage'),
          },
          {
            label: t('studio.evidence.publishedVersion'),
            value: data.publishedVersion === null ? none : String(data.publishedVersion),
          },
          { label: t('studio.evidence.fileVersion'), value: data.contentVersion ?? none },
          {
            label: t('studio.evidence.draftedBy'),
            value: nameOf(data.version?.draftedBy, t('studio.versions.nobody')),
          },
          {
            label: t('studio.evidence.approvedBy'),
            value: nameOf(data.version?.approvedBy, t('studio.versions.nobody')),
          },
          {
            label: t('studio.evidence.comment'),
            value: data.version
              ? versionComment(data.version, t('studio.versions.imported'))
              : none,
          },
          ...data.facts.filter((fact) => fact.label === null).map(factItem),
        ]}
      />
      {Object.entries(data.texts).map(([name, text]) => (
        <Panel key={name}>
          <Title3 as="h3" className={styles.heading}>
            {t(`studio.evidence.texts.${name}`, {
              defaultValue: t('studio.evidence.texts.checked', { name }),
            })}
          </Title3>
          {text === null ? (
            <p className={styles.text}>{t('studio.evidence.notRecorded')}</p>
          ) : (
            <p className={styles.text} lang={shown}>
              {text}
            </p>
          )}
        </Panel>
      ))}
      {answers.length > 0 && (
        <Panel>
          <Title3 as="h3" className={styles.heading}>
            {t('studio.evidence.answers')}
          </Title3>
          <div lang={shown}>
            <InfoList items={answers.map(factItem)} />
          </div>
        </Panel>
      )}
      {data.schedule.length > 0 && (
        <Title3 as="h3" className={styles.heading}>
          {t('studio.evidence.schedule')}
        </Title3>
      )}
      {data.schedule.length > 0 && (
        <DataTable
          label={t('studio.evidence.schedule')}
          columns={[
            {
              key: 'date',
              header: t('studio.evidence.date'),
              cell: (row) => formatLongDay(row.date, language),
            },
            {
              key: 'amount',
              header: t('studio.evidence.amount'),
              cell: (row) => formatUsd(row.amount, language),
            },
          ]}
          rows={data.schedule}
          rowKey={(row) => `${row.date}-${row.amount}`}
        />
      )}
    </section>
  );
}
