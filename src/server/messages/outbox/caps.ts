/**
 * The cap on reminders (issue 43): a debtor gets at most `messages.remindersPer7Days` reminders
 * (the scheduled kinds: a plan payment coming, an offer ending) in any 7 days, as the account's
 * client sets it in flows/clients/<code>.json, else flows/clients/default.json. A reminder is one
 * payment or offer, whatever its channels: its e-mail and its text count once. A reminder over the
 * cap is recorded `skipped` with reason `capped` (evidence of why nothing went out). Messages the
 * debtor's own actions make (a receipt, a plan set up) are not reminders and are never capped.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { BuildSettings } from './build';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * When neither the client's file nor default.json says: 3 a week (the safe side of Reg F's
 * 7-in-7 presumption for calls, which it does not set for e-mail and texts).
 */
export const FALLBACK_REMINDERS_PER_7_DAYS = 3;

interface ClientMessages {
  messages?: { remindersPer7Days?: number };
}

/** The client's cap (its file, else default.json, else the fallback). */
export function reminderCap(config: BuildSettings['config'], client: string): number {
  const clients = (config.clients ?? {}) as Record<string, ClientMessages | undefined>;
  const own = Object.hasOwn(clients, client) ? clients[client] : undefined;
  return (
    own?.messages?.remindersPer7Days ??
    clients.default?.messages?.remindersPer7Days ??
    FALLBACK_REMINDERS_PER_7_DAYS
  );
}

/** The kinds whose trigger is a schedule (the reminders). */
export function reminderKinds(config: BuildSettings['config']): string[] {
  return Object.entries(config.messages ?? {})
    .filter(([, file]) => {
      const trigger = (file as { trigger?: object }).trigger;
      return typeof trigger === 'object' && 'schedule' in trigger;
    })
    .map(([name]) => name);
}

/** Whether one more reminder (`source`) would pass the debtor's cap for the last 7 days. */
export async function overCap(
  db: Transaction<Database> | Kysely<Database>,
  settings: BuildSettings,
  debtorId: number,
  client: string,
  source: string,
): Promise<boolean> {
  const kinds = reminderKinds(settings.config);
  if (kinds.length === 0) return false;
  const since = new Date(settings.now.getTime() - WEEK_MS).toISOString();
  const rows = await db
    .selectFrom('messages')
    .select('source')
    .distinct()
    .where('debtor_id', '=', debtorId)
    .where('created_at', '>', since)
    .where('kind', 'in', kinds)
    .where('status', '!=', 'skipped')
    .where('source', '!=', source)
    .execute();
  return rows.length >= reminderCap(settings.config, client);
}
