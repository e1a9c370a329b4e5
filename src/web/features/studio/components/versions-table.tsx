/** The published versions (newest first): comment, who drafted and approved, when, what changed. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/web/components/button-link';
import { DataTable, type Column } from '@/web/components/data-table';
import { useLanguage } from '@/web/hooks/use-language';
import { portalConfig } from '@/web/lib/config';
import { useContent } from '../api/queries';
import type { VersionEntry } from '../api/types';
import { formatWhen, nameOf, versionComment } from '../utils/format';

/** Up to this many changed files are listed as they are; more open on demand. */
const FILES_SHOWN = 4;

const useStyles = makeStyles({
  wrap: { whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: '12em', display: 'block' },
  files: { margin: 0, paddingLeft: tokens.spacingHorizontalL, whiteSpace: 'normal' },
  summary: {
    cursor: 'pointer',
    minHeight: '24px',
    color: tokens.colorBrandForegroundLink,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

export function VersionsTable({
  versions,
  current,
  rollback,
}: {
  versions: readonly VersionEntry[];
  /** The version debtors see now. */
  current: number | undefined;
  /** Shows a Roll back link on every version but the current one (approvers). */
  rollback: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = portalConfig().calendar?.timeZone;
  // Each file by its name for people (flows/studio/); one no longer published by a word.
  const content = useContent();
  const nameOfFile = (path: string) =>
    content.data?.files.find((file) => file.path === path)?.name || t('studio.versions.oldFile');
  const columns: Column<VersionEntry>[] = [
    {
      key: 'version',
      header: t('studio.versions.version'),
      cell: (row) =>
        row.version === current
          ? t('studio.versions.current', { version: row.version })
          : String(row.version),
    },
    {
      key: 'comment',
      header: t('studio.versions.comment'),
      cell: (row) => (
        <span className={styles.wrap}>
          {row.rollbackOf !== null
            ? t('studio.versions.rollbackOf', { version: row.rollbackOf, comment: row.comment })
            : versionComment(row, t('studio.versions.imported'))}
        </span>
      ),
    },
    {
      key: 'draftedBy',
      header: t('studio.versions.draftedBy'),
      cell: (row) => nameOf(row.draftedBy, t('studio.versions.nobody')),
    },
    {
      key: 'approvedBy',
      header: t('studio.versions.approvedBy'),
      cell: (row) => nameOf(row.approvedBy, t('studio.versions.nobody')),
    },
    {
      key: 'when',
      header: t('studio.versions.publishedAt'),
      cell: (row) => formatWhen(row.publishedAt, language, timeZone),
    },
    {
      key: 'changed',
      header: t('studio.versions.changed'),
      cell: (row) => {
        if (row.changed.length === 0) return t('studio.versions.noFiles');
        const list = (
          <ul className={styles.files}>
            {row.changed.map((path) => (
              <li key={path}>{nameOfFile(path)}</li>
            ))}
          </ul>
        );
        // A long list (the first import: every file) opens on demand.
        if (row.changed.length <= FILES_SHOWN) return list;
        return (
          <details>
            <summary className={styles.summary}>
              {t('studio.versions.fileCount', { count: row.changed.length })}
            </summary>
            {list}
          </details>
        );
      },
    },
  ];
  if (rollback) {
    columns.push({
      key: 'actions',
      header: t('studio.versions.actions'),
      isEmpty: (row) => row.version === current,
      cell: (row) =>
        row.version === current ? null : (
          <ButtonLink
            to={`/studio/history/${row.version}/rollback`}
            aria-label={t('studio.versions.rollbackLabel', { version: row.version })}
          >
            {t('studio.versions.rollback')}
          </ButtonLink>
        ),
    });
  }
  return (
    <DataTable
      label={t('studio.versions.tableLabel')}
      columns={columns}
      rows={versions}
      rowKey={(row) => row.version}
      testId="studio-versions"
    />
  );
}
