/**
 * The confirmation (spec section 2 success page): the confirmation code, what was paid or
 * scheduled, what happens next and when (spec section 9), a print button (the print stylesheet
 * leaves out the page's chrome), the debtor's copy of the authorization as a PDF, and the way back.
 * Reached only after a payment: without one in this tab it goes to the account.
 */
import { useState } from 'react';
import {
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { saveFile } from '@/web/lib/save-file';
import { Navigate } from 'react-router-dom';
import { formatLongDay } from '@/domain/dates';
import { formatCents } from '@/domain/money';
import { planSentence, planSummary } from '@/domain/plan-summary';
import { formatPhone } from '@/engine/form/theme/format';
import type { PaymentVariant } from '@/domain/payment-options';
import { ButtonLink } from '@/web/components/button-link';
import { PageHeader } from '@/web/components/page-header';
import { Panel } from '@/web/components/panel';
import { useLanguage } from '@/web/hooks/use-language';
import { useRole } from '@/web/hooks/use-role';
import { authorizationCopy } from '../api/payment-api';
import { loadPayment } from '../utils/payment-store';

const useStyles = makeStyles({
  panel: { gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalXXL },
  code: {
    margin: 0,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
    letterSpacing: '0.04em',
    overflowWrap: 'anywhere',
  },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  action: { minHeight: '44px' },
});

interface Props {
  storageKey: string;
  accountNumber: string;
  variant: PaymentVariant;
}

export function PaymentSuccess({ storageKey, accountNumber }: Props) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const role = useRole();
  const [outcome] = useState(() => loadPayment(storageKey).outcome);
  const [downloadFailed, setDownloadFailed] = useState(false);
  if (!outcome) return <Navigate to={`/accounts/${encodeURIComponent(accountNumber)}`} replace />;

  const total = outcome.schedule.reduce((sum, p) => sum + p.cents, 0);
  const first = outcome.schedule[0];
  // More than one payment: what each payment takes, the last named when it differs.
  const plan =
    outcome.schedule.length > 1 ? planSummary(outcome.schedule.map((p) => p.cents)) : null;
  const download = async () => {
    setDownloadFailed(false);
    try {
      const blob = await authorizationCopy(accountNumber, outcome.confirmation);
      if (!blob) throw new Error('no file');
      saveFile(blob, `authorization-${outcome.confirmation}.pdf`);
    } catch {
      setDownloadFailed(true);
    }
  };

  return (
    <>
      <PageHeader
        title={
          outcome.chargedToday ? t('payment.success.title') : t('payment.success.titleScheduled')
        }
      />
      <Panel className={styles.panel} data-testid="payment-success">
        <div>
          <Body1 as="p">{t('payment.success.code')}</Body1>
          <p className={styles.code} data-testid="confirmation-code">
            {outcome.confirmation}
          </p>
        </div>
        <Body1 as="p" data-testid="payment-summary">
          {plan
            ? planSentence(plan, 'payment.success.plan', language, t, {
                method: outcome.method,
                first: first ? formatLongDay(first.date, language) : '',
              })
            : t('payment.success.summary', {
                count: outcome.schedule.length,
                total: formatCents(total, language),
                method: outcome.method,
                first: first ? formatLongDay(first.date, language) : '',
              })}
        </Body1>
        <section aria-labelledby="payment-next">
          <Subtitle2 as="h2" id="payment-next">
            {t('payment.success.nextTitle')}
          </Subtitle2>
          <ul className={styles.list}>
            <li>{t('payment.success.nextProcessing')}</li>
            {outcome.methodType === 'bank' && <li>{t('payment.success.nextBank')}</li>}
            <li>{t('payment.success.nextChange', { phone: formatPhone(outcome.supportPhone) })}</li>
          </ul>
        </section>
        {downloadFailed && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{t('payment.success.downloadFailed')}</MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.actions} data-print="hide">
          <Button
            className={styles.action}
            onClick={() => void download()}
            data-testid="download-authorization"
          >
            {t('payment.success.download')}
          </Button>
          <Button className={styles.action} onClick={() => window.print()}>
            {t('payment.success.print')}
          </Button>
          {role === 'account' ? (
            <ButtonLink className={styles.action} appearance="primary" to="/dashboard">
              {t('payment.success.dashboard')}
            </ButtonLink>
          ) : (
            <ButtonLink className={styles.action} appearance="primary" to="/login">
              {t('payment.success.signIn')}
            </ButtonLink>
          )}
        </div>
      </Panel>
    </>
  );
}
