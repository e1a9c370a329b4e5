import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LinkedText } from './linked-text';

const useStyles = makeStyles({ note: { color: tokens.colorNeutralForeground2 } });

const LINKS = { termsLink: '/terms', privacyLink: '/privacy' };

/** The terms agreement line; `textKey` names a text with <termsLink> and <privacyLink> tags. */
export function TermsNote({ textKey }: { textKey: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <Caption1 as="p" className={styles.note}>
      <LinkedText text={t(textKey)} links={LINKS} />
    </Caption1>
  );
}
