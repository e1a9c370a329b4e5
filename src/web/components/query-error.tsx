import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** A failed load: 'An error occurred. Please try again later.' */
export function QueryError() {
  const { t } = useTranslation();
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{t('errors.generic')}</MessageBarBody>
    </MessageBar>
  );
}
