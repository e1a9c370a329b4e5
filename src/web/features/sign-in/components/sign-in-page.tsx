import { Suspense, lazy, useEffect, useState } from 'react';
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as signInModule from '@/generated/validators/sign-in';
import { AuthCard } from '@/web/components/auth-card';
import { FormError } from '@/web/components/form-error';
import { RouterLink } from '@/web/components/router-link';
import { TermsNote } from '@/web/components/terms-note';
import { apiRequest } from '@/web/lib/api';
import { portalConfig } from '@/web/lib/config';
import { currentRole, lastPath, rememberActionId } from '@/web/lib/session';
import { useSignIn } from '../hooks/use-sign-in';
import { SignedOutNotice } from './signed-out-notice';
import { readSignInUrl } from '../utils/sign-in-url';
import type { SignInFormData } from '../utils/verify-identity-request';

// Only a few sign-ins need the extra SSN step: its dialog loads when asked for.
const SsnDialog = lazy(() => import('./ssn-dialog'));

const FORM_ID = 'sign-in';
const signIn = loadPrecompiled(signInModule);

const useStyles = makeStyles({
  links: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  formExtras: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  submitRow: { marginTop: tokens.spacingVerticalM },
});

export default function SignInPage() {
  // Decided once on arrival: the role changes mid-way through this page's own sign-in.
  const [signedInOnArrival] = useState(() => currentRole() === 'account');
  if (signedInOnArrival) return <Navigate to={lastPath() ?? '/dashboard'} replace />;
  return <SignInScreen />;
}

function SignInScreen() {
  const styles = useStyles();
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [urlParams] = useState(() => readSignInUrl(searchParams));
  const [initialData] = useState<SignInFormData | undefined>(() =>
    urlParams.accountNumber
      ? {
          option1: 'MRSAccountNumber',
          accountNumber: urlParams.accountNumber,
          accountFromUrl: true,
        }
      : undefined,
  );
  const controller = useSignIn();
  const flow = portalConfig().forms[FORM_ID]!;

  useEffect(() => {
    if (urlParams.actionId) rememberActionId(urlParams.actionId);
    // A message's link (issue 43): the studio counts it as opened. It signs no one in.
    if (urlParams.message && urlParams.accountNumber) {
      const body = { message: urlParams.message, accountNumber: urlParams.accountNumber };
      apiRequest('/api/v2/Messages/Click', { method: 'POST', body }).catch(() => undefined);
    }
    if (urlParams.cleanedSearch) setSearchParams(urlParams.cleanedSearch, { replace: true });
  }, [urlParams, setSearchParams]);

  return (
    <AuthCard
      title={t('sign-in.title')}
      description={t('sign-in.description')}
      notice={<SignedOutNotice />}
    >
      <SchemaForm
        id={FORM_ID}
        flow={flow}
        schema={signIn.schema}
        validator={signIn.validator}
        formData={initialData as Record<string, unknown> | undefined}
        busy={controller.busy}
        onSubmit={(data) => void controller.submit(data as SignInFormData)}
      >
        <div className={styles.formExtras}>
          <FormError id="sign-in-error" textKey={controller.errorKey} />
          <TermsNote action={flow.submit} />
        </div>
      </SchemaForm>
      <div className={styles.links}>
        <RouterLink to="/verify-letter">{t('sign-in.offerLink')}</RouterLink>
        <Body1>
          {t('sign-in.helpPrompt')}{' '}
          <RouterLink to="/contact-us">{t('sign-in.contactLink')}</RouterLink>
        </Body1>
      </div>
      {controller.awaitingSsn && (
        <Suspense fallback={null}>
          <SsnDialog
            open
            busy={controller.busy}
            onSubmit={(ssn) => void controller.submitSsn(ssn)}
            onCancel={controller.cancelSsn}
          />
        </Suspense>
      )}
    </AuthCard>
  );
}
