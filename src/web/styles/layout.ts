/** Sizes that more than one part of the layout must agree on. */

/** The header bar's height (px); overlays pinned to the top of the window start below it. */
export const HEADER_HEIGHT = 60;
