/**
 * The second half of setting up an authenticator, on the join page and on My account: what to do,
 * the new secret (setup key and otpauth link, shown to its member only) and a code from it to
 * confirm it.
 */
import { Body1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as codeModule from '@/generated/validators/studio-totp-code';
import type { TotpSetup } from '../api/types';
import { TotpSetupFields } from './copy-field';
import { StudioError, studioFlow } from './parts';

const codeForm = loadPrecompiled(codeModule);

export function TotpConfirm({
  setup,
  busy,
  error,
  errorId,
  onSubmit,
}: {
  setup: TotpSetup;
  busy: boolean;
  /** The text key of the last refusal, shown in the form. */
  error: string | null;
  errorId: string;
  onSubmit: (data: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Body1 as="p">{t('studio.join.setupSteps')}</Body1>
      <TotpSetupFields setup={setup} />
      <SchemaForm
        id="studio-totp-code"
        flow={studioFlow('studio-totp-code')}
        schema={codeForm.schema}
        validator={codeForm.validator}
        busy={busy}
        onSubmit={onSubmit}
      >
        <StudioError textKey={error} id={errorId} />
      </SchemaForm>
    </>
  );
}
