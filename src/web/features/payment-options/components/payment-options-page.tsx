import { Body1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { formatUsd } from '../../../../domain/money';
import { localize } from '../../../../engine/i18n/split';
import { useAccountOptions } from '../../../api/account-options';
import { ButtonLink } from '../../../components/button-link';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { RouterLink } from '../../../components/router-link';
import { useLanguage } from '../../../hooks/use-language';
import { isApiError } from '../../../lib/api';
import { accountRules } from '../../../utils/account-rules';

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(280px, 100%), 1fr))',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  card: {
    height: '100%',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXL,
    gap: tokens.spacingVerticalM,
  },
  title: { margin: 0 },
  description: { margin: 0, color: tokens.colorNeutralForeground2 },
  action: { marginTop: 'auto', alignSelf: 'flex-start' },
});

/**
 * The payment option picker: one card per option the rules offer. A missing or closed account
 * goes home; an account without options goes to its details.
 */
export default function PaymentOptionsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { accountNumber = '' } = useParams();
  const { detailed, options } = useAccountOptions(accountNumber);

  if (isApiError(detailed.error, 404)) return <Navigate to="/" replace />;
  if (detailed.isError) return <QueryError />;
  if (!detailed.data || !options) return <DelayedSpinner />;
  const { account } = detailed.data;
  if (account.isClosed) return <Navigate to="/" replace />;
  const base = `/accounts/${encodeURIComponent(account.accountNumber)}`;
  if (options.length === 0) return <Navigate to={base} replace />;
  const rules = accountRules().paymentOptions;

  return (
    <div className={styles.layout}>
      <RouterLink to={base}>
        {t('payment-options.back', { accountNumber: account.accountNumber })}
      </RouterLink>
      <PageHeader
        title={t('payment-options.title')}
        description={t('payment-options.intro', {
          accountNumber: account.accountNumber,
          balance: formatUsd(account.balance, language),
        })}
      />
      <ul className={styles.list} aria-label={t('payment-options.listLabel')}>
        {options.map((variant) => {
          const label = localize(rules.outcomes[variant]?.label, language) ?? variant;
          const headingId = `payment-option-${variant}`;
          return (
            <li key={variant} data-testid="payment-option" data-variant={variant}>
              <Panel className={styles.card} role="group" aria-labelledby={headingId}>
                <Subtitle2 as="h2" id={headingId} className={styles.title}>
                  {label}
                </Subtitle2>
                <Body1 as="p" className={styles.description}>
                  {t(`payment-options.descriptions.${variant}`)}
                </Body1>
                <ButtonLink
                  className={styles.action}
                  appearance="primary"
                  to={`${base}/payment/${variant}`}
                  aria-label={t('payment-options.chooseFor', { option: label })}
                >
                  {t('payment-options.choose')}
                </ButtonLink>
              </Panel>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
