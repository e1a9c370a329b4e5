/**
 * "Add a card or bank account" on the funding stage. Its dialog (tabs, two engine forms, the card
 * check) loads when first opened and then stays mounted: it closes through `open`.
 */
import { Suspense, lazy, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { FormData } from '@/engine/form/flow';
import type { FundingMethod } from '@/web/api/funding-methods';
import type { PaymentData } from '../utils/payment-model';

const AddMethodDialog = lazy(() => import('./add-method-dialog'));

const useStyles = makeStyles({
  row: { display: 'flex', width: '100%', marginBottom: tokens.spacingVerticalM },
  open: { minHeight: '32px' },
});

interface Props {
  data: PaymentData;
  contact: FormData;
  onAdded: (method: FundingMethod) => void;
}

export function AddMethod({ data, contact, onAdded }: Props) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const { allowCreditCard, allowDebitCard, allowBankAccount } = data.settings;
  if (!allowCreditCard && !allowDebitCard && !allowBankAccount) return null;
  return (
    <>
      <div className={styles.row}>
        <Button
          className={styles.open}
          onClick={() => {
            setMounted(true);
            setOpen(true);
          }}
          data-testid="add-method"
        >
          {t('payment.funding.add')}
        </Button>
      </div>
      {mounted && (
        <Suspense fallback={null}>
          <AddMethodDialog
            data={data}
            contact={contact}
            onAdded={onAdded}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
