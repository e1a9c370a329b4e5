import { useState } from 'react';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { SchemaForm } from '../../../../engine/form/SchemaForm';
import { loadPrecompiled } from '../../../../engine/form/precompiled';
import { formatPhone } from '../../../../engine/form/theme/format';
import * as bankruptcyModule from '../../../../generated/validators/bankruptcy';
import { useAccountDetailed } from '../../../api/account-detailed';
import { useSubmitBankruptcy } from '../../../api/bankruptcy-submit';
import { usePaymentSettings } from '../../../api/payment-settings';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { useNotify } from '../../../components/notify';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { RouterLink } from '../../../components/router-link';
import { SubmitError } from '../../../components/submit-error';
import { isApiError } from '../../../lib/api';
import { portalConfig } from '../../../lib/config';
import { agencyToday } from '../../../utils/account-rules';
import { debtorFullName } from '../../../utils/debtor-name';
import { bankruptcyFormData } from '../utils/bankruptcy-form-data';

const bankruptcy = loadPrecompiled(bankruptcyModule);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', maxWidth: '760px', width: '100%' },
  back: { marginBottom: tokens.spacingVerticalS, alignSelf: 'flex-start' },
  extras: { marginTop: tokens.spacingVerticalM },
});

/**
 * The bankruptcy notice (flows/forms/bankruptcy.json): once per account. Success goes back to the
 * account with a toast; a closed account goes to the dashboard.
 */
export default function BankruptcyPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { accountNumber = '' } = useParams();
  const detailed = useAccountDetailed(accountNumber);
  const settings = usePaymentSettings(accountNumber);
  const submit = useSubmitBankruptcy();
  const [errorKey, setErrorKey] = useState<string | null>(null);

  if (isApiError(detailed.error, 404)) return <Navigate to="/" replace />;
  if (detailed.isError) return <QueryError />;
  if (!detailed.data) return <DelayedSpinner />;
  const { account, debtor } = detailed.data;
  if (account.isClosed || account.isEop) return <Navigate to="/dashboard" replace />;
  const accountPath = `/accounts/${encodeURIComponent(account.accountNumber)}`;
  const phone = [account.supportPhoneNumber, settings.data?.supportPhoneNumber].find(
    (value) => value && value.trim() !== '',
  );
  const context = {
    supportPhone: phone ? formatPhone(phone) : t('account.defaultSupportPhone'),
    name: debtorFullName(debtor),
  };

  return (
    <div className={styles.page}>
      <div className={styles.back}>
        <RouterLink to={accountPath}>{t('bankruptcy.back')}</RouterLink>
      </div>
      <PageHeader
        title={t('bankruptcy.title')}
        description={t('bankruptcy.description', { accountNumber: account.accountNumber })}
      />
      {account.bankruptcyReported ? (
        <MessageBar intent="info" data-testid="bankruptcy-already-reported">
          <MessageBarBody>{t('bankruptcy.alreadyReported')}</MessageBarBody>
        </MessageBar>
      ) : (
        <Panel>
          <SchemaForm
            id="bankruptcy"
            flow={portalConfig().forms.bankruptcy!}
            schema={bankruptcy.schema}
            validator={bankruptcy.validator}
            formData={bankruptcyFormData(account.accountNumber, debtor)}
            context={context}
            today={agencyToday()}
            busy={submit.isPending}
            onSubmit={(data) => {
              setErrorKey(null);
              submit.mutate(data, {
                onSuccess: () => {
                  notify({
                    intent: 'success',
                    titleKey: 'bankruptcy.success.title',
                    bodyKey: 'bankruptcy.success.body',
                  });
                  void navigate(accountPath);
                },
                onError: (error) =>
                  setErrorKey(
                    isApiError(error, 409) ? 'bankruptcy.alreadyReported' : 'bankruptcy.error.text',
                  ),
              });
            }}
          >
            <div className={styles.extras}>
              <SubmitError id="bankruptcy-error" titleKey="errors.page.title" textKey={errorKey} />
            </div>
          </SchemaForm>
        </Panel>
      )}
    </div>
  );
}
