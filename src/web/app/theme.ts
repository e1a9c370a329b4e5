/**
 * The portal's Fluent theme. In the build this module is replaced by the theme's values as one
 * object literal (vite.config.ts, `precomputedTheme`): Fluent's `webLightTheme` is computed in the
 * browser from every colour palette of @fluentui/tokens (about 50 KB minified), while the result
 * is 459 strings. Tests and the dev server use Fluent's own object, which has the same values.
 */
export { webLightTheme as portalTheme } from '@fluentui/react-components';
