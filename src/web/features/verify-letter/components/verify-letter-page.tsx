import { useState } from 'react';
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as verifyLetterModule from '@/generated/validators/verify-letter';
import { AuthCard } from '@/web/components/auth-card';
import { FormError } from '@/web/components/form-error';
import { RouterLink } from '@/web/components/router-link';
import { TermsNote } from '@/web/components/terms-note';
import { portalConfig } from '@/web/lib/config';
import { currentRole } from '@/web/lib/session';
import { useLetterCheck } from '../hooks/use-letter-check';

const FORM_ID = 'verify-letter';
const verifyLetterForm = loadPrecompiled(verifyLetterModule);

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
  const letter = useLetterCheck('verify-letter.errors.notFound');
  const flow = portalConfig().forms[FORM_ID]!;

  return (
    <AuthCard title={t('verify-letter.title')} description={t('verify-letter.description')}>
      <SchemaForm
        id={FORM_ID}
        flow={flow}
        schema={verifyLetterForm.schema}
        validator={verifyLetterForm.validator}
        busy={letter.busy}
        onSubmit={(data) =>
          void letter
            .check(String(data.letterCode ?? ''), (path) => navigate(path))
            .catch(() => undefined)
        }
      >
        <div className={styles.extras}>
          <FormError id="verify-letter-error" textKey={letter.errorKey} />
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
