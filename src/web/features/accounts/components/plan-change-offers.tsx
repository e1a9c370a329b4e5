/**
 * The plan changes offered where the debtor looks (issue 22): every page file of flows/pages with
 * an `offer` in the plan section, as a link to its address for this account, in `order`. Only for
 * a plan that can be changed online (the account page decides); `when` reads the plan shown.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { FormPageFile } from '@/generated/types/meta/page';
import { test, type JsonLogic } from '@/engine/rules/json-logic';
import { ButtonLink } from '@/web/components/button-link';
import { portalConfig } from '@/web/lib/config';

const useStyles = makeStyles({
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  link: { minHeight: '32px' },
});

/** The offered pages of a place, with their addresses for the account. */
export function planChangeOffers(
  place: 'plan',
  accountNumber: string,
  facts: Record<string, unknown>,
): { name: string; text: string; to: string }[] {
  const pages = portalConfig().pages as Record<string, FormPageFile>;
  return Object.entries(pages)
    .filter(([, page]) => page.offer?.place === place)
    .filter(
      ([, page]) => page.offer?.when === undefined || test(page.offer.when as JsonLogic, facts),
    )
    .sort(([, a], [, b]) => (a.offer?.order ?? 0) - (b.offer?.order ?? 0))
    .flatMap(([name, page]) => {
      const route = page.routes.find((candidate) => candidate.path.includes(':accountNumber'));
      if (!route || !page.offer) return [];
      const to = `/${route.path.replace(':accountNumber', encodeURIComponent(accountNumber))}`;
      return [{ name, text: page.offer.text, to }];
    });
}

export function PlanChangeOffers({
  accountNumber,
  facts,
}: {
  accountNumber: string;
  facts: Record<string, unknown>;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const offers = planChangeOffers('plan', accountNumber, facts);
  if (offers.length === 0) return null;
  return (
    <div className={styles.links} data-testid="plan-change-offers">
      {offers.map((offer) => (
        <ButtonLink
          key={offer.name}
          to={offer.to}
          className={styles.link}
          data-testid={`offer-${offer.name}`}
        >
          {t(offer.text)}
        </ButtonLink>
      ))}
    </div>
  );
}
