/**
 * A new member's invitation (issue 39), open without a session at /studio/join#TOKEN (the token
 * in the fragment never reaches a server log): the member chooses their own password (typed twice;
 * the server's strength rules), then adds the TOTP secret made for them to an authenticator app
 * (setup key or otpauth link, shown to them only) and confirms a current code. Only then is the
 * account theirs; the admin who invited them never sees either. A used, expired or withdrawn
 * invitation says so.
 */
import { useEffect, useMemo, useState } from 'react';
import { Body1, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as passwordModule from '@/generated/validators/studio-join-password';
import { Panel } from '@/web/components/panel';
import { RouterLink } from '@/web/components/router-link';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { isApiError } from '@/web/lib/api';
import { studioCall } from '../api/client';
import type { InvitationAnswer, TotpSetup } from '../api/types';
import { StudioError, StudioHeading, errorKey, studioFlow } from './parts';
import { TotpConfirm } from './totp-confirm';

const passwordForm = loadPrecompiled(passwordModule);

const useStyles = makeStyles({
  wrap: { maxWidth: '560px', margin: '0 auto' },
  card: {
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    gap: tokens.spacingVerticalL,
    '@media (max-width: 480px)': { padding: tokens.spacingHorizontalL },
  },
  step: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

type Step = 'loading' | 'password' | 'totp' | 'done' | 'gone' | 'unknown';

/** The text key of a refused invitation call. */
function refusal(error: unknown, badInput: string): string {
  if (isApiError(error, 410)) return 'studio.join.gone';
  if (isApiError(error, 404)) return 'studio.join.unknown';
  if (isApiError(error, 400)) return badInput;
  if (isApiError(error, 429)) return 'studio.signIn.tooMany';
  return errorKey(error);
}

export function JoinPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const token = useMemo(() => window.location.hash.slice(1), []);
  const [step, setStep] = useState<Step>('loading');
  const [about, setAbout] = useState<InvitationAnswer | null>(null);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) {
      setStep('unknown');
      return;
    }
    studioCall<InvitationAnswer>('POST', '/invitation', { body: { token } }).then(
      (answer) => {
        if (!live) return;
        setAbout(answer);
        setStep('password');
      },
      (caught: unknown) => {
        if (live) setStep(isApiError(caught, 410) ? 'gone' : 'unknown');
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  const choosePassword = (data: Record<string, unknown>) => {
    if (data.password !== data.passwordAgain) {
      setError('studio.join.passwordsDiffer');
      return;
    }
    setBusy(true);
    setError(null);
    studioCall<TotpSetup>('POST', '/invitation/password', {
      body: { token, password: data.password },
    })
      .then((answer) => {
        setSetup(answer);
        setStep('totp');
      })
      .catch((caught: unknown) => setError(refusal(caught, 'studio.join.weakPassword')))
      .finally(() => setBusy(false));
  };

  const confirm = (data: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    studioCall('POST', '/invitation/confirm', { body: { token, code: data.code } })
      .then(() => setStep('done'))
      .catch((caught: unknown) => setError(refusal(caught, 'studio.join.wrongCode')))
      .finally(() => setBusy(false));
  };

  return (
    <div className={styles.wrap}>
      <Panel className={styles.card}>
        <StudioHeading
          title={t('studio.join.title')}
          description={about ? t('studio.join.description', { email: about.email }) : undefined}
        />
        {step === 'loading' && <DelayedSpinner />}
        {(step === 'gone' || step === 'unknown') && (
          <>
            <StudioError textKey={`studio.join.${step}`} id="studio-join-refused" />
            <RouterLink to="/studio/sign-in">{t('studio.join.signIn')}</RouterLink>
          </>
        )}
        {step === 'password' && (
          <SchemaForm
            id="studio-join-password"
            flow={studioFlow('studio-join-password')}
            schema={passwordForm.schema}
            validator={passwordForm.validator}
            busy={busy}
            onSubmit={choosePassword}
          >
            <StudioError textKey={error} id="studio-join-error" />
          </SchemaForm>
        )}
        {step === 'totp' && setup && (
          <div className={styles.step}>
            <Body1 as="h2">
              <strong>{t('studio.join.setupTitle')}</strong>
            </Body1>
            <TotpConfirm
              setup={setup}
              busy={busy}
              error={error}
              errorId="studio-join-error"
              onSubmit={confirm}
            />
          </div>
        )}
        {step === 'done' && (
          <MessageBar intent="success" layout="multiline" data-testid="studio-join-done">
            <MessageBarBody className={styles.step}>
              <strong>{t('studio.join.doneTitle')}</strong>
              <span>{t('studio.join.doneBody')}</span>
              {about && !about.roleGranted && <span>{t('studio.join.doneWaits')}</span>}
              <RouterLink to="/studio/sign-in">{t('studio.join.signIn')}</RouterLink>
            </MessageBarBody>
          </MessageBar>
        )}
      </Panel>
    </div>
  );
}
