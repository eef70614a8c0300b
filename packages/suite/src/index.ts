export { parseRunEntries } from './run-entries.js';
export { expandEntries, folderName, jobKey, type SuiteJob } from './expand.js';
export {
  parseSuiteConfig,
  SUITE_EXECUTORS,
  type SuiteConfig,
  type SuiteExecutor,
} from './suite-config.js';
export {
  deploymentsForPods,
  endpointsFor,
  readHelmDeployments,
  readLocalDeployments,
  type LocalDeployment,
  type LocalEndpoint,
} from './local-path.js';
export { planUnits, plannedUnits, jobDir, UNITS_PLAN, type WorkUnit, type JobSize, type UnitsPlan } from './units.js';
export {
  helmApiKey,
  helmBaseUrl,
  helmKeyVariable,
  hostOrganization,
  parseHocon,
  readHelmCredentials,
  type HelmCredentials,
} from './helm-credentials.js';
export {
  helmJury,
  MEDHELM_JUDGES,
  readJudgesFile,
  rosterSettings,
  type HelmJudge,
  type JudgeSettings,
  type JudgesSource,
} from './helm-judges.js';
