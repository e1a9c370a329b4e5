// @vitest-environment jsdom
/**
 * The one schedule table (issue 23) that the plan choice and the review stage draw: a caption,
 * column headers, one row a payment, and the review's total row headed by its label.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ScheduleTable } from '../../../src/engine/form/theme/schedule-table';
import type { OptionTable } from '../../../src/engine/form/form-state';

afterEach(cleanup);

const SCHEDULE: OptionTable = {
  caption: 'Payment schedule',
  columns: ['Payment', 'Date', 'Amount'],
  rows: [
    ['1', 'November 27, 2026', '$204.16'],
    ['2', 'December 27, 2026', '$204.16'],
  ],
  amounts: [2],
};

describe('ScheduleTable', () => {
  it('a plan schedule: caption, column headers and a row a payment, no total', () => {
    render(<ScheduleTable table={SCHEDULE} />);
    const table = screen.getByRole('table', { name: 'Payment schedule' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Payment', 'Date', 'Amount']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'December 27, 2026', '$204.16']);
    expect(within(table).queryAllByRole('rowheader')).toHaveLength(0);
  });

  it('the review: a total row whose label heads it across the columns before the amount', () => {
    render(
      <ScheduleTable
        table={SCHEDULE}
        total={{ label: 'Total', value: '$408.32', testId: 'review-total' }}
        testId="review-schedule"
      />,
    );
    const table = screen.getByTestId('review-schedule');
    const total = within(table).getByRole('rowheader', { name: 'Total' });
    expect(total.getAttribute('colspan')).toBe('2');
    expect(screen.getByTestId('review-total').textContent).toBe('$408.32');
  });
});
