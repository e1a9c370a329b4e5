/**
 * A read-only value with a Copy button that says when it copied (an invitation link, a TOTP
 * setup key or link), and a TOTP setup (key and otpauth link) shown to its member only.
 */
import { useState } from 'react';
import { Button, Field, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { TotpSetup } from '../api/types';
import { TotpQr } from './totp-qr';

const useStyles = makeStyles({
  // On a phone the Copy button goes under its field, so neither leaves the page.
  copyRow: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-end',
  },
  copyField: { flexGrow: 1, flexBasis: '16em', minWidth: 0 },
  mono: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

export function CopyField({
  label,
  value,
  copyLabel,
  testId,
}: {
  label: string;
  value: string;
  copyLabel: string;
  testId?: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.copyRow}>
      <Field
        label={label}
        className={styles.copyField}
        hint={copied ? t('studio.staff.copied') : undefined}
      >
        {/* A text area, so the whole value wraps and shows at 375 px too (an input cut it off). */}
        <Textarea
          readOnly
          resize="none"
          rows={Math.max(1, Math.ceil(value.length / 28))}
          value={value}
          textarea={{ className: styles.mono, ...(testId ? { 'data-testid': testId } : {}) }}
          onFocus={(event) => event.target.select()}
        />
      </Field>
      <Button
        aria-label={copyLabel}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        {t('studio.staff.copy')}
      </Button>
    </div>
  );
}

/**
 * A new TOTP secret as a QR code, its setup key and its otpauth link, to add to an authenticator
 * app.
 */
export function TotpSetupFields({ setup }: { setup: TotpSetup }) {
  const { t } = useTranslation();
  return (
    <>
      <TotpQr uri={setup.otpauthUri} />
      <CopyField
        label={t('studio.join.setupKey')}
        value={setup.secret}
        copyLabel={t('studio.join.copyKey')}
        testId="studio-totp-key"
      />
      <CopyField
        label={t('studio.join.setupLink')}
        value={setup.otpauthUri}
        copyLabel={t('studio.join.copyLink')}
      />
    </>
  );
}
