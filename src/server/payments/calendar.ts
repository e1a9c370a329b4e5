/**
 * "Add to my calendar" (issue 22): the scheduled payments of an account's active plan as an
 * iCalendar file (RFC 5545), made with the maintained `ics` library. One event per payment still
 * to come (scheduled, dated today or later): at 09:00 in the agency's time zone (written as UTC, so
 * every calendar shows it at the right moment), 30 minutes, with the amount, the account's last 4
 * digits (nothing more of the debtor: no name, no full account number) and a reminder the day
 * before. Each event's UID is the payment's, so importing a newer file updates the events.
 * Words come from flows/texts/api.json (`calendar.*`), in the caller's language.
 */
import { createEvents, type EventAttributes } from 'ics';
import { formatCents } from '../../domain/money';
import { zonedInstant } from '../../domain/dates';
import type { PortalContext } from '../context';
import type { AccountRow } from '../db/types';
import { ApiError } from '../http/errors';
import type { Language, MessageCatalog } from '../http/messages';
import { activeArrangement } from '../routes/mappers';
import { arrangementsOf } from './account-state';

/** When the event of a payment day starts, on the agency's clock. */
const EVENT_HOUR = 9;
const EVENT_MINUTES = 30;

export interface PlanCalendar {
  /** The .ics text. */
  text: string;
  /** The account's last 4 digits, for the file name. */
  last4: string;
  events: number;
}

export async function planCalendar(
  ctx: PortalContext,
  account: AccountRow,
  catalog: MessageCatalog,
  language: Language,
  agency: string,
): Promise<PlanCalendar> {
  const today = ctx.today();
  const active = activeArrangement(await arrangementsOf(ctx.db, account.id));
  const payments = (active?.payments ?? [])
    .filter((p) => p.status === 'PostDate' && p.pay_date >= today)
    .sort((a, b) => (a.pay_date < b.pay_date ? -1 : a.pay_date > b.pay_date ? 1 : a.id - b.id));
  if (!active || payments.length === 0) throw new ApiError(404, 'noPlanPayments');
  const last4 = account.account_number.replace(/[^0-9A-Za-z]/g, '').slice(-4);
  const text = (key: Parameters<MessageCatalog['message']>[0], amount = '') =>
    catalog.message(key, language, { amount, last4, agency });
  const events: EventAttributes[] = payments.map((payment) => {
    const amount = formatCents(payment.amount_cents, language);
    return {
      uid: `arrangement-payment-${payment.id}@debt-portal`,
      start: zonedInstant(payment.pay_date, EVENT_HOUR, 0, ctx.timeZone).getTime(),
      startInputType: 'utc',
      startOutputType: 'utc',
      duration: { minutes: EVENT_MINUTES },
      title: text('calendar.summary', amount),
      description: text('calendar.description', amount),
      calName: text('calendar.name'),
      productId: 'debt-portal/plan-calendar',
      status: 'CONFIRMED',
      busyStatus: 'FREE',
      alarms: [
        {
          action: 'display',
          description: text('calendar.reminder', amount),
          // 24 hours, not 1 day: `ics` writes a days-only duration as `P1DT`, which RFC 5545's
          // grammar does not allow (a `T` must be followed by a time).
          trigger: { hours: 24, before: true },
        },
      ],
    };
  });
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error('the calendar could not be made');
  return { text: value, last4, events: events.length };
}
