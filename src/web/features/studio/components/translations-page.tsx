/**
 * Spanish to review (issue 44, item 5): every text whose English changed after its Spanish was
 * last saved, in the published version in force and in each open draft, with the English then
 * and now beside the Spanish; a draft's text opens in its editor (or its review, for others).
 */
import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/web/components/data-table';
import { RouterLink } from '@/web/components/router-link';
import { useTranslations } from '../api/queries';
import type { FlaggedTranslations } from '../api/types';
import { LoadState, StudioHeading } from './parts';

type FlaggedText = FlaggedTranslations['published'][number];

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, overflowWrap: 'anywhere' },
  words: { whiteSpace: 'normal', overflowWrap: 'anywhere', display: 'block', minWidth: '12em' },
});

function FlaggedTable({
  label,
  texts,
  draftId,
}: {
  label: string;
  texts: readonly FlaggedText[];
  draftId?: number;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const words = (text: string, lang: string) => (
    <span className={styles.words} lang={lang}>
      {text}
    </span>
  );
  return (
    <DataTable
      label={label}
      rows={texts}
      rowKey={(row) => `${row.path}#${row.pointer}`}
      testId={draftId === undefined ? 'translations-published' : `translations-draft-${draftId}`}
      columns={[
        {
          key: 'text',
          header: t('studio.translations.text'),
          cell: (row) => {
            // The name the editor shows (flows/studio/), never the path.
            const name = row.name || t('studio.review.unnamedFile');
            return draftId === undefined ? (
              <span className={styles.words}>{name}</span>
            ) : (
              <RouterLink
                to={`/studio/drafts/${draftId}?file=${encodeURIComponent(row.path)}&at=${encodeURIComponent(row.pointer)}`}
              >
                {name}
              </RouterLink>
            );
          },
        },
        {
          key: 'then',
          header: t('studio.translations.englishThen'),
          cell: (row) => words(row.englishThen, 'en'),
        },
        {
          key: 'now',
          header: t('studio.translations.englishNow'),
          cell: (row) => words(row.en, 'en'),
        },
        { key: 'es', header: t('studio.translations.spanish'), cell: (row) => words(row.es, 'es') },
      ]}
    />
  );
}

export function TranslationsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const flagged = useTranslations();
  const data = flagged.data;
  const none = data !== undefined && data.published.length === 0 && data.drafts.length === 0;
  return (
    <div className={styles.page}>
      <StudioHeading
        title={t('studio.translations.title')}
        description={t('studio.translations.description')}
      />
      <LoadState
        pending={flagged.isPending}
        error={flagged.error}
        onRetry={() => void flagged.refetch()}
      />
      {none && <Body1 as="p">{t('studio.translations.none')}</Body1>}
      {data && data.published.length > 0 && (
        <section className={styles.section}>
          <Title2 as="h2" id="translations-published" className={styles.heading}>
            {t('studio.translations.published', { version: data.version })}
          </Title2>
          <FlaggedTable label={t('studio.translations.title')} texts={data.published} />
        </section>
      )}
      {data?.drafts.map((draft, index) => {
        // Two drafts may share a title: each is then numbered in the list, so every table has a
        // name of its own (a region's name tells a screen reader user which one they are in).
        const same = data.drafts.filter((other) => other.title === draft.title);
        const name =
          same.length > 1
            ? t('studio.translations.draftNumbered', {
                title: draft.title,
                number: data.drafts
                  .slice(0, index + 1)
                  .filter((other) => other.title === draft.title).length,
              })
            : t('studio.translations.draft', { title: draft.title });
        return (
          <section key={draft.id} className={styles.section}>
            <Title2 as="h2" id={`translations-draft-${draft.id}`} className={styles.heading}>
              {name}
            </Title2>
            <FlaggedTable
              label={`${t('studio.translations.title')}: ${name}`}
              texts={draft.texts}
              draftId={draft.id}
            />
          </section>
        );
      })}
    </div>
  );
}
