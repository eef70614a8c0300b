/**
 * @eval-factory/config — read run_config YAML → merge framework.yml defaults → JSON Schema → named rules
 * (docs/configuration.md), plus the `--overrides` parser and the re-run check of §7.7.
 */
export { commandAstsJson, PREPARSED_COMMANDS_URL } from './command-ast.js';
export { configError } from './codes.js';
export { stackLayers } from './merge.js';
export { closest as closestName } from './task-resolution.js';
export { loadFramework, listTasks, validateFramework } from './framework.js';
export { readYamlFile, parseYamlText } from './read-yaml.js';
export { preparsedFrameworkJson, PREPARSED_FRAMEWORK_URL } from './framework-preparsed.js';
export { resolveEvaluation, readRunConfig, type ResolveInput } from './resolve.js';
export { needsFrom } from './rules/index.js';
export { compareWithPrevious, outputDirMismatch } from './output-dir.js';
export { isDefinitionPath, type CustomBenchmark } from './custom/definition-header.js';
export { scanBenchmarksDir, benchmarksDirFrom } from './custom/benchmarks-dir.js';
export { definitionByName } from './custom/custom-resolution.js';
export { nemoCommandOf, type NemoCommand } from './nemo-command.js';
