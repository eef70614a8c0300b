export { parseRunEntries } from './run-entries.js';
export { expandEntries, folderName, jobKey, type SuiteJob } from './expand.js';
export {
  parseSuiteConfig,
  SUITE_EXECUTORS,
  type SuiteConfig,
  type SuiteExecutor,
} from './suite-config.js';
export { deploymentsForPods, endpointsFor, readLocalDeployments, type LocalEndpoint } from './local-path.js';
export { planUnits, plannedUnits, jobDir, UNITS_PLAN, type WorkUnit, type JobSize, type UnitsPlan } from './units.js';
