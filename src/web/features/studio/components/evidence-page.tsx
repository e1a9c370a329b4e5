/**
 * Evidence (approvers and editors): a payment's confirmation code gives the texts the debtor was
 * shown and agreed to, in their language, when, under which file version and published version,
 * and who approved that version.
 */
import { useState } from 'react';
import { Title2, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { formatUsd } from '@/domain/money';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as evidenceModule from '@/generated/validators/studio-evidence';
import { InfoList } from '@/web/components/info-list';
import { Panel } from '@/web/components/panel';
import { useLanguage } from '@/web/hooks/use-language';
import { portalConfig } from '@/web/lib/config';
import { useEvidence } from '../api/queries';
import { readsEvidence, useStudioSession } from '../hooks/use-studio-session';
import { LANGUAGE_NAME_KEYS, formatWhen, nameOf } from '../utils/format';
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
  const language = useLanguage();
  const { role } = useStudioSession();
  const [search, setSearch] = useSearchParams();
  const code = search.get('code') ?? undefined;
  const evidence = useEvidence(code);
  const [initial] = useState(() => (code ? { confirmation: code } : undefined));
  if (!readsEvidence(role)) return <Navigate to="/studio" replace />;
  const flow = portalConfig().forms[FORM];
  if (!flow) throw new Error(`flows/forms/${FORM}.json is missing`);
  const data = evidence.data;
  const none = t('studio.review.none');
  const timeZone = portalConfig().calendar?.timeZone;
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
      {data && (
        <section aria-labelledby="studio-evidence-heading" className={styles.page}>
          <Title2 as="h2" id="studio-evidence-heading" className={styles.heading}>
            {t('studio.evidence.found', { code: data.confirmation })}
          </Title2>
          <InfoList
            items={[
              {
                label: t('studio.evidence.agreedAt'),
                value: formatWhen(data.agreedAt, language, timeZone),
              },
              {
                label: t('studio.evidence.language'),
                value: t(LANGUAGE_NAME_KEYS[data.language === 'es' ? 'es' : 'en']),
              },
              {
                label: t('studio.evidence.publishedVersion'),
                value: data.publishedVersion === null ? none : String(data.publishedVersion),
              },
              { label: t('studio.evidence.fileVersion'), value: data.contentVersion ?? none },
              {
                label: t('studio.evidence.approvedBy'),
                value: nameOf(data.version?.approvedBy, t('studio.versions.nobody')),
              },
              { label: t('studio.evidence.comment'), value: data.version?.comment ?? none },
              { label: t('studio.evidence.payer'), value: data.payerName },
              { label: t('studio.evidence.method'), value: data.methodName },
              { label: t('studio.evidence.total'), value: formatUsd(data.total, language) },
              ...(data.revokedAt
                ? [
                    {
                      label: t('studio.evidence.revokedAt'),
                      value: formatWhen(data.revokedAt, language, timeZone),
                    },
                  ]
                : []),
            ]}
          />
          {Object.entries(data.texts).map(([name, text]) => (
            <Panel key={name}>
              <Title3 as="h3" className={styles.heading}>
                {t(`studio.evidence.texts.${name}`, { defaultValue: name })}
              </Title3>
              <p className={styles.text} lang={data.language}>
                {text ?? none}
              </p>
            </Panel>
          ))}
        </section>
      )}
    </div>
  );
}
