import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** A dialog's failure, announced when it appears (spec §8 texts). */
export function DialogError({ titleKey, bodyKey }: { titleKey?: string; bodyKey: string | null }) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      {bodyKey && (
        <MessageBar intent="error" layout="multiline" data-testid="dialog-error">
          <MessageBarBody>
            {titleKey && <MessageBarTitle>{t(titleKey)}</MessageBarTitle>} {t(bodyKey)}
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
