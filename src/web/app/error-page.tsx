import { Button, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { Component, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
export function ErrorPage({ error }: { error: unknown }) {
  const styles = useStyles();
  const { t } = useTranslation();
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

interface BoundaryProps {
  /** The address shown: a new one clears the error (the user navigated away). */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  pathname: string;
  failure: { error: unknown } | null;
}

/**
 * Shows the error page instead of the route's content when showing it fails (ErrorPage reports the
 * error).
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { pathname: this.props.pathname, failure: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failure: null };
  }

  override render() {
    return this.state.failure ? (
      <ErrorPage error={this.state.failure.error} />
    ) : (
      this.props.children
    );
  }
}
