import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { UserError } from '@eval-factory/errors';
import { RUN_FILES, type CodedMessage, type WrittenRunDocuments } from '@eval-factory/types';
import type { InstanceCountsView, RunInfo, RunMetric, RunState } from './types.js';
import { FileMemo, runFiles } from './run-memo.js';

type Obj = Record<string, unknown>;

const obj = (x: unknown): Obj => (x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Obj) : {});
const str = (x: unknown): string | null => (typeof x === 'string' && x !== '' ? x : null);
const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

function readYaml(file: string): Obj | null {
  if (!existsSync(file)) return null;
  try {
    return obj(parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new UserError(
      'EF_RUN_UNREADABLE',
      `${file} is not valid YAML: ${(error as Error).message.split('\n')[0]}`,
      'the run folder is damaged; run the evaluation again into it (answers come from its cache.db)',
    );
  }
}

function messages(x: unknown): CodedMessage[] {
  return (Array.isArray(x) ? x : [])
    .map(obj)
    .map((m) => ({ code: str(m.code) ?? 'unknown', message: str(m.message) ?? '' }));
}

/**
 * `head_qa:language=en,category=None,model=x` → `head_qa:language=en,category=None`; `pubmed_qa:model=x,model_deployment=y`
 * → `pubmed_qa` (the model's arguments name the row, not the column).
 */
export function scenarioOf(runName: string | null, task: string | null): string | null {
  if (!runName) return task;
  const colon = runName.indexOf(':');
  if (colon < 0) return runName;
  const args = runName
    .slice(colon + 1)
    .split(',')
    .filter((a) => a !== '' && !a.startsWith('model=') && !a.startsWith('model_deployment='));
  return args.length ? `${runName.slice(0, colon)}:${args.join(',')}` : runName.slice(0, colon);
}

/** `helm.pubmed_qa` → `pubmed_qa` (the task key results.yml uses). */
const bareTask = (type: string | null): string | null => (type ? type.slice(type.indexOf('.') + 1) : null);

function metricsOf(evaluation: Obj, results: Obj | null, task: string | null): RunMetric[] {
  const fromResults = obj(obj(obj(obj(results?.results).tasks)[task ?? '']).metrics);
  const out: RunMetric[] = [];
  for (const m of (Array.isArray(evaluation.metrics) ? evaluation.metrics : []).map(obj)) {
    const name = str(m.name);
    const yamlValue = num(obj(obj(obj(fromResults[name ?? '']).scores).mean).value);
    const value = results ? yamlValue : num(m.value);
    if (!name || value === null) continue;
    const stats = obj(m.stats);
    out.push({
      name,
      value,
      count: num(stats.count),
      main: m.main === true,
      lowerIsBetter: m.lower_is_better === true,
      helmCompatible: m.helm_compatible !== false,
      ratio: num(stats.sum) !== null && num(stats.count) !== null && num(stats.mean) === null,
      range: rangeOf(m.range),
    });
  }
  return out;
}

/** A declared `[lowest, highest]` of two finite numbers, lowest first; anything else is null. */
function rangeOf(value: unknown): readonly [number, number] | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [lo, hi] = value.map(num);
  return lo !== null && lo !== undefined && hi !== null && hi !== undefined && lo < hi ? [lo, hi] : null;
}

function countsOf(evaluation: Obj): InstanceCountsView | null {
  const c = obj(obj(evaluation.counts).instances);
  if (Object.keys(c).length === 0) return null;
  return { evaluated: num(c.evaluated), scored: num(c.scored), failed: num(c.failed), unscored: num(c.unscored) };
}

/** A folder the CLI started but the executor never finished: only run_config.yml says what it was. */
function incompleteRun(dir: string): RunInfo {
  const runConfig = readYaml(join(dir, RUN_FILES.runConfig)) ?? {};
  const task = bareTask(str(obj(runConfig.config).type));
  return {
    dir,
    state: 'incomplete',
    task,
    scenario: task,
    model: str(obj(obj(runConfig.target).api_endpoint).model_id),
    startedAt: null,
    endedAt: null,
    helmCompatible: null,
    helmReasons: [],
    counts: null,
    metrics: [],
    errors: [],
    warnings: [],
    problems: ['no evaluation_config.yaml: the run is still going or was stopped before it finished'],
    resultsJsonl: null,
  };
}

