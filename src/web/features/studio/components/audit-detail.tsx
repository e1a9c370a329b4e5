/**
 * An audit row's detail for people (issue 44): each detail by its name of flows/studio/
 * (`details`), a file by its name, a named choice (a reason, a role, a change) by its name; never
 * a key or a path. The CSV export keeps the row's raw detail.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { choiceName, detailName, type Names } from '@/domain/studio/names';
import { useContent } from '../api/queries';
import { useNamesCatalogue } from '../hooks/use-field-names';

const useStyles = makeStyles({
  list: { margin: 0, display: 'block', minWidth: '12em', overflowWrap: 'anywhere' },
  term: { display: 'inline', fontWeight: tokens.fontWeightSemibold },
  value: { display: 'inline', margin: 0 },
});

const NO_DRAFT_FILES = {};

/** A `.json` path under flows/: shown by the file's name. */
const isPath = (value: string): boolean => /^[\w./-]+\.json$/.test(value);

/** The audit rows' details, said with the catalogue of the version in force. */
export function useAuditDetail(): (detail: Record<string, unknown>) => React.ReactNode {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'es' ? 'es' : 'en';
  const content = useContent();
  const names = useNamesCatalogue(content.data?.version, NO_DRAFT_FILES);
  const fileOf = (path: string) =>
    content.data?.files.find((file) => file.path === path)?.name || t('studio.review.unnamedFile');
  const said = (value: unknown, catalogue: Names): string => {
    if (Array.isArray(value)) return value.map((item) => said(item, catalogue)).join(', ');
    if (typeof value === 'string') {
      if (isPath(value)) return fileOf(value);
      return choiceName(catalogue, value, language) ?? value;
    }
    if (typeof value === 'boolean')
      return t(value ? 'studio.audit.detailYes' : 'studio.audit.detailNo');
    if (typeof value === 'number') return String(value);
    return value === null || value === undefined ? '' : t('studio.audit.detailMore');
  };
  return (detail) => {
    const entries = Object.entries(detail);
    if (entries.length === 0 || !names) return null;
    return (
      <dl className={styles.list}>
        {entries.map(([key, value]) => (
          <div key={key}>
            <dt className={styles.term}>{detailName(names, key, language)}: </dt>
            <dd className={styles.value}>{said(value, names)}</dd>
          </div>
        ))}
      </dl>
    );
  };
}
