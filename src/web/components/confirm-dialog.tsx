import type { ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

// A destructive action looks like one: the danger colour, never the brand's.
const useStyles = makeStyles({
  destructive: {
    // The action's name on one line (it wrapped in the dialog's narrow action row).
    whiteSpace: 'nowrap',
    backgroundColor: tokens.colorStatusDangerBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      backgroundColor: tokens.colorStatusDangerBackground3Hover,
      color: tokens.colorNeutralForegroundOnBrand,
    },
    ':hover:active': {
      backgroundColor: tokens.colorStatusDangerBackground3Pressed,
      color: tokens.colorNeutralForegroundOnBrand,
    },
  },
});

interface ConfirmDialogProps {
  open: boolean;
  /** The surface's test id; `<testId>-body` is the question's id (the surface's description). */
  testId: string;
  titleKey: string;
  /** The question, already translated (it may name what it is about). */
  body: ReactNode;
  cancelKey: string;
  actionKey: string;
  /** The action runs: both buttons stay focusable but do nothing, and the dialog stays open. */
  busy?: boolean;
  /** The action deletes something: it takes the danger colour. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A question before an action (an alert dialog): Cancel first, the action last. Cancel, the first
 * button, takes the focus on arrival, so Enter then does not act. A caller that navigates does so
 * after the dialog has closed (fluentui#35139).
 */
export function ConfirmDialog({
  open,
  testId,
  titleKey,
  body,
  cancelKey,
  actionKey,
  busy = false,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const bodyId = `${testId}-body`;
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_event, data) => {
        if (!data.open && !busy) onCancel();
      }}
    >
      <DialogSurface aria-describedby={bodyId} data-testid={testId}>
        <DialogBody>
          <DialogTitle>{t(titleKey)}</DialogTitle>
          <DialogContent>
            <Text as="p" block id={bodyId}>
              {body}
            </Text>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel} disabledFocusable={busy}>
              {t(cancelKey)}
            </Button>
            <Button
              appearance="primary"
              className={destructive ? styles.destructive : undefined}
              onClick={onConfirm}
              disabledFocusable={busy}
              icon={busy ? <Spinner size="tiny" aria-hidden /> : undefined}
            >
              {t(actionKey)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
