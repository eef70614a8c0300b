export { parseRunEntries } from './run-entries.js';
export { expandEntries, folderName, type SuiteJob } from './expand.js';
