/**
 * The studio's sign-in: email, password and the authenticator's 6-digit code (the engine form
 * flows/forms/studio-sign-in.json). The answer's CSRF token is kept in memory (api/client.ts); a
 * signed-in member arriving here goes on to where they were going.
 */
import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as signInModule from '@/generated/validators/studio-sign-in';
import type { StudioSignInRequest } from '@/generated/types/api/studio-sign-in-request';
import { Panel } from '@/web/components/panel';
import { isApiError } from '@/web/lib/api';
import { portalConfig } from '@/web/lib/config';
import { setCsrfToken, studioCall } from '../api/client';
import type { SignInAnswer, StaffMember } from '../api/types';
import { StudioError, StudioHeading } from './parts';
import type { SignInState } from './studio-app';

const FORM_ID = 'studio-sign-in';
const signInForm = loadPrecompiled(signInModule);

const useStyles = makeStyles({
  wrap: { maxWidth: '480px', margin: '0 auto' },
  card: {
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    '@media (max-width: 480px)': { padding: tokens.spacingHorizontalL },
  },
  extras: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The text key of a refused sign-in. */
function refusalKey(error: unknown): string {
  if (isApiError(error, 401)) return 'studio.signIn.failed';
  if (isApiError(error, 423)) return 'studio.signIn.locked';
  if (isApiError(error, 403)) return 'studio.signIn.roleWaiting';
  if (isApiError(error, 429)) return 'studio.signIn.tooMany';
  if (isApiError(error, 400)) return 'studio.signIn.failed';
  return 'studio.errors.network';
}

/** Where to go after signing in: back where the member was going, inside the studio only. */
function destination(state: SignInState | null): string {
  const from = state?.from;
  return from?.startsWith('/studio') && !from.startsWith('/studio/sign-in') ? from : '/studio';
}

export function SignInPage({
  signedIn,
  onSignedIn,
}: {
  signedIn: boolean;
  onSignedIn: (staff: StaffMember) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as SignInState | null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Decided on arrival: the page's own sign-in changes `signedIn` and then navigates itself.
  const [signedInOnArrival] = useState(signedIn);
  if (signedInOnArrival) return <Navigate to={destination(state)} replace />;
  const flow = portalConfig().forms[FORM_ID];
  if (!flow) throw new Error(`flows/forms/${FORM_ID}.json is missing`);

  const submit = (data: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    studioCall<SignInAnswer>('POST', '/sign-in', { body: data as unknown as StudioSignInRequest })
      .then(({ csrfToken, staff }) => {
        setCsrfToken(csrfToken);
        onSignedIn(staff);
        navigate(destination(state), { replace: true });
      })
      .catch((caught: unknown) => {
        setError(refusalKey(caught));
        setBusy(false);
      });
  };

  return (
    <div className={styles.wrap}>
      <Panel className={styles.card}>
        <StudioHeading
          title={t('studio.signIn.title')}
          description={t('studio.signIn.description')}
        />
        {state?.ended && !error && (
          <StudioError textKey="studio.signIn.ended" id="studio-sign-in-ended" />
        )}
        <SchemaForm
          id={FORM_ID}
          flow={flow}
          schema={signInForm.schema}
          validator={signInForm.validator}
          busy={busy}
          onSubmit={submit}
        >
          <div className={styles.extras}>
            <StudioError textKey={error} id="studio-sign-in-error" />
          </div>
        </SchemaForm>
      </Panel>
    </div>
  );
}
