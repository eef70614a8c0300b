export { parseRunEntries } from './run-entries.js';
export { flagList, RUN_SUITE_FLAGS, THIS_RUN_ONLY, type RunSuiteArgs } from './run-suite-flags.js';
export { expandEntries, folderName, jobKey, type SuiteJob } from './expand.js';
export { parseSuiteConfig, type SuiteConfig } from './suite-config.js';
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
