import { useState } from 'react';
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '../../../lib/query-client';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { SchemaForm } from '../../../../engine/form/SchemaForm';
import { loadPrecompiled } from '../../../../engine/form/precompiled';
import * as verifyLetterModule from '../../../../generated/validators/verify-letter';
import { establishLetterSession } from '../../../api/establish-session';
import { AuthCard } from '../../../components/auth-card';
import { FormError } from '../../../components/form-error';
import { RouterLink } from '../../../components/router-link';
import { TermsNote } from '../../../components/terms-note';
import { track, trackSignedIn } from '../../../lib/analytics';
import { portalConfig } from '../../../lib/config';
import { currentRole } from '../../../lib/session';
import { letterQuery } from '../../../api/letter';
import { verifyLetter } from '../api/verify-letter';
import { parseOfferCode } from '../utils/offer-code';

const FORM_ID = 'verify-letter';
const verifyLetterForm = loadPrecompiled(verifyLetterModule);
const NOT_FOUND = 'verify-letter.errors.notFound';

const useStyles = makeStyles({
  extras: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  links: {
    paddingTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

export default function VerifyLetterPage() {
  const [signedInOnArrival] = useState(() => currentRole() === 'account');
  if (signedInOnArrival) return <Navigate to="/dashboard" replace />;
  return <VerifyLetterScreen />;
}

function VerifyLetterScreen() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const flow = portalConfig().forms[FORM_ID]!;

  const submit = async (letterCode: string) => {
    const code = parseOfferCode(letterCode);
    if (!code) {
      track('letter_verification_failed', { reason: 'invalid_code' });
      setErrorKey(NOT_FOUND);
      return;
    }
    setBusy(true);
    setErrorKey(null);
    try {
      establishLetterSession(queryClient, await verifyLetter(code));
      track('letter_verified', {});
      trackSignedIn('letter');
      void queryClient.prefetchQuery(letterQuery(code));
      await navigate(`/letter-option/${encodeURIComponent(code.accountNumber)}/${code.letterId}`);
    } catch {
      track('letter_verification_failed', { reason: 'not_found' });
      setErrorKey(NOT_FOUND);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('verify-letter.title')} description={t('verify-letter.description')}>
      <SchemaForm
        id={FORM_ID}
        flow={flow}
        schema={verifyLetterForm.schema}
        validator={verifyLetterForm.validator}
        busy={busy}
        onSubmit={(data) => void submit(String(data.letterCode ?? ''))}
      >
        <div className={styles.extras}>
          <FormError id="verify-letter-error" textKey={errorKey} />
          <TermsNote action={flow.submit} />
        </div>
      </SchemaForm>
      <Body1 className={styles.links}>
        {t('verify-letter.signInPrompt')}{' '}
        <RouterLink to="/login">{t('verify-letter.signInLink')}</RouterLink>
      </Body1>
    </AuthCard>
  );
}
