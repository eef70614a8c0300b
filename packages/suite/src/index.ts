export { parseRunEntries } from './run-entries.js';
export { expandEntries, folderName, type SuiteJob } from './expand.js';
export { parseSuiteConfig, type SuiteConfig } from './suite-config.js';
export { endpointsFor, readLocalDeployments, type LocalEndpoint } from './local-path.js';
