import type { Translate } from './payment-model';

/**
 * The message for SubmitPayment's error codes (spec section 8): the text of the first code that
 * has one in flows/texts/payment.json (`errors.<code>`, the processor's codes as it sends them),
 * else the unknown error listing every code; no code at all is the generic failure.
 */
export function paymentErrorMessage(
  codes: readonly string[],
  t: Translate,
  i18n: { exists: (key: string) => boolean },
): string {
  if (codes.length === 0) return t('payment.errors.fallback');
  const known = codes.find(
    (code) => code !== 'unknown' && code !== 'fallback' && i18n.exists(`payment.errors.${code}`),
  );
  return known
    ? t(`payment.errors.${known}`)
    : t('payment.errors.unknown', { errors: codes.join(', ') });
}
