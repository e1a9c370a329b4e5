import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { localize } from '../../engine/i18n/split';
import { useLanguage } from '../hooks/use-language';
import { contentDocument, type DocumentName } from '../lib/content';
import { ContentView } from './content-view';

const useStyles = makeStyles({
  surface: { maxWidth: '720px', width: 'calc(100vw - 32px)' },
  content: { maxHeight: '60vh', overflowY: 'auto', paddingRight: tokens.spacingHorizontalS },
  updated: { display: 'block', marginBottom: tokens.spacingVerticalM },
});

export interface LegalDialogProps {
  document: DocumentName;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A legal text of flows/content as a modal dialog (loaded on first open; see legal-modal). */
export default function LegalDialog({ document, open, onOpenChange }: LegalDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const content = contentDocument(document);
  const titleId = `legal-dialog-${document}-title`;
  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, data) => onOpenChange(data.open)}>
      <DialogSurface className={styles.surface} aria-labelledby={titleId}>
        <DialogBody>
          <DialogTitle id={titleId}>{localize(content.title, language)}</DialogTitle>
          {/* The scrolling region takes focus so keyboard users can scroll it. */}
          <DialogContent
            className={styles.content}
            role="region"
            tabIndex={0}
            aria-labelledby={titleId}
          >
            <Text size={200} className={styles.updated}>
              {t('legal.updated', { date: content.updated })}
            </Text>
            <ContentView blocks={content.blocks} headingLevel={3} />
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => onOpenChange(false)}>
              {t('legal.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
