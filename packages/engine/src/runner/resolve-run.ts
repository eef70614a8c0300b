import { CUSTOM_BENCHMARK, type BenchmarkDefinition } from '@eval-factory/types';
import { UserError } from '@eval-factory/errors';
import { getBenchmark } from '@eval-factory/benchmarks';
import { canonicalRunName, parseRunEntry, runDirName } from '../run-entry/index.js';
import type { ResolveOptions } from './options.js';

const RUN_LEVEL_KEYS = [
  'model',
  'max_eval_instances',
  'num_train_trials',
  'num_output_tokens',
  'max_train_instances',
  'eval_split',
  'corrected',
  'model_deployment',
] as const;

/** Flags of NVIDIA's HELM fork that fill a benchmark argument when the entry does not set it (docs/architecture.md). */
const ARG_FLAGS: Record<string, (o: ResolveOptions) => string | number | null> = {
  subject: (o) => o.subject,
  condition: (o) => o.condition,
  max_length: (o) => o.maxLength,
};

/**
 * Benchmark-argument flags that were given but that `benchmark` has no argument for: the value does nothing in
 * this run (e.g. `extra.max_length` on pubmed_qa), so the run says so (docs/configuration.md).
 * @example ignoredArgFlags(pubmedQa, { ...options, maxLength: 4096 }) // [['max_length', 4096]]
 */
export function ignoredArgFlags(benchmark: BenchmarkDefinition, options: ResolveOptions): [string, string | number][] {
  const args = new Set(benchmark.args.map((a) => a.name));
  return Object.entries(ARG_FLAGS).flatMap(([name, flag]) => {
    const value = flag(options);
    return value === null || value === undefined || args.has(name) ? [] : [[name, value] as [string, string | number]];
  });
}

/**
 * The benchmark a run entry names: a registered one, or for `custom` the definition in `--benchmark-file` (its
 * YAML `name` then names the run and its outputs).
 */
export async function benchmarkForEntry(
  name: string,
  benchmarkFile: string | null | undefined,
  entry: string,
): Promise<BenchmarkDefinition> {
  if (name !== CUSTOM_BENCHMARK) return getBenchmark(name);
  if (!benchmarkFile) {
    throw new UserError(
      'EF_CUSTOM_BENCHMARK_FILE',
      `run entry '${entry}' runs a custom benchmark but no --benchmark-file was given`,
      'pass --benchmark-file <definition.yml> (eval-factory: config.params.extra.benchmark)',
    );
  }
  // Loaded only for a custom run: its definition checker and regex engine are a quarter of the engine's code.
  const { loadCustomBenchmark } = await import('@eval-factory/custom-benchmarks');
  return loadCustomBenchmark(benchmarkFile);
}

export interface ResolvedRun {
  readonly entry: string;
  readonly benchmark: BenchmarkDefinition;
  readonly scenarioArgs: Readonly<Record<string, string | number | null>>;
  readonly model: string;
  readonly maxEvalInstances: number | null;
  readonly numTrainTrials: number | null;
  readonly numOutputTokens: number | null;
  readonly evalSplit: string | null;
  readonly runName: string;
  readonly runDir: string;
}

/** Run entry → benchmark, scenario arguments, run-level settings, canonical run name and safe directory name. */
export async function resolveRun(entry: string, options: ResolveOptions): Promise<ResolvedRun> {
  const parsed = parseRunEntry(entry);
  const benchmark = await benchmarkForEntry(parsed.benchmark, options.benchmarkFile, entry);
  const argNames = benchmark.args.map((a) => a.name);
  for (const key of Object.keys(parsed.args)) {
    if (!argNames.includes(key) && !(RUN_LEVEL_KEYS as readonly string[]).includes(key)) {
      throw new UserError(
        'EF_RUN_ENTRY',
        `unknown key '${key}' in run entry '${entry}'`,
        `valid keys for ${benchmark.name}: ${[...argNames, ...RUN_LEVEL_KEYS].join(', ')}`,
      );
    }
  }
  const model = parsed.args.model;
  if (model === undefined || String(model) === '')
    throw new UserError(
      'EF_RUN_ENTRY',
      `run entry '${entry}' has no model=`,
      'add model=<model id>, e.g. pubmed_qa:model=gpt-4o',
    );
  const scenarioArgs: Record<string, string | number | null> = {};
  for (const arg of benchmark.args) {
    scenarioArgs[arg.name] = parsed.args[arg.name] ?? ARG_FLAGS[arg.name]?.(options) ?? arg.default;
    if (arg.values && scenarioArgs[arg.name] !== null && !arg.values.includes(String(scenarioArgs[arg.name]))) {
      throw new UserError(
        'EF_RUN_ENTRY',
        `${benchmark.name}: ${arg.name}=${scenarioArgs[arg.name]} is not one of ${arg.values.join(', ')}`,
        `pick one of: ${arg.values.join(', ')}`,
      );
    }
  }
  // Run-level keys in entry order; flags fill what the entry leaves out (appended after, as HELM's fork does).
  const runLevel: [string, string | number][] = Object.entries(parsed.args).filter(([k]) =>
    (RUN_LEVEL_KEYS as readonly string[]).includes(k),
  );
  const fill = (key: string, value: number | null) => {
    if (value !== null && !runLevel.some(([k]) => k === key)) runLevel.push([key, value]);
  };
  fill('num_output_tokens', options.numOutputTokens);
  const get = (key: string) => runLevel.find(([k]) => k === key)?.[1];
  const numOrNull = (v: string | number | undefined) => (v === undefined ? null : Number(v));
  const runName = benchmark.helm_run_name
    ? canonicalRunName(benchmark.helm_run_name(scenarioArgs), [], runLevel)
    : canonicalRunName(
        benchmark.name,
        benchmark.args.map((a) => ({ name: a.name, value: scenarioArgs[a.name] })),
        runLevel,
      );
  return {
    entry,
    benchmark,
    scenarioArgs,
    model: String(model),
    maxEvalInstances: numOrNull(get('max_eval_instances')) ?? options.maxEvalInstances,
    numTrainTrials: numOrNull(get('num_train_trials')) ?? options.numTrainTrials,
    numOutputTokens: numOrNull(get('num_output_tokens')),
    evalSplit: get('eval_split') === undefined ? null : String(get('eval_split')),
    runName,
    runDir: runDirName(runName),
  };
}
