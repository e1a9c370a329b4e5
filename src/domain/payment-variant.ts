/**
 * A payment variant's lookup on its own, without the journey's rules (src/domain/payment-journey.ts
 * re-exports it): the route guard of every page (src/web/app/guards.tsx) needs only this, and
 * importing it from the rules' module put the rules, the date library and its Spanish locale into
 * /login's first load.
 */
import type {
  PaymentJourneyFile,
  Variant as VariantConfig,
} from '../generated/types/meta/payment-journey';

/** The variant of an id, or undefined when the journey has none of that id (own keys only). */
export function variantConfig(
  journey: Pick<PaymentJourneyFile, 'variants'>,
  id: string,
): VariantConfig | undefined {
  return Object.hasOwn(journey.variants, id) ? journey.variants[id] : undefined;
}
