import {
  Badge,
  Body1,
  Subtitle2,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/domain/money';
import { ButtonLink } from '@/web/components/button-link';
import { InfoList } from '@/web/components/info-list';
import { Panel } from '@/web/components/panel';
import { useLanguage } from '@/web/hooks/use-language';
import { formatDate } from '@/web/utils/format-date';
import type { OptionView } from '@/web/utils/letter-option-state';

const useStyles = makeStyles({
  card: {
    height: '100%',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXL,
    gap: tokens.spacingVerticalM,
  },
  // Faded without opacity, so every text keeps its contrast.
  faded: {
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground3,
    boxShadow: 'none',
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
  },
  label: { alignSelf: 'flex-start' },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  title: { margin: 0 },
  amount: {
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  savings: {
    margin: 0,
    color: tokens.colorPaletteGreenForeground1,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
  },
  footer: { marginTop: 'auto' },
  action: { minHeight: '44px' },
});

/** One settlement option of a letter; faded and not selectable once a payment day has passed. */
export function LetterOptionCard({
  view,
  accountNumber,
}: {
  view: OptionView;
  accountNumber: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { option, due, disabled } = view;
  const money = (dollars: number) => formatUsd(dollars, language);
  const number = option.optionNumber;
  const dueText =
    due.kind === 'due'
      ? t('letter.option.due', { date: formatDate(due.date, language) })
      : due.kind === 'expiredDaysAgo'
        ? t('letter.option.expiredDaysAgo', { count: due.days })
        : t('letter.option.expiredOn', { date: formatDate(due.date, language) });
  const items = [
    {
      label: t('letter.option.firstPayment'),
      value: view.firstPaymentDate ? formatDate(view.firstPaymentDate, language) : '—',
      testId: 'first-payment',
    },
    {
      label: t('letter.option.lastPayment'),
      value: view.lastPaymentDate ? formatDate(view.lastPaymentDate, language) : '—',
      testId: 'last-payment',
    },
  ];
  const search = new URLSearchParams({
    letterId: String(option.letterId),
    optionId: String(option.letterOptionId),
  });
  const headingId = `letter-option-${option.letterOptionId}`;

  return (
    <Panel
      className={mergeClasses(styles.card, disabled && styles.faded)}
      data-testid="letter-option"
      data-disabled={disabled}
      aria-disabled={disabled || undefined}
      aria-labelledby={headingId}
      role="group"
    >
      <div className={styles.header}>
        <Subtitle2 as="h3" id={headingId} className={styles.title}>
          {t('letter.option.title', { number })}
        </Subtitle2>
        <Badge appearance="tint" color="success" data-testid="discount">
          {t('letter.option.discount', { percent: view.discountPercent })}
        </Badge>
      </div>
      <div>
        <Body1>{t('letter.option.settlementAmount')}</Body1>
        <div className={styles.amount} data-testid="settlement-amount">
          {money(option.settlementAmount)}
        </div>
        {view.savings > 0 && (
          <p className={styles.savings} data-testid="option-savings">
            {t('letter.option.savings', { amount: money(view.savings) })}
          </p>
        )}
        <Body1 as="p">
          {t('letter.option.payments', {
            count: option.numberOfPayments,
            amount: money(option.paymentAmount),
          })}
        </Body1>
      </div>
      <InfoList items={items} />
      <Badge
        className={styles.label}
        appearance="outline"
        color={due.kind === 'due' ? 'informative' : 'danger'}
        data-testid="due-label"
      >
        {dueText}
      </Badge>
      <div className={styles.footer}>
        {disabled ? (
          <Body1 as="p" data-testid="option-unavailable">
            {t('letter.option.unavailable')}
          </Body1>
        ) : (
          <ButtonLink
            className={styles.action}
            appearance="primary"
            to={`/accounts/${encodeURIComponent(accountNumber)}/payment/letter?${search.toString()}`}
            aria-label={t('letter.option.chooseFor', {
              number,
              amount: money(option.settlementAmount),
            })}
            data-testid="choose-option"
          >
            {t('letter.option.choose')}
          </ButtonLink>
        )}
      </div>
    </Panel>
  );
}
