import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * A read-only value looks like text, not like a box to type in or a disabled one: no border, no
 * background, no inset. It stays an input, so its label, hint and the submitted value are kept,
 * and it is still reachable with the keyboard and read by screen readers.
 */
export const useReadOnlyStyles = makeStyles({
  root: {
    border: 'none',
    backgroundColor: 'transparent',
    paddingLeft: 0,
    paddingRight: 0,
    gap: tokens.spacingHorizontalXXS,
    '::after': { display: 'none' },
  },
  input: {
    paddingLeft: 0,
    paddingRight: 0,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
});
