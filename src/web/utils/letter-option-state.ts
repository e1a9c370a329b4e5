import { daysBetween, isBefore } from '../../domain/dates';
import { toCents } from '../../domain/money';
import type { LetterOption } from '../api/letter';

/** Up to this many days after its due date an expired option says 'n days ago', then the date. */
export const EXPIRED_DAYS_AGO_LIMIT = 30;

export type OptionDue =
  | { kind: 'due'; date: string }
  | { kind: 'expiredDaysAgo'; days: number }
  | { kind: 'expiredOn'; date: string };

export interface OptionView {
  option: LetterOption;
  due: OptionDue;
  /** A scheduled payment day (or the due day) has passed: shown faded, not selectable. */
  disabled: boolean;
  firstPaymentDate: string | null;
  lastPaymentDate: string | null;
  /** Whole percent taken off the balance (discount 0.4 -> 40). */
  discountPercent: number;
  /** Dollars saved against the letter's principal balance (0 when unknown or none). */
  savings: number;
}

export function optionDue(option: Pick<LetterOption, 'dueDate'>, today: string): OptionDue {
  if (!isBefore(option.dueDate, today)) return { kind: 'due', date: option.dueDate };
  const days = daysBetween(option.dueDate, today);
  return days <= EXPIRED_DAYS_AGO_LIMIT
    ? { kind: 'expiredDaysAgo', days }
    : { kind: 'expiredOn', date: option.dueDate };
}

/** The letter's options sorted by due date (then option number), each with what the card shows. */
export function letterOptionViews(
  options: readonly LetterOption[],
  today: string,
  /** The letter's principal balance: what the settlement is measured against. */
  principalBalance?: number,
): OptionView[] {
  return [...options]
    .sort((a, b) =>
      a.dueDate === b.dueDate ? a.optionNumber - b.optionNumber : a.dueDate < b.dueDate ? -1 : 1,
    )
    .map((option) => {
      const dates = option.paymentSchedule.map((payment) => payment.date).sort();
      const due = optionDue(option, today);
      return {
        option,
        due,
        disabled: due.kind !== 'due' || dates.some((date) => isBefore(date, today)),
        firstPaymentDate: dates[0] ?? null,
        lastPaymentDate: dates.at(-1) ?? null,
        discountPercent: Math.round(option.discount * 100),
        savings:
          principalBalance === undefined
            ? 0
            : Math.max(0, toCents(principalBalance) - toCents(option.settlementAmount)) / 100,
      };
    });
}
