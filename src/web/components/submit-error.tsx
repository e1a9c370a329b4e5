import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

interface SubmitErrorProps {
  id: string;
  /** Text keys of the alert's title and text; no alert while `textKey` is null. */
  titleKey: string;
  textKey: string | null;
}

/** A failed submit's error alert (title and text), announced when it appears; follows the language. */
export function SubmitError({ id, titleKey, textKey }: SubmitErrorProps) {
  const { t } = useTranslation();
  return (
    <div id={id} role="alert" aria-live="assertive">
      {textKey && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody data-testid="submit-error">
            <MessageBarTitle>{t(titleKey)}</MessageBarTitle> {t(textKey)}
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
