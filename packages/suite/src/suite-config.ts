/**
 * The suite-YAML dialect of `run_suite --suite_config FILE` (docs/reproduce-medhelm.md), shaped like NVIDIA's
 * launcher: `targets` (each an `api_endpoint` as in a run_config), `evaluation: {params, tasks: [{name, params}]}`
 * and `execution`. Every (target, task) pair becomes the run_config `run_eval` would accept: `evaluation.params`
 * under the task's own `params` by the config package's layer rules (maps key by key, lists replaced, a null never
 * overrides, `__unset__` removes the key down to framework.yml's default), then merged with framework.yml and
 * validated by the config package with its usual coded errors.
 */
import { parse } from 'yaml';
import { stackLayers } from '@eval-factory/config';
import { UserError } from '@eval-factory/errors';
import type { SuiteJob } from './expand.js';

type Obj = Record<string, unknown>;

export interface SuiteConfig {
  /** `suite:` or the file name without extension. */
  readonly suite: string;
  /** `output_dir:` and `execution.type:`, the defaults of --output_dir and --executor. */
  readonly outputDir: string | null;
  /** The name as written; which names are executors is @eval-factory/executors' to say. */
  readonly executor: string | null;
  readonly jobs: readonly SuiteJob[];
}

const HINT =
  'Write targets: [{api_endpoint: {url, model_id, type}}] and evaluation: {tasks: [{name: pubmed_qa}]} (docs/reproduce-medhelm.md#a-suite-yaml).';
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const TOP_KEYS = new Set(['suite', 'output_dir', 'targets', 'evaluation', 'execution']);
const EVALUATION_KEYS = new Set(['params', 'tasks']);
const TASK_KEYS = new Set(['name', 'params']);
const TARGET_KEYS = new Set(['api_endpoint']);
const EXECUTION_KEYS = new Set(['type']);

function bad(file: string, what: string): never {
  throw new UserError('EF_SUITE_CONF', `${file}: ${what}`, HINT);
}

/**
 * Reads a suite YAML into one job per (target, task), each carrying its run_config.
 * @example parseSuiteConfig(text, 'suite.yml').jobs.map((j) => `${j.model} ${j.name}`) // ['model-a pubmed_qa', …]
 */
