/**
 * The pages offered at a place of the account screens (issue 22: the plan changes), as links to
 * their addresses for the account: every page file of flows/pages whose `offer` names the place
 * (src/web/utils/page-offers.ts). A screen shows them for an open account with a plan; when that
 * plan cannot be changed online it shows the number to call instead (or nothing, where a notice
 * of the same screen already says so).
 */
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { FormPageFile } from '@/generated/types/meta/page';
import { ButtonLink } from '@/web/components/button-link';
import { PhoneSentence } from '@/web/components/phone-sentence';
import { RouterLink } from '@/web/components/router-link';
import { portalConfig } from '@/web/lib/config';
import { pageOffers, type OfferFacts, type OfferPlace } from '@/web/utils/page-offers';

const useStyles = makeStyles({
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  button: { minHeight: '32px' },
  links: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  // WCAG 2.5.8: at least 24 px high.
  link: { display: 'inline-flex', alignItems: 'center', minHeight: '24px' },
  text: { margin: 0 },
});

/** How each place draws its offers, and the test ids of the list and its links. */
const PLACES: Record<OfferPlace, { look: 'buttons' | 'links'; list: string; link: string }> = {
  plan: { look: 'buttons', list: 'plan-change-offers', link: 'offer-' },
  urgent: { look: 'links', list: 'urgent-offers', link: 'urgent-offer-' },
};

export function PageOffers({
  place,
  accountNumber,
  facts,
  modifiable,
  phone,
}: {
  place: OfferPlace;
  accountNumber: string;
  facts: Omit<OfferFacts, 'place'>;
  /** The plan may be changed online: the links; otherwise the number to call, if given. */
  modifiable: boolean;
  /** The number to call instead of the links; absent: nothing instead (a notice says it). */
  phone?: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const pages = portalConfig().pages as Record<string, FormPageFile>;
  const offers = pageOffers(pages, accountNumber, { ...facts, place });
  const { look, list, link } = PLACES[place];
  if (offers.length === 0) return null;
  if (!modifiable) {
    if (!phone) return null;
    return (
      <Body1 as="p" className={styles.text} data-testid={`${list}-phone`}>
        <PhoneSentence textKey="account.notices.notModifiable.body" phone={phone} />
      </Body1>
    );
  }
  if (look === 'links') {
    return (
      <ul className={styles.links} data-testid={list}>
        {offers.map((offer) => (
          <li key={offer.name}>
            <RouterLink to={offer.to} className={styles.link} data-testid={`${link}${offer.name}`}>
              {t(offer.text)}
            </RouterLink>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className={styles.buttons} data-testid={list}>
      {offers.map((offer) => (
        <ButtonLink
          key={offer.name}
          to={offer.to}
          className={styles.button}
          data-testid={`${link}${offer.name}`}
        >
          {t(offer.text)}
        </ButtonLink>
      ))}
    </div>
  );
}
