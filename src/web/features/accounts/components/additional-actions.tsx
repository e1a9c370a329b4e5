import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/web/components/button-link';
import { SectionPanel } from './section-panel';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

/** Report bankruptcy (disabled with a label once reported) and file a dispute. */
export function AdditionalActions({
  accountNumber,
  bankruptcyReported,
}: {
  accountNumber: string;
  bankruptcyReported: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const base = `/accounts/${encodeURIComponent(accountNumber)}`;
  return (
    <SectionPanel id="additional-actions" title={t('account.actions.heading')}>
      <div className={styles.actions}>
        {bankruptcyReported ? (
          <Button disabledFocusable data-testid="bankruptcy-reported">
            {t('account.actions.bankruptcyReported')}
          </Button>
        ) : (
          <ButtonLink to={`${base}/bankruptcy`} data-testid="report-bankruptcy">
            {t('account.actions.reportBankruptcy')}
          </ButtonLink>
        )}
        <ButtonLink to={`${base}/dispute`} data-testid="file-dispute">
          {t('account.actions.fileDispute')}
        </ButtonLink>
      </div>
    </SectionPanel>
  );
}
