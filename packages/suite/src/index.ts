export { parseRunEntries, type RunEntry } from './run-entries.js';
export { parseDescription, argOf, MODEL_FIELDS, type Description } from './description.js';
export { expandEntries, folderName, type SuiteJob, type ExpandOptions, type Expansion } from './expand.js';
export { planUnits, jobDir, UNITS_PLAN, type WorkUnit, type JobSize, type UnitsPlan } from './units.js';
