/**
 * The draft editor's way to a message's preview (issue 44, item 4): shown under a message's name
 * when the file being edited is a kind of flows/messages/; the preview shows the draft's saved
 * words, so it says to save first while there are unsaved changes.
 */
import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { kindOfPath } from './message-preview-page';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
});

export function MessagePreviewLink({
  path,
  draftId,
  unsaved,
}: {
  path: string;
  draftId: number;
  unsaved: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const kind = kindOfPath(path);
  const to = `/studio/messages/preview?kind=${kind ?? ''}&draft=${draftId}`;
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  if (kind === undefined) return null;
  return (
    <div className={styles.box}>
      <Button as="a" href={href} onClick={onClick} data-testid="studio-message-preview-link">
        {t('studio-messages.preview.open')}
      </Button>
      {unsaved && <Body1 as="span">{t('studio-messages.preview.saveFirst')}</Body1>}
    </div>
  );
}
