/** What a benchmark folder provides to the engine (docs/architecture.md). */
import type { Instance } from './instance.js';
import type { PromptRequest, PromptSpec } from './prompt.js';

/** Per-instance metric values; a missing name means "no value" (the instance leaves that denominator). */
export type MetricValues = Readonly<Record<string, number>>;

export interface MetricInput {
  readonly instance: Instance;
  readonly request: PromptRequest;
  /** Raw completion texts (after optional reasoning-trace stripping); empty when there was no completion. */
  readonly completions: readonly string[];
  readonly annotations?: Readonly<Record<string, unknown>>;
}

/**
 * How per-instance values become the headline number: the mean (default), or a ratio of two helper metrics summed
 * over instances (e.g. corrected precision = Σ correct / Σ predicted; docs/architecture.md).
 */
export type MetricAggregation =
  | { readonly kind: 'mean' }
  | { readonly kind: 'ratio'; readonly numerator: string; readonly denominator: string };

export interface MetricDescriptor {
  readonly name: string;
  readonly description: string;
  readonly lower_is_better?: boolean;
  /** HELM computes exactly this metric under this name. */
  readonly helm_compatible: boolean;
  /** For `_corrected` metrics: the HELM metric it corrects (docs/benchmarks.md). */
  readonly corrects?: string;
  /** `false` for HELM-file-only twins such as `exact_match@5` and ratio helpers (kept out of results.yml). */
  readonly report: boolean;
  /** Default `{kind: 'mean'}`. A ratio metric emits no per-instance value of its own. */
  readonly aggregation?: MetricAggregation;
  /** The values the metric can take, `[lowest, highest]` (e.g. `[1, 5]` for a jury score); charts use it as their axis. */
  readonly range?: readonly [number, number];
}

/** A named, pure metric family: HELM-style metrics that share one computation. */
export interface MetricFamily {
  readonly name: string;
  readonly metrics: readonly MetricDescriptor[];
  compute(input: MetricInput): MetricValues;
}

export interface BenchmarkArg {
  readonly name: string;
  /** HELM writes Python's `None` in run names for an unset argument. */
  readonly default: string | number | null;
  readonly values?: readonly string[];
  readonly description: string;
}

export interface DataFileInfo {
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
}

/** Where the data came from, recorded in evaluation_config.yaml `data`. */
export interface DataInfo {
  readonly source: string;
  readonly revision: string | null;
  readonly files: readonly DataFileInfo[];
  readonly num_rows: number;
}

export interface LoadContext {
  /** Benchmark arguments from the run entry (declared args only, defaults filled). */
  readonly args: Readonly<Record<string, string | number | null>>;
  /** `extra.data_path`: a local file or folder used instead of downloading. */
  readonly dataPath: string | null;
  /** Per-user data cache; downloads land in `<cacheDir>/datasets/<benchmark>/`. */
  readonly cacheDir: string;
  readonly allowDataDrift: boolean;
  warn(code: string, message: string): void;
  log(message: string): void;
}

export interface LoadedData {
  /**
   * Every instance of the scenario in load order, all splits. A benchmark with a corrected instance set
   * (docs/benchmarks.md) appends it here: those instances carry `variant: "corrected"` and ids prefixed `c-`.
   */
  readonly instances: readonly Instance[];
  readonly data: DataInfo;
  /** Loader results that annotators need (e.g. the absolute path of the ehr_sql database). */
  readonly resources?: Readonly<Record<string, unknown>>;
  /**
   * Set when the files hold only part of what HELM evaluates (MedQA without its dev file): what is missing, in a
   * short phrase. Such a run is not comparable with published MedHELM numbers (`helm_compatible: false`).
   */
  readonly partial?: string;
}

/**
 * A load whose instances come as the loader reads its file (docs/architecture.md, "Sending and scoring"): the
 * run sends its first requests while the rest of the file is still read.
 */
export interface StreamedData {
  /**
   * Every instance of the scenario in load order, as `LoadedData.instances` holds them, in batches as the file is
   * read (an async step per instance would cost more than making it); errors are thrown here.
   */
  readonly instances: AsyncIterable<readonly Instance[]>;
  /** The rest of `LoadedData`, once `instances` was read to its end (num_rows and the file's hash need all of it). */
  readonly ended: () => Omit<LoadedData, 'instances'>;
}

/** Context given to an annotator: the loader's resources and the run's diagnostics. */
export interface AnnotatorContext {
  readonly resources: Readonly<Record<string, unknown>>;
  warn(code: string, message: string): void;
  log(message: string): void;
}

