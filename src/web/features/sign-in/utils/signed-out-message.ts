import type { SessionEndReason } from '@/generated/types/api/error';
import { SESSION_DEFAULTS, type SessionConfig } from '@/web/lib/config';

export interface SignedOutMessage {
  /** The text key (flows/texts/sign-in.json `signedOut`). */
  key: `sign-in.signedOut.${SessionEndReason}`;
  /** Its placeholders: the idle limit in minutes, the absolute limit in hours. */
  values: { minutes: string; hours: string };
}

/**
 * What the sign-in page says about a session that ended for `reason`, with the limits the server
 * ends sessions by (the page config's `session` block) written as numbers of `language`.
 */
export function signedOutMessage(
  reason: SessionEndReason,
  language: string,
  limits: SessionConfig = SESSION_DEFAULTS,
): SignedOutMessage {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
  return {
    key: `sign-in.signedOut.${reason}`,
    values: {
      minutes: number.format(limits.idleMs / 60_000),
      hours: number.format(limits.maxMs / 3_600_000),
    },
  };
}
