/**
 * The names a page file (flows/pages/<name>.json) may use for its data sources and submit calls:
 * plain data in src/domain/page-names.ts, so check:config and the studio's checks can name an
 * unknown one without loading the web app. The registries (sources.ts, calls.ts, loads.ts) are
 * typed by these lists, so the two cannot drift apart.
 */
export {
  DATA_SOURCES,
  LOAD_CALLS,
  SUBMIT_CALLS,
  type DataSourceName,
  type LoadCallName,
  type SubmitCallName,
} from '@/domain/page-names';
