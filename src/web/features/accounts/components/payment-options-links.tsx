import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { OptionVariant } from '@/domain/payment-options';
import type { OptionGroupRules } from '@/domain/rules';
import { localize } from '@/engine/i18n/split';
import { RouterLink } from '@/web/components/router-link';
import { useLanguage } from '@/web/hooks/use-language';
import { SectionPanel } from './section-panel';

const useStyles = makeStyles({
  list: {
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXL,
    display: 'grid',
    gap: tokens.spacingVerticalS,
  },
});

/** One link per payment option the rules offer (labels from flows/rules/payment-options.json). */
export function PaymentOptionsLinks({
  accountNumber,
  options,
  rules,
}: {
  accountNumber: string;
  options: readonly OptionVariant[];
  rules: OptionGroupRules;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const base = `/accounts/${encodeURIComponent(accountNumber)}`;
  return (
    <SectionPanel id="payment-options" title={t('account.options.heading')}>
      {options.length === 0 ? (
        <Body1 as="p">{t('account.options.none')}</Body1>
      ) : (
        <>
          <ul className={styles.list}>
            {options.map((variant) => (
              <li key={variant} data-variant={variant}>
                <RouterLink to={`${base}/payment/${variant}`}>
                  {localize(rules.outcomes[variant]?.label, language) ?? variant}
                </RouterLink>
              </li>
            ))}
          </ul>
          <RouterLink to={`${base}/paymentOptions`}>{t('account.options.all')}</RouterLink>
        </>
      )}
    </SectionPanel>
  );
}
