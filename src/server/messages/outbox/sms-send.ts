/**
 * Texts through the outbox (issue 43): a claimed `sms` row is sent with the SMS provider
 * (../sms/provider.ts; the HTTP sandbox in development and tests) to the number it was made for,
 * with the portal's message id as the provider's idempotency key (a send retried after a lost
 * answer texts nobody twice). Before the send the law's checks are made again: a hold on the
 * account, texts turned off, and recorded text consent for that number with no stop since (a
 * reply STOP that came after the message was made stops it); then the schedule and contact hours
 * (send-checks.ts). The provider's answer settles the row as e-mail's does (queue.ts): sent with
 * the provider's id, retried with backoff when the provider may take it later (a timeout, 429,
 * 5xx), `bounced` when it refused the number for good. Delivery receipts come later
 * (../sms/status.ts).
 */
import type { Db } from '../../db/types';
import { smsTarget } from './build';
import { checkBeforeSend } from './send-checks';
import { settleMessage, skipMessage } from './queue';
import type { EmailOutcome } from './smtp';
import type { MessagesTable } from './tables';
import { SmsSendError, type SmsProvider } from '../sms/provider';

/** Sends one claimed text and settles it; false when it was not sent. */
export async function deliverSms(
  db: Db,
  provider: SmsProvider,
  row: MessagesTable,
  owner: string,
  now: () => Date,
): Promise<boolean> {
  const subject = await db
    .selectFrom('accounts')
    .innerJoin('debtors', 'debtors.id', 'accounts.debtor_id')
    .select(['accounts.holds', 'debtors.id', 'debtors.allow_sms', 'debtors.pref_sms'])
    .where('accounts.account_number', '=', row.account_number ?? '')
    .executeTakeFirst();
  const target = subject ? await smsTarget(db, subject, subject.holds) : null;
  const refusal = !target
    ? 'noAddress'
    : 'refusal' in target
      ? target.refusal
      : // Consent is for the number the message was made for; another number is another message.
        target.phone === row.address
        ? null
        : 'noConsent';
  if (refusal) {
    await skipMessage(db, row.id, owner, refusal, now());
    return false;
  }
  const check = await checkBeforeSend(db, row, owner, now());
  if (check !== 'send') return false;
  if (!row.address || !row.sms) {
    // Kept, not sent (handed back, it would be claimed again at once).
    await skipMessage(db, row.id, owner, row.address ? 'noRender' : 'noAddress', now());
    return false;
  }
  let outcome: EmailOutcome;
  try {
    const { providerMessageId } = await provider.send({
      to: row.address,
      body: row.sms,
      messageId: row.id,
    });
    outcome = { result: 'sent', providerId: providerMessageId };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 200);
    outcome =
      error instanceof SmsSendError && !error.retryable
        ? { result: 'bounced', error: message }
        : { result: 'retry', error: message };
  }
  // A number refused for good is not an e-mail address to mark bounced: no address to settle.
  const settled = await settleMessage(db, { ...row, address: null }, owner, outcome, now());
  return settled === 'sent';
}
