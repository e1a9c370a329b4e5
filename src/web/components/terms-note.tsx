import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { localize } from '../../engine/i18n/split';
import type { LocalizedText } from '../../generated/types/api/localized-text';
import { useLanguage } from '../hooks/use-language';
import { LinkedText } from './linked-text';

const useStyles = makeStyles({ note: { color: tokens.colorNeutralForeground2 } });

const LINKS = { termsLink: '/terms', privacyLink: '/privacy' };

/**
 * The terms agreement line under a form. It names the button that agrees, read from the form's
 * own submit label, so the two can never disagree.
 */
export function TermsNote({ action }: { action: LocalizedText | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Caption1 as="p" className={styles.note}>
      <LinkedText
        text={t('common.termsNote', { action: localize(action, language) ?? '' })}
        links={LINKS}
      />
    </Caption1>
  );
}
