import type { GriffelStyle } from '@fluentui/react-components';

/**
 * Text for screen readers only: out of the layout and painted nowhere, still in the accessibility
 * tree (a `makeStyles` slot: `hidden: visuallyHidden`).
 */
export const visuallyHidden: GriffelStyle = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};
