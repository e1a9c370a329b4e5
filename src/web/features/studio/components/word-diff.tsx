/**
 * A text's word diff, as GET /drafts/:id/review gives it (`same`, `added`, `removed` runs):
 * added words in <ins>, removed in <del>, each announced with a visually hidden word in the
 * page's language ("added", "removed"), as the strike and underline are not read out.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { WordRun } from '../api/types';
import { visuallyHidden } from '@/engine/visually-hidden';

const useStyles = makeStyles({
  text: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: '1.6' },
  added: {
    backgroundColor: tokens.colorPaletteGreenBackground2,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'underline',
    // A removed run right before an added one does not read as one word.
    marginInline: '2px',
    paddingInline: '1px',
  },
  removed: {
    backgroundColor: tokens.colorPaletteRedBackground2,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'line-through',
    marginInline: '2px',
    paddingInline: '1px',
  },
  hidden: visuallyHidden,
});

export function WordDiff({ runs, language }: { runs: readonly WordRun[]; language: string }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const hidden = (key: string) => (
    <span className={styles.hidden} lang={i18n.language}>
      {`${t(key)}: `}
    </span>
  );
  return (
    <p className={styles.text} lang={language}>
      {runs.map((run, index) => {
        if (run.op === 'added') {
          return (
            <ins key={index} className={styles.added}>
              {hidden('studio.review.added')}
              {run.text}
            </ins>
          );
        }
        if (run.op === 'removed') {
          return (
            <del key={index} className={styles.removed}>
              {hidden('studio.review.removed')}
              {run.text}
            </del>
          );
        }
        return <span key={index}>{run.text}</span>;
      })}
    </p>
  );
}