export function parseSuiteConfig(text: string, file: string, fallbackName: string): SuiteConfig {
  let doc: unknown;
  try {
    doc = parse(text, { maxAliasCount: 100 });
  } catch (error) {
    bad(file, `not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
  if (!isObj(doc)) bad(file, 'expected a mapping with targets: and evaluation:');
  // A launcher config's Hydra list (`defaults: [execution: slurm, …]`) would otherwise be dropped without a word.
  if ('defaults' in doc)
    bad(file, 'defaults: (a Hydra defaults list) is not read here: write execution: {type: …} in this file instead');
  onlyKeys(file, doc, TOP_KEYS, 'top-level key');
  const targets = doc.targets;
  if (!Array.isArray(targets) || targets.length === 0)
    bad(file, 'targets: must list at least one {api_endpoint: {url, model_id, type}}');
  const evaluation = doc.evaluation;
  if (!isObj(evaluation) || !Array.isArray(evaluation.tasks) || evaluation.tasks.length === 0) {
    bad(file, 'evaluation.tasks: must list at least one {name: <benchmark>}');
  }
  // A misspelt key would drop what it holds (`parms:` → every task on the whole data set).
  onlyKeys(file, evaluation, EVALUATION_KEYS, 'key', 'evaluation.');
  const params = evaluation.params === undefined || evaluation.params === null ? {} : evaluation.params;
  if (!isObj(params)) bad(file, 'evaluation.params: must be a mapping (limit_samples, parallelism, extra, …)');
  const endpoints = targets.map((t, i) => endpointOf(file, t, i));
  const seen = new Set<string>();
  for (const e of endpoints) {
    if (seen.has(String(e.model_id)))
      bad(file, `targets: model_id ${String(e.model_id)} is listed twice (one folder per model)`);
    seen.add(String(e.model_id));
  }
  const tasks = evaluation.tasks.map((t, i) => taskOf(file, t, i));
  const names = jobNames(file, tasks);
  const jobs = endpoints.flatMap((endpoint) =>
    tasks.map((task, t): SuiteJob => {
      const taskParams = stackLayers(params, task.params);
      const extra = isObj(taskParams.extra) ? taskParams.extra : {};
      return {
        model: String(endpoint.model_id),
        benchmark: task.name,
        extra: {},
        name: names[t]!,
        entry: `${file}: ${String(endpoint.model_id)} × ${names[t]}`,
        runConfig: {
          config: { type: task.name, params: { ...taskParams, ...(Object.keys(extra).length ? { extra } : {}) } },
          target: { api_endpoint: endpoint },
        },
      };
    }),
  );
  if (doc.execution !== undefined && doc.execution !== null && !isObj(doc.execution))
    bad(file, `execution: must be a mapping such as {type: local}, not ${JSON.stringify(doc.execution)}`);
  const execution = isObj(doc.execution) ? doc.execution : {};
  onlyKeys(file, execution, EXECUTION_KEYS, 'key', 'execution.', ' (cluster settings are flags: docs/scale.md)');
  const executor = execution.type ?? null;
  if (executor !== null && typeof executor !== 'string')
    bad(file, `execution.type: ${JSON.stringify(executor)} is not an executor's name`);
  if (doc.output_dir !== undefined && (typeof doc.output_dir !== 'string' || doc.output_dir.trim() === ''))
    bad(file, 'output_dir: not a folder path');
  return {
    suite: typeof doc.suite === 'string' && doc.suite.trim() ? doc.suite.trim() : fallbackName,
    outputDir: typeof doc.output_dir === 'string' ? doc.output_dir : null,
    executor,
    jobs,
  };
}

/** EF_SUITE_CONF naming every key of `obj` not in `known` (`where` prefixes each, as the file's path to it). */
function onlyKeys(file: string, obj: Obj, known: ReadonlySet<string>, what: string, where = '', after = ''): void {
  const unknown = Object.keys(obj).filter((k) => !known.has(k));
  if (unknown.length === 0) return;
  const s = unknown.length > 1 ? 's' : '';
  bad(
    file,
    `unknown ${what}${s} ${unknown.map((k) => where + k).join(', ')} (known: ${[...known].join(', ')})${after}`,
  );
}

/**
 * Each task's job name (its folder): the task name, and for a task listed more than once (MedHELM runs med_dialog
 * for two subsets) the `params.extra` values that tell its listings apart, as HELM names runs
 * (`med_dialog,subset=icliniq`). Listings that nothing tells apart are EF_SUITE_CONF.
 */
function jobNames(file: string, tasks: readonly { name: string; params: Obj }[]): string[] {
  const extraOf = (t: { params: Obj }): Obj => (isObj(t.params.extra) ? t.params.extra : {});
  const value = (t: { params: Obj }, k: string) => JSON.stringify(extraOf(t)[k] ?? null);
  // Per task name listed more than once: the fewest keys, in the order they are written, that tell its listings
  // apart (a subset, not also each listing's own stop sequences).
  const keysOf = new Map<string, string[]>();
  for (const name of new Set(tasks.map((t) => t.name))) {
    const same = tasks.filter((t) => t.name === name);
    if (same.length === 1) continue;
    const keys: string[] = [];
    const distinct = () => new Set(same.map((t) => keys.map((k) => value(t, k)).join('\u0000'))).size === same.length;
    for (const k of new Set(same.flatMap((t) => Object.keys(extraOf(t))))) {
      if (distinct()) break;
      if (new Set(same.map((t) => value(t, k))).size > 1) keys.push(k);
    }
    if (!distinct())
      bad(file, `evaluation.tasks: ${name} is listed twice with the same params.extra (one folder per task)`);
    keysOf.set(name, keys);
  }
  return tasks.map((t) =>
    [t.name, ...(keysOf.get(t.name) ?? []).map((k) => `${k}=${nameValue(extraOf(t)[k])}`)].join(','),
  );
}

/** A value in a job's name: a string or number as written, anything else as JSON (never `[object Object]`). */
function nameValue(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value ?? '');
}

function endpointOf(file: string, target: unknown, i: number): Obj {
  const endpoint = isObj(target) ? target.api_endpoint : undefined;
  if (!isObj(endpoint)) bad(file, `targets[${i}]: expected {api_endpoint: {url, model_id, type}}`);
  // The endpoint's own keys are the run_config's (checked with each job); beside it there is nothing.
  onlyKeys(file, target as Obj, TARGET_KEYS, 'key', `targets[${i}].`);
  for (const key of ['url', 'model_id'] as const) {
    if (typeof endpoint[key] !== 'string' || endpoint[key] === '')
      bad(file, `targets[${i}].api_endpoint.${key}: required (a string)`);
  }
  return endpoint;
}

function taskOf(file: string, task: unknown, i: number): { name: string; params: Obj } {
  const t = typeof task === 'string' ? { name: task } : task;
  if (!isObj(t) || typeof t.name !== 'string' || t.name === '')
    bad(file, `evaluation.tasks[${i}]: expected {name: <benchmark>, params: {…}}`);
  onlyKeys(file, t, TASK_KEYS, 'key', `evaluation.tasks[${i}].`);
  const params = t.params ?? {};
  if (!isObj(params)) bad(file, `evaluation.tasks[${i}].params: must be a mapping`);
  // `helm.pubmed_qa` and `pubmed_qa` name the same task (run_eval accepts both); the folder uses the bare name.
  return { name: t.name.replace(/^helm\./, ''), params };
}
