import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  overlay: {
    position: 'fixed',
    inset: 0,
    zIndex: 1500,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: 'rgba(255, 255, 255, 0.85)',
  },
  box: {
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
});

/**
 * A full-screen overlay that blocks the page while something must finish (a payment being
 * submitted, a session being set up). Announced as busy with its label; `label` is a text key.
 */
export function LoadingOverlay({ label = 'layout.overlay' }: { label?: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div
      className={styles.overlay}
      role="status"
      aria-busy="true"
      aria-live="polite"
      data-testid="loading-overlay"
    >
      <div className={styles.box}>
        <Spinner size="large" label={t(label)} />
      </div>
    </div>
  );
}
