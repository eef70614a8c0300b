export type * from './instance.js';
export { CORRECT_TAG } from './instance.js';
export type { EngineEnvChanges, EnvSnapshot, ParsedFile } from './engine-start.js';
export {
  ENGINE_ARGV_ON_STDIN,
  engineCommandLine,
  envChangesSince,
  readEngineCommandLine,
  ENGINE_JOB_END,
  ENGINE_REUSE_ENV,
  ENGINE_SEND_GATE_ENV,
  ENGINE_SEND_GO,
  ENGINE_SLOTS_PREFIX,
  jobEndLine,
  readSendGo,
  readSlotsLine,
  sendGoLine,
  slotsLine,
  START_MARKS,
  type SlotGrant,
  type SlotHandover,
} from './engine-start.js';
export type * from './engine-progress.js';
export {
  completedRequests,
  halfwayDone,
  ENGINE_PROGRESS_INTERVAL_MS,
  ENGINE_PROGRESS_PREFIX,
  formatDuration,
} from './engine-progress.js';
export type * from './prompt.js';
export type * from './outcome.js';
export type * from './stats.js';
export type * from './benchmark.js';
export { CUSTOM_BENCHMARK } from './custom-benchmark.js';
export type * from './engine-summary.js';
export { dryRunSentence, dryRunSummary, readDryRunSummary, type DryRunSummary } from './dry-run.js';
export type * from './judge-auth.js';
export type * from './evaluation.js';
export type * from './model-configs.js';
export {
  DEFAULT_REQUEST_SETTINGS,
  HELM_DEFAULT_TOKENIZER,
  HELM_OPENAI_CLIENTS,
  MODEL_CONFIG_FILES,
  PROVIDER_NAMES,
} from './model-configs.js';
export type * from './run-folder.js';
export { HELM_MAIN_SPLIT, HELM_RUN_FILES, RUN_FILES, UNSEARCHED_FOLDERS } from './run-folder.js';
export { CACHE_PASSWORD_ENV, cacheUrlProblem } from './cache-url.js';
export { isReasoningModelId } from './reasoning-model.js';
export {
  UNITS_DIR,
  shardDirName,
  assignShards,
  shardRoots,
  formatShard,
  parseShard,
  type ShardSpec,
} from './shard.js';
export { readPlainArgv, type PlainFlag } from './plain-argv.js';
