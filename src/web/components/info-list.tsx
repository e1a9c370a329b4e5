import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'minmax(140px, max-content) 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
    // On a phone each label stands above its value, so neither is squeezed into a narrow column.
    '@media (max-width: 599px)': { gridTemplateColumns: '1fr', rowGap: 0 },
  },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground2 },
  value: {
    margin: 0,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'break-word',
    '@media (max-width: 599px)': { marginBottom: tokens.spacingVerticalS },
  },
});

export interface InfoItem {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** Label/value pairs as a description list. */
export function InfoList({ items }: { items: InfoItem[] }) {
  const styles = useStyles();
  return (
    <dl className={styles.list}>
      {items.map((item) => (
        <div key={item.label} className={styles.pair}>
          <dt className={styles.term}>{item.label}</dt>
          <dd className={styles.value} data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