/**
 * A non-LLM or LLM stage between the model's answer and the metrics (HELM annotators: SQL execution, judges).
 * Its result is stored under `annotations[name]` and read by the metrics; a thrown error leaves the instance
 * unscored with that reason.
 */
export interface Annotator {
  readonly name: string;
  annotate(
    input: { readonly instance: Instance; readonly request: PromptRequest; readonly completions: readonly string[] },
    ctx: AnnotatorContext,
  ): Promise<Readonly<Record<string, unknown>>>;
}

/**
 * A jury of LLM judges (docs/configuration.md#judges). The engine calls every enabled judge (gpt, llama, claude, in
 * that order) once per answered instance and stores the raw replies under `annotations[annotator]`
 * (`JuryAnnotation`); the benchmark's pure metric family parses and aggregates them.
 */
export interface JurySpec {
  /** Annotation key, e.g. `jury`. */
  readonly annotator: string;
  /** Rubric with the literal placeholders `{{QUESTION}}`, `{{RESPONSE}}`, `{{GOLD_RESPONSE}}` (single-pass replace). */
  readonly template: string;
  readonly criteria: readonly string[];
}

export type JudgeRole = 'gpt' | 'llama' | 'claude';

/** One judge's call for one instance: the raw reply, or why there is none. */
export type JudgeCall =
  | { readonly ok: true; readonly reply: string; readonly cached: boolean }
  | { readonly ok: false; readonly error_kind: string; readonly message: string };

/** What the jury annotator stores; `prompt_text: null` = empty model output, no judge called (§3.1). */
export interface JuryAnnotation {
  readonly prompt_text: string | null;
  readonly empty_output_equivalence_judgement?: false;
  readonly judges: Readonly<Partial<Record<JudgeRole, JudgeCall>>>;
  /**
   * Set when the answer was not empty but no judge gave a usable verdict: each judge's cause. The instance is then
   * unscored with this reason, never HELM's default score silently.
   */
  readonly no_verdict?: string;
}

export interface BenchmarkDefinition {
  /** Registry key (snake_case, as written in YAML). */
  readonly name: string;
  readonly description: string;
  /** Scenario arguments in declaration order (they form the run name). */
  readonly args: readonly BenchmarkArg[];
  /**
   * HELM's run-spec name, where it is not `name:arg=value,…` (HELM names `medhelm_med_qa` runs `med_qa`, and
   * `med_dialog` runs `med_dialog,subset=<subset>`): the base of the canonical run name HELM's summarizer keys on.
   */
  readonly helm_run_name?: (args: Readonly<Record<string, string | number | null>>) => string;
  /** Adapter builder inputs, texts included (replaceable via --prompt-texts). */
  readonly prompt: PromptSpec;
  readonly metrics: readonly MetricFamily[];
  readonly main_metric: string;
  /** LLM-judged benchmarks: the rubric the engine's jury annotator sends (runs after `annotators`). */
  readonly jury?: JurySpec;
  /**
   * The `config.params.extra` keys the benchmark cannot load without (gated data: `data_path`, and the argument
   * choosing the task). framework.yml's `requires` of the task says the same; a test ties the two.
   */
  readonly requires?: readonly string[];
  /** Annotators run in this order after each answer; their results feed `MetricInput.annotations`. */
  readonly annotators?: readonly Annotator[];
  /** A per-group breakdown of every reported metric (e.g. medcalc_bench by category), in evaluation_config.yaml. */
  readonly breakdown?: { readonly name: string; key(instance: Instance): string | null };
  /**
   * How the corrected instance set (variant "corrected") is subsampled: `paired` = the same positions as the HELM
   * set (same rows, same order, e.g. medhallu); `independent` = its own seed-0 selection (mtsamples_replicate).
   */
  readonly corrected_selection?: 'paired' | 'independent';
  /** Pinned upstream source, for docs and outputs. */
  readonly source: { readonly url: string; readonly revision: string | null; readonly license: string };
  load(ctx: LoadContext): Promise<LoadedData>;
  /**
   * The same instances as `load`, streamed: only for a benchmark whose data holds eval instances alone (no train
   * split, no corrected set) in one file. The engine uses it when the run takes every instance in file order (no
   * `limit_samples`, no shard); `load` otherwise.
   */
  loadStream?(ctx: LoadContext): Promise<StreamedData>;
}
