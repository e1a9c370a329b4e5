/**
 * My account (issue 39): a member changes their own password (their current password and a
 * current code, then the new one twice) and sets up a new authenticator (their password and a
 * current code give a new secret, shown to them only; a code from it confirms it, and only then
 * does it replace the old one). Nobody else, an admin neither, can do either.
 */
import { useState } from 'react';
import {
  Body1,
  MessageBar,
  MessageBarBody,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as changeModule from '@/generated/validators/studio-password-change';
import * as enrolModule from '@/generated/validators/studio-totp-enrol';
import { Panel } from '@/web/components/panel';
import { isApiError } from '@/web/lib/api';
import { studioCall } from '../api/client';
import type { TotpSetup } from '../api/types';
import { StudioError, StudioHeading, errorKey, studioFlow } from './parts';
import { TotpConfirm } from './totp-confirm';

const changeForm = loadPrecompiled(changeModule);
const enrolForm = loadPrecompiled(enrolModule);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  panel: { maxWidth: '640px', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
});

/** The text key of a refused change. */
function refusal(error: unknown, badInput: string): string {
  if (isApiError(error, 403)) return 'studio.account.wrong';
  if (isApiError(error, 400)) return badInput;
  if (isApiError(error, 429)) return 'studio.signIn.tooMany';
  return errorKey(error);
}

function PasswordChange() {
  const styles = useStyles();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // A new form after each change, so no password stays in it.
  const [round, setRound] = useState(0);
  const submit = (data: Record<string, unknown>) => {
    setDone(false);
    if (data.newPassword !== data.newPasswordAgain) {
      setError('studio.join.passwordsDiffer');
      return;
    }
    setBusy(true);
    setError(null);
    const { currentPassword, code, newPassword } = data;
    studioCall('POST', '/me/password', { body: { currentPassword, code, newPassword } })
      .then(() => {
        setDone(true);
        setRound((n) => n + 1);
      })
      .catch((caught: unknown) => setError(refusal(caught, 'studio.join.weakPassword')))
      .finally(() => setBusy(false));
  };
  return (
    <Panel className={styles.panel}>
      <Title2 as="h2" className={styles.heading}>
        {t('studio.account.passwordTitle')}
      </Title2>
      <div role="status">{done && <Body1 as="p">{t('studio.account.passwordChanged')}</Body1>}</div>
      <SchemaForm
        key={round}
        id="studio-password-change"
        flow={studioFlow('studio-password-change')}
        schema={changeForm.schema}
        validator={changeForm.validator}
        busy={busy}
        onSubmit={submit}
      >
        <StudioError textKey={error} id="studio-password-change-error" />
      </SchemaForm>
    </Panel>
  );
}

function TotpChange() {
  const styles = useStyles();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [done, setDone] = useState(false);
  const start = (data: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    setDone(false);
    studioCall<TotpSetup>('POST', '/me/totp', { body: data })
      .then(setSetup)
      .catch((caught: unknown) => setError(refusal(caught, 'studio.errors.invalid')))
      .finally(() => setBusy(false));
  };
  const confirm = (data: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    studioCall('POST', '/me/totp/confirm', { body: data })
      .then(() => {
        setSetup(null);
        setDone(true);
      })
      .catch((caught: unknown) => setError(refusal(caught, 'studio.join.wrongCode')))
      .finally(() => setBusy(false));
  };
  return (
    <Panel className={styles.panel}>
      <Title2 as="h2" className={styles.heading}>
        {t('studio.account.totpTitle')}
      </Title2>
      <Body1 as="p">{t('studio.account.totpDescription')}</Body1>
      <div role="status">
        {done && (
          <MessageBar intent="success">
            <MessageBarBody>{t('studio.account.totpDone')}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      {setup ? (
        <TotpConfirm
          setup={setup}
          busy={busy}
          error={error}
          errorId="studio-totp-error"
          onSubmit={confirm}
        />
      ) : (
        <SchemaForm
          id="studio-totp-enrol"
          flow={studioFlow('studio-totp-enrol')}
          schema={enrolForm.schema}
          validator={enrolForm.validator}
          busy={busy}
          onSubmit={start}
        >
          <StudioError textKey={error} id="studio-totp-error" />
        </SchemaForm>
      )}
    </Panel>
  );
}

export function AccountPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <StudioHeading
        title={t('studio.account.title')}
        description={t('studio.account.description')}
      />
      <PasswordChange />
      <TotpChange />
    </div>
  );
}
