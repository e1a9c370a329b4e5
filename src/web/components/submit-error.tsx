import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

interface SubmitErrorProps {
  id?: string;
  /** Text keys of the alert's title (optional) and text; no alert while `textKey` is null. */
  titleKey?: string;
  textKey: string | null;
  testId?: string;
}

/** A failed submit's error alert (title and text), announced when it appears; follows the language. */
export function SubmitError({ id, titleKey, textKey, testId = 'submit-error' }: SubmitErrorProps) {
  const { t } = useTranslation();
  return (
    <div id={id} role="alert" aria-live="assertive">
      {textKey && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody data-testid={testId}>
            {titleKey && <MessageBarTitle>{t(titleKey)}</MessageBarTitle>} {t(textKey)}
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
