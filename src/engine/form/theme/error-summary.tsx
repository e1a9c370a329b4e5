/**
 * The box a flow with `errorSummary` shows above its fields after a failed submit: every error
 * as a link that moves focus to its field (the same words as at the field). Loaded on demand: most
 * forms never show one.
 */
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  summary: {
    marginBottom: tokens.spacingVerticalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorStatusDangerBorder2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorStatusDangerBackground1,
  },
  title: { margin: 0, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  link: {
    color: tokens.colorStatusDangerForeground3,
    textDecorationLine: 'underline',
    display: 'inline-block',
    minHeight: '24px',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

export interface SummaryError {
  /** The element id of the field (or the group) the error is about. */
  target: string;
  message: string;
}

export default function ErrorSummary({
  id,
  title,
  errors,
}: {
  id: string;
  title: string;
  errors: readonly SummaryError[];
}) {
  const styles = useStyles();
  return (
    <div
      className={styles.summary}
      role="group"
      aria-labelledby={`${id}-title`}
      data-testid="error-summary"
    >
      <p id={`${id}-title`} className={styles.title}>
        {title}
      </p>
      <ul className={styles.list}>
        {errors.map((error) => (
          <li key={error.target}>
            <a
              className={styles.link}
              href={`#${error.target}`}
              onClick={(event) => {
                const element = document.getElementById(error.target);
                const control = element?.matches('input, select, textarea, button')
                  ? element
                  : element?.querySelector<HTMLElement>('input, select, textarea, button');
                if (!control) return;
                event.preventDefault();
                control.focus();
                control.scrollIntoView({ block: 'center' });
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
