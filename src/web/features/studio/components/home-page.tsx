/**
 * The studio's home: a new draft (editors and client managers), the drafts with their status,
 * author and title, and the newest published versions. An admin manages staff only: no content.
 */
import { useState } from 'react';
import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/web/components/button-link';
import { useNavigate } from 'react-router-dom';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as newDraftModule from '@/generated/validators/studio-new-draft';
import { DataTable, type Column } from '@/web/components/data-table';
import { Panel } from '@/web/components/panel';
import { RouterLink } from '@/web/components/router-link';
import { useLanguage } from '@/web/hooks/use-language';
import { portalConfig } from '@/web/lib/config';
import { studioCall } from '../api/client';
import { invalidateStudio, useContent, useDrafts, useVersions } from '../api/queries';
import type { DraftDetail, DraftSummary, SearchResult } from '../api/types';
import { canDraft, canReview, readsContent, useStudioSession } from '../hooks/use-studio-session';
import { formatWhen, nameOf } from '../utils/format';
import { LoadState, StudioError, StudioHeading, errorKey } from './parts';
import { TextSearch } from './text-search';
import { VersionsTable } from './versions-table';

const NEW_DRAFT_FORM = 'studio-new-draft';
const newDraftForm = loadPrecompiled(newDraftModule);
/** How many versions the home page lists; the history lists them all. */
const RECENT_VERSIONS = 5;
/** A draft's title is at most this long (schemas/api/studio-draft-create-request). */
const DRAFT_TITLE_MAX = 200;

const useStyles = makeStyles({
  adminLinks: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalL,
  },
  sections: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  newDraft: { maxWidth: '560px' },
  title: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
});

/** Where a draft's link goes: its editor for its author while it is theirs to change, else its review. */
function draftLink(draft: DraftSummary, staffId: number): string {
  const editable = draft.status === 'editing' || draft.status === 'returned';
  return editable && draft.author?.id === staffId
    ? `/studio/drafts/${draft.id}`
    : `/studio/drafts/${draft.id}/review`;
}

function NewDraft() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const flow = portalConfig().forms[NEW_DRAFT_FORM];
  if (!flow) throw new Error(`flows/forms/${NEW_DRAFT_FORM}.json is missing`);
  const create = (data: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    studioCall<DraftDetail>('POST', '/drafts', { body: { title: data.title } })
      .then(async ({ id }) => {
        await invalidateStudio();
        navigate(`/studio/drafts/${id}`);
      })
      .catch((caught: unknown) => {
        setError(errorKey(caught));
        setBusy(false);
      });
  };
  return (
    <Panel className={styles.newDraft}>
      <SchemaForm
        id={NEW_DRAFT_FORM}
        flow={flow}
        schema={newDraftForm.schema}
        validator={newDraftForm.validator}
        busy={busy}
        onSubmit={create}
      >
        <StudioError textKey={error} id="studio-new-draft-error" />
      </SchemaForm>
    </Panel>
  );
}

/** Opens a text found by its words in a new draft, at that text. */
function FindText() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const open = (result: SearchResult) => {
    setError(null);
    const title = t('studio.search.draftTitle', { name: result.name }).slice(0, DRAFT_TITLE_MAX);
    studioCall<DraftDetail>('POST', '/drafts', { body: { title } })
      .then(async ({ id }) => {
        await invalidateStudio();
        const at = new URLSearchParams({ file: result.path, at: result.pointer });
        navigate(`/studio/drafts/${id}?${at.toString()}`);
      })
      .catch((caught: unknown) => setError(errorKey(caught)));
  };
  return (
    <>
      <TextSearch onOpen={open} openHint={t('studio.search.openHint')} />
      <StudioError textKey={error} id="studio-search-error" />
    </>
  );
}

export function HomePage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { staff, role } = useStudioSession();
  const content = readsContent(role);
  const drafts = useDrafts();
  const versions = useVersions();
  const published = useContent();
  const timeZone = portalConfig().calendar?.timeZone;

  if (!content) {
    return (
      <>
        <StudioHeading title={t('studio.home.title')} />
        <Body1 as="p">{t('studio.home.adminOnly')}</Body1>
        <div className={styles.adminLinks}>
          <ButtonLink to="/studio/staff" appearance="primary">
            {t('studio.home.staffLink')}
          </ButtonLink>
          <ButtonLink to="/studio/audit">{t('studio.home.auditLink')}</ButtonLink>
        </div>
      </>
    );
  }

  const columns: Column<DraftSummary>[] = [
    {
      key: 'title',
      header: t('studio.drafts.title'),
      cell: (row) => (
        <span className={styles.title}>
          <RouterLink to={draftLink(row, staff.id)}>{row.title}</RouterLink>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('studio.drafts.status'),
      cell: (row) => t(`studio.status.${row.status}`),
    },
    { key: 'author', header: t('studio.drafts.author'), cell: (row) => nameOf(row.author, '') },
    {
      key: 'area',
      header: t('studio.drafts.area'),
      cell: (row) => t(`studio.areas.${row.area}`),
    },
    {
      key: 'updated',
      header: t('studio.drafts.updated'),
      cell: (row) => formatWhen(row.updatedAt, language, timeZone),
    },
  ];
  const open = (drafts.data ?? []).filter(
    (draft) => draft.status !== 'published' && draft.status !== 'withdrawn',
  );
  const waiting = canReview(role) ? open.filter((draft) => draft.status === 'submitted').length : 0;

  return (
    <>
      <StudioHeading
        title={t('studio.home.title')}
        description={
          published.data
            ? t('studio.home.published', { version: published.data.version })
            : undefined
        }
      />
      <div className={styles.sections}>
        {canDraft(role) && (
          <section className={styles.section} aria-labelledby="studio-new-draft-heading">
            <Title2 as="h2" id="studio-new-draft-heading" className={styles.heading}>
              {t('studio.home.newDraft')}
            </Title2>
            <NewDraft />
          </section>
        )}
        {canDraft(role) && <FindText />}
        <section className={styles.section} aria-labelledby="studio-drafts-heading">
          <Title2 as="h2" id="studio-drafts-heading" className={styles.heading}>
            {t('studio.home.drafts')}
          </Title2>
          {waiting > 0 && <Body1 as="p">{t('studio.home.waiting', { count: waiting })}</Body1>}
          <LoadState
            pending={drafts.isPending}
            error={drafts.error}
            onRetry={() => void drafts.refetch()}
          />
          {drafts.data &&
            (open.length === 0 ? (
              <Body1 as="p">{t('studio.home.noDrafts')}</Body1>
            ) : (
              <DataTable
                label={t('studio.home.draftsTable')}
                columns={columns}
                rows={open}
                rowKey={(row) => row.id}
                testId="studio-drafts"
              />
            ))}
        </section>
        <section className={styles.section} aria-labelledby="studio-versions-heading">
          <Title2 as="h2" id="studio-versions-heading" className={styles.heading}>
            {t('studio.home.versions')}
          </Title2>
          <LoadState
            pending={versions.isPending}
            error={versions.error}
            onRetry={() => void versions.refetch()}
          />
          {versions.data && (
            <VersionsTable
              versions={versions.data.slice(0, RECENT_VERSIONS)}
              current={versions.data[0]?.version}
              rollback={false}
            />
          )}
          <RouterLink to="/studio/history">{t('studio.home.allVersions')}</RouterLink>
        </section>
      </div>
    </>
  );
}
