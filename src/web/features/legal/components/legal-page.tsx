import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { localize } from '@/engine/i18n/split';
import { ContentView } from '@/web/components/content-view';
import { LanguageSwitcher } from '@/web/components/language-switcher';
import { PageHeader } from '@/web/components/page-header';
import { Panel } from '@/web/components/panel';
import { RouterLink } from '@/web/components/router-link';
import { useLanguage } from '@/web/hooks/use-language';
import { contentDocument, type DocumentName } from '@/web/lib/content';

const useStyles = makeStyles({
  card: {
    maxWidth: '820px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    gap: tokens.spacingVerticalL,
    '@media (max-width: 480px)': { padding: tokens.spacingHorizontalL },
  },
  top: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
  logo: { width: '40px', height: '40px' },
  switcher: { marginLeft: 'auto' },
  header: { marginBottom: 0 },
});

/** Whether the browser's history has an earlier page of this app to go back to. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

/** /terms and /privacy: a flows/content document with a back link, the logo and a language switch. */
export default function LegalPage({ document }: { document: DocumentName }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const content = contentDocument(document);
  return (
    <Panel className={styles.card} data-testid="legal-page">
      <div className={styles.top}>
        <img className={styles.logo} src="/logo.svg" alt={t('legal.logo')} width={40} height={40} />
        <RouterLink
          to="/"
          onClick={(event) => {
            if (!canGoBack()) return;
            event.preventDefault();
            void navigate(-1);
          }}
        >
          {t('legal.back')}
        </RouterLink>
        <LanguageSwitcher className={styles.switcher} appearance="outline" size="small" />
      </div>
      <div>
        <PageHeader title={localize(content.title, language)} />
        <Caption1>{t('legal.updated', { date: content.updated })}</Caption1>
      </div>
      <ContentView blocks={content.blocks} />
    </Panel>
  );
}