/**
 * Reads one run folder's evaluation_config.yaml and results.yml (small files; results.jsonl is streamed later, by
 * readInstanceValues). Throws EF_RUN_UNREADABLE when a YAML file is damaged.
 * @example const run = readRun('results/pubmed_qa_gpt4o'); run.metrics.find((m) => m.main)?.value
 */
export function readRun(folder: string): RunInfo {
  const dir = resolve(folder);
  return readRuns.get(dir, runFiles(dir), () => readRunFiles(dir));
}

/**
 * `readRun` from what a run in this process has just written into the folder's YAML files (normalizeOutputs), without
 * parsing them: kept for `readRun` for as long as the files stay as they are now.
 */
export function rememberRun(folder: string, written: WrittenRunDocuments): RunInfo {
  const dir = resolve(folder);
  const run = runOf(dir, obj(asWritten(written.evaluation)), written.results && obj(asWritten(written.results)));
  readRuns.set(dir, runFiles(dir), run);
  return run;
}

const readRuns = new FileMemo<RunInfo>();

function readRunFiles(dir: string): RunInfo {
  const evaluation = readYaml(join(dir, RUN_FILES.evaluationConfig));
  if (!evaluation) return incompleteRun(dir);
  return runOf(dir, evaluation, readYaml(join(dir, RUN_FILES.resultsYml)));
}

/**
 * A document as parsing its YAML gives it back (what dumpYaml writes): a number that is not finite is null, a map
 * entry without a value is left out, a list item without one is null, a date is its ISO text.
 */
function asWritten(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : asWritten(item)));
  if (value === null || typeof value !== 'object') return value;
  const copy: Obj = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined) copy[key] = asWritten(item);
  return copy;
}

/** A finished run from its evaluation_config.yaml and results.yml (null when it has none). */
function runOf(dir: string, evaluation: Obj, results: Obj | null): RunInfo {
  const task = str(evaluation.task);
  const run = obj(evaluation.run);
  const status = str(evaluation.status);
  const problems: string[] = [];
  if (!results) problems.push('no results.yml: values taken from evaluation_config.yaml');
  const jsonl = join(dir, RUN_FILES.resultsJsonl);
  if (!existsSync(jsonl)) problems.push('no results.jsonl: no per-instance values, so no interval');
  return {
    dir,
    state:
      (['success', 'partial', 'error', 'interrupted'] as const).find((s) => s === status) ??
      ('error' satisfies RunState),
    task,
    scenario: scenarioOf(str(run.run_name), task),
    model: str(obj(evaluation.model).model_id),
    startedAt: str(run.started_at),
    endedAt: str(run.ended_at),
    helmCompatible: typeof evaluation.helm_compatible === 'boolean' ? evaluation.helm_compatible : null,
    helmReasons: Array.isArray(evaluation.helm_incompatible_reasons)
      ? evaluation.helm_incompatible_reasons.filter((r): r is string => typeof r === 'string')
      : [],
    counts: countsOf(evaluation),
    metrics: metricsOf(evaluation, results, task),
    errors: messages(evaluation.errors),
    warnings: messages(evaluation.warnings),
    problems,
    resultsJsonl: existsSync(jsonl) ? jsonl : null,
  };
}

/** Why `metric` has no value in `run`, in words (the leaderboard shows it in place of the number). */
export function missingReason(run: RunInfo, metric: string | null): string {
  if (run.state === 'incomplete') return 'incomplete run (no evaluation_config.yaml)';
  const noValue = run.warnings.find(
    (w) => w.code === 'EF_METRIC_NO_VALUE' && (metric === null || w.message.includes(`metric ${metric} `)),
  );
  const error = run.errors[0];
  // With the run's first error when it has one: why nothing was scored (the endpoint down, the failure rate).
  if (noValue)
    return `no scored instance (${run.counts?.failed ?? '?'} failed, ${run.counts?.unscored ?? '?'} unscored)${error ? `: ${error.code}: ${error.message}` : ''}`;
  if (error) return `${run.state}: ${error.code}: ${error.message}`;
  return metric === null ? 'no metric reported by this run' : `metric ${metric} not reported by this run`;
}
