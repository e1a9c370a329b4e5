/**
 * The pages offered at a place of the account screens (issue 22): every page file of flows/pages
 * whose `offer` names the place and whose `when` holds, as a link to its address for the account
 * (its route with `:accountNumber`), in `order`. Whether a place shows the links at all (an open
 * account with a plan that can be changed online) is decided by the screen (PageOffers).
 */
import type { FormPageFile } from '../../generated/types/meta/page';
import { test, type JsonLogic } from '../../engine/rules/json-logic';

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

export const OFFER_FACT_NAMES: readonly (keyof OfferFacts)[] = [
  'place',
  'account',
  'arrangement',
  'urgentState',
];

export interface PageOffer {
  /** The page file's name. */
  name: string;
  /** The link's text key. */
  text: string;
  to: string;
}

/** The route path of a page that an offer links to: the first with `:accountNumber`. */
export function offerRoute(routes: readonly { path: string }[]): string | undefined {
  return routes.find((candidate) => candidate.path.includes(':accountNumber'))?.path;
}

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
