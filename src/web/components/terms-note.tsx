import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { Trans } from 'react-i18next';
import { RouterLink } from './router-link';

const useStyles = makeStyles({ note: { color: tokens.colorNeutralForeground2 } });

/** The terms agreement line; `textKey` names a text with <termsLink> and <privacyLink> tags. */
export function TermsNote({ textKey }: { textKey: string }) {
  const styles = useStyles();
  return (
    <Caption1 as="p" className={styles.note}>
      <Trans
        i18nKey={textKey}
        components={{
          termsLink: <RouterLink to="/terms" />,
          privacyLink: <RouterLink to="/privacy" />,
        }}
      />
    </Caption1>
  );
}
