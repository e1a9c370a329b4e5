/**
 * The dialog of "Add a card or bank account" on the funding stage (loaded when first opened): a
 * tab per kind of method the
 * client accepts (cards, bank accounts), each an engine form (flows/forms/card-funding.json,
 * bank-funding.json) with the name and address already given in the journey filled in. A card is
 * checked first (spec section 8 card-check messages at the card number), then created; on success
 * the new method is chosen for the payment and the dialog closes. The numbers typed here live only
 * in the dialog's form: the journey keeps the new method's id, never its number.
 */
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@/web/lib/query-client';
import { useTranslation } from 'react-i18next';
import type { FormData } from '@/engine/form/flow';
import { SchemaForm, type ExternalError } from '@/engine/form/SchemaForm';
import type { FundingMethod } from '@/web/api/funding-methods';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { isApiError } from '@/web/lib/api';
import { portalConfig } from '@/web/lib/config';
import { loadForm } from '@/web/lib/forms';
import { apiFieldErrors } from '@/web/utils/api-field-errors';
import { addFundingMethod, checkCard } from '../api/payment-api';
import type { PaymentData } from '../utils/payment-model';

type Kind = 'card' | 'bank';

const FORMS: Record<Kind, string> = { card: 'card-funding', bank: 'bank-funding' };

const CARD_CHECK_KEYWORD: Record<string, string> = {
  Invalid: 'invalid',
  CreditDisabled: 'creditDisabled',
  DebitDisabled: 'debitDisabled',
};

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  cancel: { alignSelf: 'flex-start' },
  surface: { maxWidth: '560px' },
});

interface Props {
  data: PaymentData;
  /** The contact stage's answers: the names and address the forms start with. */
  contact: FormData;
  onAdded: (method: FundingMethod) => void;
  open: boolean;
  onClose: () => void;
}

/** The kinds of method a client accepts, in the order of the dialog's tabs. */
function acceptedKinds(settings: PaymentData['settings']): Kind[] {
  return [
    ...(settings.allowCreditCard || settings.allowDebitCard ? (['card'] as const) : []),
    ...(settings.allowBankAccount ? (['bank'] as const) : []),
  ];
}

export default function AddMethodDialog({ data, contact, onAdded, open, onClose }: Props) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { allowCreditCard, allowDebitCard } = data.settings;
  const kinds = acceptedKinds(data.settings);
  const [kind, setKind] = useState<Kind>(kinds[0] ?? 'card');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<ExternalError[]>([]);
  const form = useQuery({
    queryKey: ['form', FORMS[kind]],
    queryFn: () => loadForm(FORMS[kind]),
    staleTime: Infinity,
    enabled: open,
  });
  if (kinds.length === 0) return null;

  const accepted = [
    ...(allowCreditCard ? [t('payment.funding.kinds.credit')] : []),
    ...(allowDebitCard ? [t('payment.funding.kinds.debit')] : []),
  ].join(', ');

  const initial: FormData = Object.fromEntries(
    Object.entries({
      firstName: contact.firstName,
      lastName: contact.lastName,
      addressLine1: contact.address1,
      addressLine2: contact.address2,
      city: contact.city,
      state: contact.state,
      zip: contact.zip,
    }).filter(([, value]) => typeof value === 'string' && value !== ''),
  );

  const close = () => {
    if (busy) return;
    onClose();
    setFailed(null);
    setFieldErrors([]);
  };

  const submit = async (values: FormData) => {
    setBusy(true);
    setFailed(null);
    setFieldErrors([]);
    try {
      if (kind === 'card') {
        const check = await checkCard(data.accountNumber, String(values.cardNumber ?? ''));
        if (check !== 'Ok') {
          const keyword = CARD_CHECK_KEYWORD[check];
          if (keyword) setFieldErrors([{ field: 'cardNumber', keyword }]);
          else setFailed(t('payment.funding.cardNotUsable'));
          return;
        }
      }
      const method = await addFundingMethod(kind, { accountNumber: data.accountNumber, ...values });
      onAdded(method);
      onClose();
    } catch (error) {
      const errors = apiFieldErrors(error);
      if (errors.length > 0) setFieldErrors(errors);
      else
        setFailed(
          isApiError(error) ? t('payment.funding.addFailed') : t('payment.funding.addFailed'),
        );
    } finally {
      setBusy(false);
    }
  };

  const flow = portalConfig().forms[FORMS[kind]];
  return (
    <Dialog open={open} onOpenChange={(_, state) => !state.open && close()}>
      <DialogSurface className={styles.surface} data-testid="add-method-dialog">
        <DialogBody>
          <DialogTitle>{t('payment.funding.dialogTitle')}</DialogTitle>
          <DialogContent className={styles.body}>
            {kinds.length > 1 && (
              <TabList
                selectedValue={kind}
                aria-label={t('payment.funding.tabsLabel')}
                onTabSelect={(_, selected) => {
                  setKind(selected.value as Kind);
                  setFailed(null);
                  setFieldErrors([]);
                }}
              >
                {kinds.map((k) => (
                  <Tab key={k} value={k}>
                    {t(`payment.funding.${k}`)}
                  </Tab>
                ))}
              </TabList>
            )}
            {kind === 'card' && (
              <Text>{t('payment.funding.cardsAccepted', { kinds: accepted })}</Text>
            )}
            {failed && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{failed}</MessageBarBody>
              </MessageBar>
            )}
            {form.data && flow ? (
              <SchemaForm
                waitInPlace
                key={kind}
                id={`add-${kind}`}
                flow={flow}
                schema={form.data.schema}
                validator={form.data.validator}
                formData={initial}
                today={data.today}
                busy={busy}
                externalErrors={fieldErrors}
                onSubmit={(values) => void submit(values)}
              />
            ) : (
              <DelayedSpinner />
            )}
            <Button
              className={styles.cancel}
              appearance="secondary"
              disabled={busy}
              onClick={close}
            >
              {t('payment.funding.cancel')}
            </Button>
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
