/**
 * The banner on every screen of a studio preview's page (the page config's `preview`, served by
 * the server's studio/preview.ts): which draft is shown, and that nothing done here is saved. A
 * landmark of its own, named by its title, so it is found like the header and footer.
 */
import {
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({ bar: { borderRadius: 0 } });

export default function PreviewBanner({ draftId }: { draftId: number }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const title = t('layout.preview.title', { draftId });
  return (
    <div role="region" aria-label={title} data-testid="preview-banner">
      <MessageBar intent="warning" layout="multiline" className={styles.bar}>
        <MessageBarBody>
          <MessageBarTitle>{title}</MessageBarTitle> {t('layout.preview.banner')}
        </MessageBarBody>
      </MessageBar>
    </div>
  );
}
