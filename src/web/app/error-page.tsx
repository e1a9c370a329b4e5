import { Button, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { Panel } from '../components/panel';
import { useDocumentTitle } from '../hooks/use-document-title';
import { reportError } from '../lib/monitoring';

const useStyles = makeStyles({
  card: { maxWidth: '560px', margin: '0 auto', padding: tokens.spacingHorizontalXXL },
  actions: { display: 'flex', marginTop: tokens.spacingVerticalM },
});

/**
 * 'We encountered an error loading this page.' with Reload (spec §2, §8); the error goes to the
 * console and to monitoring.
 */
export function ErrorPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const error = useRouteError();
  useDocumentTitle(t('errors.page.title'));
  useEffect(() => {
    console.error(error);
    reportError(error);
  }, [error]);
  return (
    <Panel className={styles.card} role="alert" data-testid="error-page">
      <Title2 as="h1">{t('errors.page.title')}</Title2>
      <Text as="p">{t('errors.page.body')}</Text>
      <Text as="p">{t('errors.page.persist')}</Text>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => window.location.reload()}>
          {t('errors.page.reload')}
        </Button>
      </div>
    </Panel>
  );
}
