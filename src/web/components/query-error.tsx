import { useState } from 'react';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../lib/query-client';
import { PageHeader } from './page-header';

/**
 * A failed load: 'An error occurred. Please try again later.' with Try again, which asks again
 * for every read of the page that failed (the page shows itself once they answer). In place of a
 * whole page it carries the page's heading ('Something went wrong'); `inline` leaves it out, for a
 * page that shows its own header above it.
 */
export function QueryError({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const retry = () => {
    setBusy(true);
    void queryClient
      .refetchQueries({ predicate: (query) => query.state.status === 'error' })
      .finally(() => setBusy(false));
  };
  return (
    <div>
      {!inline && <PageHeader title={t('errors.page.title')} />}
      <MessageBar intent="error" role="alert" layout="multiline" data-testid="query-error">
        <MessageBarBody>{t('errors.generic')}</MessageBarBody>
        <MessageBarActions>
          <Button
            appearance="secondary"
            onClick={retry}
            disabledFocusable={busy}
            icon={busy ? <Spinner size="tiny" aria-hidden /> : undefined}
          >
            {t('errors.retry')}
          </Button>
        </MessageBarActions>
      </MessageBar>
    </div>
  );
}
