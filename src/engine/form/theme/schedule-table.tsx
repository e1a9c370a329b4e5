/**
 * A table of texts with a caption (a payment schedule): the plan choice shows the chosen plan's,
 * the payment journey's review stage the payments to confirm with their total. It scrolls sideways
 * inside its own box rather than widen a phone's page.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { OptionTable } from '../form-state';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto', maxWidth: '100%' },
  table: { borderCollapse: 'collapse', width: '100%', fontSize: tokens.fontSizeBase300 },
  caption: {
    textAlign: 'left',
    fontWeight: tokens.fontWeightSemibold,
    paddingBottom: tokens.spacingVerticalS,
  },
  cell: {
    textAlign: 'left',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'nowrap',
    '@media (max-width: 480px)': {
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS}`,
    },
  },
  amount: { textAlign: 'right' },
  total: { fontWeight: tokens.fontWeightSemibold },
});

interface ScheduleTableProps {
  table: OptionTable;
  /** A last row under the others: its label across the first columns, its value in the last. */
  total?: { label: string; value: string; testId?: string };
  testId?: string;
}

export function ScheduleTable({ table, total, testId }: ScheduleTableProps) {
  const styles = useStyles();
  const cell = (column: number, ...more: (string | false)[]) =>
    mergeClasses(styles.cell, table.amounts?.includes(column) && styles.amount, ...more);
  const last = table.columns.length - 1;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-testid={testId}>
        <caption className={styles.caption}>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column, c) => (
              <th key={column} scope="col" className={cell(c)}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((text, c) => (
                <td key={c} className={cell(c)}>
                  {text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {total && (
          <tfoot>
            <tr>
              <th scope="row" colSpan={last} className={cell(0, styles.total)}>
                {total.label}
              </th>
              <td className={cell(last, styles.total)} data-testid={total.testId}>
                {total.value}
              </td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
