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
import { formatCountdown } from '../../lib/idle';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  countdown: { fontVariantNumeric: 'tabular-nums' },
});

interface IdleDialogProps {
  open: boolean;
  remainingMs: number;
  onStay: () => void;
  onLogOut: () => void;
}

/** 'Your session is about to expire' with a minutes:seconds countdown (loaded when first due). */
export default function IdleDialog({ open, remainingMs, onStay, onLogOut }: IdleDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open) onStay();
      }}
    >
      <DialogSurface aria-describedby="idle-dialog-body">
        <DialogBody>
          <DialogTitle>{t('layout.idle.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text as="p" block id="idle-dialog-body">
              {t('layout.idle.body')}
            </Text>
            <Text as="p" block weight="semibold">
              {t('layout.idle.remaining')}{' '}
              <span role="timer" className={styles.countdown} data-testid="idle-countdown">
                {formatCountdown(remainingMs)}
              </span>
            </Text>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onLogOut}>
              {t('layout.idle.logOut')}
            </Button>
            <Button appearance="primary" onClick={onStay}>
              {t('layout.idle.stay')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
