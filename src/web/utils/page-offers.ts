/**
 * The pages offered at a place of the account screens (issue 22): every page file of flows/pages
 * whose `offer` names the place and whose `when` holds, as a link to its address for the account
 * (its route with `:accountNumber`), in `order`. Whether a place shows the links at all (an open
 * account with a plan that can be changed online) is decided by the screen (PageOffers).
 */
import type { FormPageFile } from '../../generated/types/meta/page';
import { test, type JsonLogic } from '../../engine/rules/json-logic';
import {
  OFFER_FACT_NAMES as FACT_NAMES,
  offerRoute,
  type OfferFactName,
} from '@/domain/page-names';

/** Where an offer may be shown: the account page's plan section, the urgent-state notice. */
export type OfferPlace = NonNullable<FormPageFile['offer']>['places'][number];

/** The facts an offer's `when` reads (schemas/meta/page.schema.json `offer`). */
export interface OfferFacts {
  place: OfferPlace;
  /** The account (Account/Detailed's, or the dashboard's overview). */
  account: unknown;
  /** The plan shown (domain ActiveArrangement); null without one. */
  arrangement: unknown;
  /** The id of the account's urgent state (flows/rules/urgent-state.json). */
  urgentState: string | null;
}

/** The facts' names (src/domain/page-names.ts, which the checks of flows files read). */
export const OFFER_FACT_NAMES: readonly (keyof OfferFacts)[] = FACT_NAMES;
// Every fact has a name in the list (and, by the line above, every name is a fact).
const _allNamed: keyof OfferFacts extends OfferFactName ? true : never = true;

export interface PageOffer {
  /** The page file's name. */
  name: string;
  /** The link's text key. */
  text: string;
  to: string;
}

export { offerRoute };

/** The pages offered at `facts.place` for the account, with their addresses, in `order`. */
export function pageOffers(
  pages: Record<string, FormPageFile>,
  accountNumber: string,
  facts: OfferFacts,
): PageOffer[] {
  return Object.entries(pages)
    .flatMap(([name, page]) => {
      const offer = page.offer;
      const route = offerRoute(page.routes);
      if (!offer || !route || !offer.places.includes(facts.place)) return [];
      if (offer.when !== undefined && !test(offer.when as JsonLogic, facts)) return [];
      const to = `/${route.replace(':accountNumber', encodeURIComponent(accountNumber))}`;
      return [{ name, text: offer.text, to, order: offer.order ?? 0 }];
    })
    .sort((a, b) => a.order - b.order)
    .map(({ name, text, to }) => ({ name, text, to }));
}
