/**
 * @eval-factory/viewer: `eval-factory serve` (a local web viewer over run folders) and `eval-factory report` (the
 * same pages as one self-contained HTML file). Reads run folders through @eval-factory/summary; never the engine.
 */
export { RunCatalog, runIds, type CatalogOptions } from './data/catalog.js';
export { RunEntry, intervalMethod } from './data/run-entry.js';
export { startViewerServer, type ViewerServer, type ViewerServerOptions } from './server/http-server.js';
export {
  buildReport,
  REPORT_CSP,
  type ReportOptions,
  type ReportResult,
  type ReportData,
} from './report/build-report.js';
export { queryInstances, parseInstanceQuery, verdictOf, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './shared/query.js';
export type * from './shared/api-types.js';
