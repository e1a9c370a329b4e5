/**
 * A draft's review: every changed text as a word diff in English and Spanish, every changed
 * setting before and after, and for an approver who is not its author, approve (publish) or
 * return, each with a required comment. Its author and other roles see the diff only.
 */
import { useState } from 'react';
import {
  Body1,
  MessageBar,
  MessageBarBody,
  Title2,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { DataTable } from '@/web/components/data-table';
import { ButtonLink } from '@/web/components/button-link';
import { Panel } from '@/web/components/panel';
import { studioCall } from '../api/client';
import { invalidateStudio, useContent, useReview } from '../api/queries';
import type { DraftSummary, ReviewedFile as ReviewedFileData } from '../api/types';
import { canReview, useStudioSession } from '../hooks/use-studio-session';
import { LANGUAGE_NAME_KEYS, nameOf, valueText } from '../utils/format';
import { CommentForm } from './comment-form';
import { LoadState, StudioError, StudioHeading, errorKey } from './parts';
import { PreviewPanel } from './preview-panel';
import { SpanishNeedsReview } from './translation-flag';
import { WordDiff } from './word-diff';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  file: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, overflowWrap: 'anywhere' },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    '@media (max-width: 599px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  language: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  value: { whiteSpace: 'normal', overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace },
  decision: {
    maxWidth: '720px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
});

function ReviewedFile({
  file,
  flagged,
}: {
  file: ReviewedFileData;
  /** Pointers of this file's texts whose Spanish needs review. */
  flagged: ReadonlySet<string>;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  // The file by its name for people (flows/studio/, issue 44), never its path.
  const name =
    useContent().data?.files.find((one) => one.path === file.path)?.name ||
    t('studio.review.unnamedFile');
  const none = t('studio.review.none');
  return (
    <section className={styles.file} aria-labelledby={`review-${file.path}`}>
      <Title2 as="h2" id={`review-${file.path}`} className={styles.heading}>
        {name}
      </Title2>
      {file.texts.map((text) => (
        <Panel key={text.pointer} data-pointer={text.pointer}>
          <Title3 as="h3" className={styles.heading}>
            {text.name || name}
          </Title3>
          {flagged.has(text.pointer) && <SpanishNeedsReview />}
          <div className={styles.pair}>
            {(['en', 'es'] as const).map((language) => (
              <div key={language}>
                <p className={styles.language}>{t(LANGUAGE_NAME_KEYS[language])}</p>
                <WordDiff runs={text[language]} language={language} />
              </div>
            ))}
          </div>
        </Panel>
      ))}
      {file.status !== 'changed' && <Body1 as="p">{t(`studio.review.file.${file.status}`)}</Body1>}
      {file.values.length > 0 && (
        <DataTable
          label={t('studio.review.settingsLabel', { path: name })}
          rows={file.values}
          rowKey={(row) => row.pointer}
          columns={[
            {
              key: 'setting',
              header: t('studio.review.setting'),
              cell: (row) => <span className={styles.value}>{row.name || name}</span>,
            },
            {
              key: 'before',
              header: t('studio.review.before'),
              cell: (row) => (
                <span className={styles.value}>
                  {row.beforeName ?? valueText(row.before, none)}
                </span>
              ),
            },
            {
              key: 'after',
              header: t('studio.review.after'),
              cell: (row) => (
                <span className={styles.value}>{row.afterName ?? valueText(row.after, none)}</span>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}

type Decision = 'approve' | 'return';

function DecisionPanel({ draft }: { draft: DraftSummary }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const decide = (decision: Decision, comment: string) => {
    setBusy(true);
    setError(null);
    studioCall('POST', `/drafts/${draft.id}/${decision}`, { body: { comment } })
      .then(async () => {
        await invalidateStudio();
        navigate(decision === 'approve' ? '/studio/history' : '/studio');
      })
      .catch((caught: unknown) => {
        setError(errorKey(caught));
        setBusy(false);
      });
  };
  return (
    <section className={styles.decision} aria-labelledby="studio-decision-heading">
      <Title2 as="h2" id="studio-decision-heading" className={styles.heading}>
        {t('studio.review.decision')}
      </Title2>
      <Body1 as="p">{t('studio.review.decisionHint')}</Body1>
      <CommentForm<Decision>
        id="studio-decision"
        busy={busy}
        onSubmit={decide}
        actions={[
          { action: 'approve', label: t('studio.review.approve'), appearance: 'primary' },
          { action: 'return', label: t('studio.review.return') },
        ]}
      >
        <StudioError textKey={error} id="studio-decision-error" />
      </CommentForm>
    </section>
  );
}

export function ReviewPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const id = Number(useParams().draftId);
  const review = useReview(id);
  const { staff, role } = useStudioSession();
  const data = review.data?.draft;
  const decides =
    data !== undefined &&
    data.status === 'submitted' &&
    canReview(role) &&
    data.author?.id !== staff.id;
  const mine = data !== undefined && data.author?.id === staff.id;
  const editable = data !== undefined && (data.status === 'editing' || data.status === 'returned');
  return (
    <div className={styles.page}>
      <StudioHeading
        title={data ? t('studio.review.title', { title: data.title }) : t('studio.review.loading')}
        description={
          data
            ? t('studio.review.description', {
                author: nameOf(data.author, ''),
                status: t(`studio.status.${data.status}`),
                version: data.baseVersion,
              })
            : undefined
        }
      />
      <LoadState
        pending={review.isPending}
        error={review.error}
        onRetry={() => void review.refetch()}
      />
      {data?.reviewComment && data.status !== 'submitted' && (
        <MessageBar intent={data.status === 'returned' ? 'warning' : 'info'}>
          <MessageBarBody>
            {t('studio.review.reviewComment', {
              reviewer: nameOf(data.reviewer, ''),
              comment: data.reviewComment,
            })}
          </MessageBarBody>
        </MessageBar>
      )}
      {mine && editable && (
        <ButtonLink to={`/studio/drafts/${id}`}>{t('studio.review.backToEditor')}</ButtonLink>
      )}
      {mine && data?.status === 'submitted' && <Body1 as="p">{t('studio.review.waiting')}</Body1>}
      {review.data && review.data.translations.length > 0 && (
        <MessageBar intent="warning" data-testid="review-spanish-needs-review">
          <MessageBarBody>
            {t('studio.translations.reviewCount', { count: review.data.translations.length })}
          </MessageBarBody>
        </MessageBar>
      )}
      {review.data &&
        (review.data.files.length === 0 ? (
          <Body1 as="p">{t('studio.review.noChanges')}</Body1>
        ) : (
          review.data.files.map((file) => (
            <ReviewedFile
              key={file.path}
              file={file}
              flagged={
                new Set(
                  review.data.translations
                    .filter((flag) => flag.path === file.path)
                    .map((flag) => flag.pointer),
                )
              }
            />
          ))
        ))}
      {data && (editable || data.status === 'submitted') && <PreviewPanel draftId={id} />}
      {decides && data && <DecisionPanel draft={data} />}
    </div>
  );
}
