import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  // The look of Fluent's error MessageBar, without its code on the sign-in page's first load.
  message: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteRedBorder1}`,
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
});

/** A form's error text, announced when it appears; re-translated on language switch. */
export function FormError({ textKey, id }: { textKey: string | null; id: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div id={id} role="alert" aria-live="assertive">
      {textKey && (
        <div className={styles.message} data-testid="form-error">
          {t(textKey)}
        </div>
      )}
    </div>
  );
}
