// Entry point `@eval-factory/executor/prestart`: the CLI starts the engine before it loads the rest of the factory.
export { prestartEngine, type PrestartedEngine } from './spawn/prestart.js';
export { ENGINE_PROGRAM } from './spawn/engine-process.js';
export { warmSuiteEngines } from './spawn/suite-engines.js';
