/**
 * The run folder (docs/results.md): the names of its files and the shape of its per-instance line. The engine
 * writes part of it, the executor the rest; summary, viewer, status and the suite runner read it.
 */
import type { Instance } from './instance.js';
import { UNITS_DIR } from './shard.js';

/** File and folder names inside one run's output folder. */
export const RUN_FILES = {
  evaluationConfig: 'evaluation_config.yaml',
  resultsYml: 'results.yml',
  resultsJsonl: 'results.jsonl',
  instancesJsonl: 'instances.jsonl',
  runConfig: 'run_config.yml',
  metadata: 'metadata.yaml',
  metrics: 'eval_factory_metrics.json',
  modelConfigs: 'model_configs',
  logsDir: 'logs',
  /** Relative to the run folder. */
  log: 'logs/eval-factory.log',
  cache: 'cache.db',
  responsesDir: 'responses',
  /** Relative to the run folder: every model answer as received (JSONL, appended as they arrive). */
  modelResponses: 'responses/model.jsonl',
  judgeResponses: 'responses/judges.jsonl',
  /** The engine's summary, in its run directory (EngineSummary). */
  engineSummary: 'ef_summary.json',
  /** A dry run's summary, in the output folder beside the requests it built (DryRunSummary). */
  dryRunSummary: 'ef_dry_run.json',
  lock: '.eval-factory.lock',
  /** Requests completed so far, one integer, rewritten while the run sends (read by NeMo Evaluator's launcher). */
  progress: 'progress',
  /** Written when SIGTERM stopped the run, so NeMo Evaluator's launcher reports it KILLED, not FAILED. */
  interruptedMarker: '.nemo_evaluator_interrupted',
  /** A relative link to results.jsonl where NeMo Evaluator's bundle reader looks for per-sample rows. */
  perSampleRows: 'eval-results/output.jsonl',
  /** A suite folder's manifest (run_suite). */
  suiteManifest: 'suite.json',
  /** A suite folder's jobs that failed before their run wrote anything: job folder → the coded error. */
  suiteFailures: 'failures.json',
  /** A suite folder's log: every job's output while run_suite ran it here (its summary, notes, warnings). */
  suiteLog: 'suite.log',
} as const;

/**
 * Folders the run walk (summarize, serve, status) never searches: dependencies, and a suite job's `units/` (its
 * shards, which `merge` turns into the job's one run). No name eval-factory writes (folderName) is one of them.
 */
export const UNSEARCHED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', 'dist', UNITS_DIR]);

/** The HELM files of one run entry, named as HELM names them. */
export const HELM_RUN_FILES = {
  runSpec: 'run_spec.json',
  scenario: 'scenario.json',
  scenarioState: 'scenario_state.json',
  perInstanceStats: 'per_instance_stats.json',
  stats: 'stats.json',
} as const;

/** How one (instance, trial) ended: scored, failed (with a reason) or unscored (with a reason). */
export type InstanceStatus = 'ok' | 'failed' | 'unscored';

/** One line of `results.jsonl`: one (instance, trial), in request order. */
export interface ResultsLine {
  readonly instance_id: string;
  readonly train_trial_index: number;
  readonly status: InstanceStatus;
  /** Why it failed or is unscored. */
  readonly reason?: string;
  readonly prediction: string | null;
  /** The label an answer maps to (multiple-choice output mappings). */
  readonly mapped_output?: string | null;
  readonly metrics: Readonly<Record<string, number>>;
  /** The main metric's value, under the name NeMo Evaluator's per-sample readers take a row's score from. */
  readonly reward?: number;
  readonly flags?: readonly string[];
  readonly annotations?: Readonly<Record<string, unknown>>;
  readonly variant?: Instance['variant'];
  /**
   * The instance's split when it is not HELM_MAIN_SPLIT (MedQA given its dev file also evaluates `valid`): readers
   * then take the headline and its interval over the main split, as HELM's tables do.
   */
  readonly split?: Instance['split'];
}

/** The split HELM's summarizer and MedHELM's schema report (`main_split: test`). */
export const HELM_MAIN_SPLIT = 'test';

/** A line read back from a file: any field may be missing or of another type (files are untrusted input). */
export type Untrusted<T> = { readonly [K in keyof T]?: unknown };

/**
 * What a finished run wrote into its two YAML summaries, as the values the files hold (numbers that are not finite
 * are written as null): a suite summarises each job from them as it ends, without parsing the files back.
 */
export interface WrittenRunDocuments {
  /** `evaluation_config.yaml` */
  readonly evaluation: Readonly<Record<string, unknown>>;
  /** `results.yml`; null when the run wrote none (no engine summary). */
  readonly results: Readonly<Record<string, unknown>> | null;
}
