import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/language-switcher';
import { RouterLink } from '../../components/router-link';
import { useRole } from '../../hooks/use-role';

const useStyles = makeStyles({
  footer: {
    marginTop: 'auto',
    backgroundColor: tokens.colorNeutralBackground3,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  inner: {
    maxWidth: '1120px',
    boxSizing: 'border-box',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalS,
  },
  links: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  switcher: { marginLeft: 'auto' },
  text: { margin: 0 },
  small: { margin: 0, color: tokens.colorNeutralForeground2 },
});

export function Footer() {
  const styles = useStyles();
  const { t } = useTranslation();
  const role = useRole();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.row}>
          <nav aria-label={t('common.footer.links')}>
            <ul className={styles.links}>
              <li>
                <RouterLink to={role === 'account' ? '/dashboard/contact-us' : '/contact-us'}>
                  {t('common.footer.contactUs')}
                </RouterLink>
              </li>
              <li>
                <RouterLink to="/terms">{t('common.footer.terms')}</RouterLink>
              </li>
              <li>
                <RouterLink to="/privacy">{t('common.footer.privacy')}</RouterLink>
              </li>
            </ul>
          </nav>
          <LanguageSwitcher className={styles.switcher} appearance="outline" size="small" />
        </div>
        <Text as="p" weight="semibold" className={styles.text} data-testid="collector-notice">
          {t('common.footer.communication')}
        </Text>
        <Text as="p" size={200} className={styles.small}>
          {t('common.footer.copyright', { year: new Date().getFullYear() })}
        </Text>
      </div>
    </footer>
  );
}
