import type { HTMLAttributes } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground1,
  },
});

/**
 * A static surface that looks like a Fluent Card. Fluent's Card (about 7 KB gzip) brings focus
 * management for interactive cards; pages on the first-load path only need the look.
 */
export function Panel({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  const styles = useStyles();
  return <div {...rest} className={mergeClasses(styles.panel, className)} />;
}
