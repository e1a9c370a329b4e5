import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** A form's error text, announced when it appears; re-translated on language switch. */
export function FormError({ textKey, id }: { textKey: string | null; id: string }) {
  const { t } = useTranslation();
  return (
    <div id={id} role="alert" aria-live="assertive">
      {textKey && (
        <MessageBar intent="error">
          <MessageBarBody data-testid="form-error">{t(textKey)}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
