import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { visuallyHidden } from '@/engine/visually-hidden';

/** Below this width each row becomes a small card: one line per column, label and value. */
const STACKED = '@media (max-width: 599px)';

const useStyles = makeStyles({
  region: {
    overflowX: 'auto',
    maxWidth: '100%',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  table: {
    width: '100%',
    borderCollapse: 'collapse',
    minWidth: '300px',
    [STACKED]: { display: 'block', minWidth: 0 },
  },
  headRow: {
    // The column headers stay in the accessibility tree; on a phone each cell shows its label.
    [STACKED]: visuallyHidden,
  },
  head: {
    textAlign: 'start',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground2,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  body: {
    [STACKED]: {
      display: 'flex',
      flexDirection: 'column',
      gap: tokens.spacingVerticalS,
    },
  },
  row: {
    [STACKED]: {
      display: 'flex',
      flexDirection: 'column',
      gap: tokens.spacingVerticalXS,
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
      border: `1px solid ${tokens.colorNeutralStroke2}`,
      borderRadius: tokens.borderRadiusMedium,
      backgroundColor: tokens.colorNeutralBackground2,
    },
  },
  cell: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    verticalAlign: 'middle',
    // A value (an amount, a date, a code) never breaks across lines.
    whiteSpace: 'nowrap',
    [STACKED]: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      flexWrap: 'wrap',
      gap: tokens.spacingHorizontalM,
      padding: `${tokens.spacingVerticalXXS} 0`,
      borderBottom: 'none',
      minHeight: '28px',
    },
  },
  label: {
    display: 'none',
    color: tokens.colorNeutralForeground2,
    [STACKED]: { display: 'inline' },
  },
  empty: { [STACKED]: { display: 'none' } },
});

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Hide the cell on a phone when it renders nothing (an actions column without actions). */
  isEmpty?: (row: T) => boolean;
}

/**
 * A table in its own labelled, keyboard-scrollable region. On a phone (under 600 px) each row is
 * a small card, one line per column with its label, so nothing scrolls sideways; the table keeps
 * its roles, so a screen reader still reads rows and column headers.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  testId,
}: {
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  testId?: string;
}) {
  const styles = useStyles();
  return (
    <div className={styles.region} role="region" aria-label={label} tabIndex={0}>
      {/* Explicit roles: a table drawn with display other than table keeps its semantics. */}
      <table className={styles.table} data-testid={testId} role="table">
        <thead className={styles.headRow} role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.key} scope="col" className={styles.head} role="columnheader">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={styles.body} role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} className={styles.row} role="row">
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={mergeClasses(styles.cell, column.isEmpty?.(row) && styles.empty)}
                  role="cell"
                  data-column={column.key}
                >
                  <span className={styles.label} aria-hidden="true">
                    {column.header}
                  </span>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
