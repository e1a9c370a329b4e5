import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { SchemaForm } from '../../../../engine/form/SchemaForm';
import { loadPrecompiled } from '../../../../engine/form/precompiled';
import * as disputeModule from '../../../../generated/validators/dispute';
import { useAccountDetailed } from '../../../api/account-detailed';
import { useSubmitDispute } from '../../../api/dispute-submit';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { useNotify } from '../../../components/notify';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { RouterLink } from '../../../components/router-link';
import { SubmitError } from '../../../components/submit-error';
import { isApiError } from '../../../lib/api';
import { portalConfig } from '../../../lib/config';

const dispute = loadPrecompiled(disputeModule);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', maxWidth: '760px', width: '100%' },
  back: { marginBottom: tokens.spacingVerticalS, alignSelf: 'flex-start' },
  extras: { marginTop: tokens.spacingVerticalM },
});

/** The dispute form (flows/forms/dispute.json); success returns to the account with a toast. */
export default function DisputePage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { accountNumber = '' } = useParams();
  const detailed = useAccountDetailed(accountNumber);
  const submit = useSubmitDispute();
  const [failed, setFailed] = useState(false);

  if (isApiError(detailed.error, 404)) return <Navigate to="/" replace />;
  if (detailed.isError) return <QueryError />;
  if (!detailed.data) return <DelayedSpinner />;
  const { account } = detailed.data;
  // A closed (or end-of-process) account cannot be disputed online.
  if (account.isClosed || account.isEop) return <Navigate to="/" replace />;
  const accountPath = `/accounts/${encodeURIComponent(account.accountNumber)}`;

  return (
    <div className={styles.page}>
      <div className={styles.back}>
        <RouterLink to={accountPath}>{t('dispute.back')}</RouterLink>
      </div>
      <PageHeader
        title={t('dispute.title')}
        description={t('dispute.description', { accountNumber: account.accountNumber })}
      />
      <Panel>
        <SchemaForm
          id="dispute"
          flow={portalConfig().forms.dispute!}
          schema={dispute.schema}
          validator={dispute.validator}
          formData={{ accountNumber: account.accountNumber }}
          busy={submit.isPending}
          onSubmit={(data) => {
            setFailed(false);
            submit.mutate(data, {
              onSuccess: ({ confirmation }) => {
                notify({
                  intent: 'success',
                  titleKey: 'dispute.success.title',
                  bodyKey: confirmation ? 'dispute.success.body' : undefined,
                  values: confirmation ? { confirmation } : undefined,
                });
                void navigate(accountPath);
              },
              onError: () => setFailed(true),
            });
          }}
        >
          <div className={styles.extras}>
            <SubmitError
              id="dispute-error"
              titleKey="errors.page.title"
              textKey={failed ? 'dispute.error.text' : null}
            />
          </div>
        </SchemaForm>
      </Panel>
    </div>
  );
}
