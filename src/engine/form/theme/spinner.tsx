// The one module that loads Fluent's Spinner, so that it can be split into its own small chunk.
export { Spinner } from '@fluentui/react-components';
