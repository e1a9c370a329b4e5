import { memo, useState } from 'react';
import { Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { localize } from '@/engine/i18n/split';
import { LanguageSwitcher } from '../../components/language-switcher';
import { LegalModal } from '../../components/legal-modal';
import { RouterLink } from '../../components/router-link';
import { useLanguage } from '../../hooks/use-language';
import { useRole } from '../../hooks/use-role';
import { agencyInfo, pageDocuments, type DocumentName } from '../../lib/content';

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
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  switcher: { marginLeft: 'auto' },
  details: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalXXXL,
    rowGap: tokens.spacingVerticalM,
  },
  detail: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  address: { fontStyle: 'normal' },
  text: { margin: 0 },
  small: { margin: 0, color: tokens.colorNeutralForeground2 },
});

const MODALS: { document: DocumentName; key: string }[] = [
  { document: 'terms', key: 'common.footer.terms' },
  { document: 'privacy', key: 'common.footer.privacy' },
  { document: 'state-disclosures', key: 'layout.footer.stateDisclosures' },
];

/**
 * Footer (spec §2 Other forms): contact-us for the role, the legal texts as dialogs, the language
 * toggle, the collector notice, the agency's mailing address and hours, the copyright.
 */
export const Footer = memo(function Footer() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const role = useRole();
  const agency = agencyInfo();
  const [openDocument, setOpenDocument] = useState<DocumentName | null>(null);
  // Hidden, not removed, while the page waits for its data: it keeps its state (an open dialog).
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
              {pageDocuments()
                .filter(({ document }) => document.footerLink)
                .map(({ name, document }) => (
                  <li key={name}>
                    <RouterLink to={`/${document.path}`}>
                      {localize(document.footerLink, language)}
                    </RouterLink>
                  </li>
                ))}
              {MODALS.map(({ document, key }) => (
                <li key={document}>
                  <Link
                    as="button"
                    aria-haspopup="dialog"
                    onClick={() => setOpenDocument(document)}
                  >
                    {t(key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitcher className={styles.switcher} appearance="outline" size="small" />
        </div>
        <Text as="p" weight="semibold" className={styles.text} data-testid="collector-notice">
          {localize(agency.communication, language)}
        </Text>
        <div className={styles.details}>
          <div className={styles.detail}>
            <Text weight="semibold">{t('layout.footer.mailingAddress')}</Text>
            <address className={styles.address} data-testid="agency-address">
              {agency.mailingAddress.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </address>
          </div>
          <div className={styles.detail}>
            <Text weight="semibold">{t('layout.footer.hours')}</Text>
            <Text data-testid="agency-hours">{localize(agency.hours, language)}</Text>
          </div>
        </div>
        <Text as="p" size={200} className={styles.small}>
          {t('common.footer.copyright', { year: new Date().getFullYear() })}
        </Text>
      </div>
      {MODALS.map(({ document }) => (
        <LegalModal
          key={document}
          document={document}
          open={openDocument === document}
          onOpenChange={(open) => setOpenDocument(open ? document : null)}
        />
      ))}
    </footer>
  );
});
