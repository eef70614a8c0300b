/**
 * `@eval-factory/config/listing`: what `eval-factory ls` needs, without the YAML parser or the schema validators
 * (start-up time, docs/architecture.md "Start-up"): the framework as the build parsed it, its task list, and which
 * custom benchmarks folder is asked for. Anything else comes from the package's main entry.
 */
export { listTasks, loadPreparsedFramework } from './framework-definition.js';
export { benchmarksDirFrom } from './custom/benchmarks-dir-flag.js';
