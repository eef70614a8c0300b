/**
 * @eval-factory/config — read run_config YAML → merge framework.yml defaults → JSON Schema → named rules
 * (docs/configuration.md), plus the `--overrides` parser and the re-run check of §7.7.
 */
export { ERROR_HINTS, WARNING_CODES, configError, toUserError, type ConfigErrorCode } from './codes.js';
export {
  TOP_LEVEL_KEYS,
  CONFIG_KEYS,
  PARAM_KEYS,
  EXTRA_KEYS,
  API_ENDPOINT_KEYS,
  JUDGE_KEY_NAME_FIELDS,
  type Evaluation,
  type EvaluationDraft,
  type EvaluationConfig,
  type EvaluationParams,
  type EvaluationExtra,
  type ApiEndpoint,
  type AdapterConfig,
  type EndpointType,
  type JudgeConfig,
} from './evaluation.js';
export {
  loadFramework,
  validateFramework,
  listTasks,
  defaultFrameworkPath,
  type FrameworkDefinition,
  type FrameworkInfo,
  type TaskEntry,
  type TaskListing,
} from './framework.js';
export {
  UNSET,
  mergeLayers,
  mergeTwo,
  normalizeApiKeyLayer,
  isPlainObject,
  type Layer,
  type NormalizedLayer,
} from './merge.js';
export { parseOverrides, splitOverrideString, parseOverrideFragment, type OverrideAssignment } from './overrides.js';
export { applyOverrides, type AppliedOverrides } from './overrides-apply.js';
export { parseYamlText, readYamlFile, MAX_ALIAS_COUNT } from './read-yaml.js';
export {
  resolveEvaluation,
  readRunConfig,
  type ResolveInput,
  type ResolvedEvaluation,
  type ResolveFlags,
} from './resolve.js';
export { resolveTask, type ResolvedTask } from './task-resolution.js';
export { runRules, RULES, type Rule, type RuleResult } from './rules/index.js';
export {
  checkAdapterConfig,
  checkApiKeyNames,
  checkKeyName,
  checkDataPath,
  checkJudgeConfig,
  checkLimitSamples,
  checkEndpointType,
  checkMissingEndpoint,
  checkModelId,
  checkNvcfUrl,
  checkStream,
  isNvcfCapableUrl,
  normalizeEndpointType,
  GATED_TASK_NEEDS,
  JUDGED_TASKS,
} from './rules/index.js';
export { schemaErrors, assertSchema, runConfigSchema, type SchemaKind } from './schema/validate.js';
export { templateParamRefs, checkUnusedParams } from './unused-params.js';
export { compareWithPrevious, outputDirMismatch, RESUME_IGNORED_PATHS } from './output-dir.js';
export {
  readDefinitionHeader,
  isDefinitionPath,
  absoluteFrom,
  type CustomBenchmark,
} from './custom/definition-header.js';
export {
  scanBenchmarksDir,
  benchmarksDirFrom,
  BENCHMARKS_DIR_ENV,
  type BenchmarksDirScan,
} from './custom/benchmarks-dir.js';
export {
  resolveTaskOrCustom,
  definitionByName,
  CUSTOM_TASK,
  type CustomTypeInput,
  type TaskChoice,
} from './custom/custom-resolution.js';
