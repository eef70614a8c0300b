/**
 * HELM run entries × `--models-to-run` → the suite's jobs, one per (model, benchmark with its arguments), with
 * HELM's filters: `--priority N` keeps entries of priority ≤ N; an entry runs for a model of `--models-to-run` when
 * it names that model, or names a placeholder (`model=text`, `model=all`) that HELM expands to every model.
 * `ignoreConfModels` keeps each distinct entry without its model-level fields (MODEL_LEVEL_FIELDS) and runs it for
 * every model given: MedHELM's benchmark list for a team's own models, without rewriting the conf.
 */
import { UserError } from '@eval-factory/errors';
import { UNSEARCHED_FOLDERS } from '@eval-factory/types';
import { argOf, MODEL_FIELDS, MODEL_LEVEL_FIELDS, parseDescription } from './description.js';
import type { RunEntry } from './run-entries.js';

/** One job of a suite, by its model and name (a map key: units name their job by the two). */
export const jobKey = (model: string, name: string): string => `${model}\u0000${name}`;

export interface SuiteJob {
  /** The model id, as `--models-to-run` names it. */
  readonly model: string;
  readonly benchmark: string;
  /** `config.params.extra` for the job (num_output_tokens, subset, data_path, …). */
  readonly extra: Readonly<Record<string, string | number>>;
  /** Folder name: the benchmark and its arguments, as HELM names runs (`med_dialog,subset=icliniq`). */
  readonly name: string;
  /** The entry it came from, for messages. */
  readonly entry: string;
  /** Suite-YAML jobs: the whole run_config of the job (its own endpoint and params); HELM-dialect jobs have none. */
  readonly runConfig?: Readonly<Record<string, unknown>>;
  /** `--local-path` jobs: the model's own endpoint, from HELM's model_deployments.yaml. */
  readonly endpoint?: { readonly url: string; readonly model_id: string; readonly type: 'chat' | 'completions' };
  /** HELM's deployment of the model: the entry's `model_deployment=`, or (--local-path) the one it runs on. */
  readonly deployment?: string;
  /** The variable holding the model's key when credentials.conf gives it (run_suite sets it; a name only). */
  readonly apiKeyName?: string;
  /** Its jury as `config.params.extra` paths → values (judges' URLs and key variable names; never a key). */
  readonly judges?: Readonly<Record<string, string | number | boolean>>;
}

export interface ExpandOptions {
  readonly modelsToRun: readonly string[];
  readonly priority?: number;
  readonly ignoreConfModels?: boolean;
  /** run_suite's --num-output-tokens is given: it replaces every entry's own, in the job's name too. */
  readonly outputTokensGiven?: boolean;
  /** Benchmark names this installation has (framework.yml's tasks). */
  readonly available: ReadonlySet<string>;
  /** `DIR/<benchmark>/` becomes each job's `data_path`. */
  readonly dataRoot?: string;
}

export interface Expansion {
  readonly jobs: readonly SuiteJob[];
  /** Entries naming a benchmark this installation does not have, as written. */
  readonly unavailable: readonly string[];
}

const PLACEHOLDERS = new Set(['text', 'all', 'full_functionality_text']);
/** Arguments read as numbers (HELM's run-spec functions take them as int). */
const NUMERIC = new Set(['num_output_tokens', 'max_length', 'max_train_instances', 'num_train_trials']);
/** Arguments that locate data, not what is evaluated: left out of the job's name. */
const NOT_IN_NAME = new Set(['data_path']);

export function expandEntries(entries: readonly RunEntry[], o: ExpandOptions): Expansion {
  if (o.modelsToRun.length === 0)
    throw new UserError(
      'EF_SUITE_MODELS',
      'no model to run: --models-to-run is empty',
      'Name the models, e.g. --models-to-run openai/gpt-4o,meta/llama-3.3-70b-instruct (docs/reproduce-medhelm.md).',
    );
  const jobs = new Map<string, SuiteJob>();
  const unavailable = new Set<string>();
  /** Models of --models-to-run that an entry (past --priority) runs for. */
  const reached = new Set<string>();
  for (const entry of entries) {
    if (o.priority !== undefined && entry.priority > o.priority) continue;
    const d = parseDescription(entry.description);
    const named = argOf(d, 'model');
    const models =
      o.ignoreConfModels || named === undefined || PLACEHOLDERS.has(named)
        ? o.modelsToRun
        : o.modelsToRun.filter((m) => m === named);
    if (models.length === 0) continue;
    for (const model of models) reached.add(model);
    if (!o.available.has(d.scenario)) {
      unavailable.add(o.ignoreConfModels ? withoutModel(d.scenario, d.args) : entry.description);
      continue;
    }
    const dropped = o.ignoreConfModels || o.outputTokensGiven ? MODEL_LEVEL_FIELDS : MODEL_FIELDS;
    const args = d.args.filter(([k]) => !dropped.has(k));
    const extra: Record<string, string | number> = {};
    for (const [k, v] of args) extra[k] = NUMERIC.has(k) && /^\d+$/.test(v) ? Number(v) : v;
    if (o.dataRoot !== undefined) extra.data_path = `${o.dataRoot.replace(/\/+$/, '')}/${d.scenario}`;
    const name = [d.scenario, ...args.filter(([k]) => !NOT_IN_NAME.has(k)).map(([k, v]) => `${k}=${v}`)].join(',');
    // The entry's deployment belongs to the model it names (a placeholder's or --ignore-conf-models' has none).
    const deployment = named !== undefined && models.includes(named) ? argOf(d, 'model_deployment') : undefined;
    for (const model of models)
      jobs.set(jobKey(model, name), {
        model,
        benchmark: d.scenario,
        extra,
        name,
        entry: entry.description,
        ...(deployment && !o.ignoreConfModels ? { deployment } : {}),
      });
  }
  checkEveryModelRuns(reached, entries.length, o);
  return { jobs: [...jobs.values()], unavailable: [...unavailable] };
}

/**
 * A model of `--models-to-run` that no entry names (a typo, or a conf written for other models) would get no row in
 * the leaderboard without a word, and a suite with no job at all would write its folder for nothing: both stop the
 * suite before anything is written. A model whose entries all name missing benchmarks is not this case: those
 * entries are EF_SUITE_UNAVAILABLE (or, with --skip-unavailable, listed as "not run").
 */
function checkEveryModelRuns(reached: ReadonlySet<string>, entryCount: number, o: ExpandOptions): void {
  const filter = o.priority === undefined ? '' : ` of priority ${o.priority} or less`;
  if (reached.size === 0) {
    throw new UserError(
      'EF_SUITE_EMPTY',
      `the suite has no job: ${entryCount === 0 ? 'the run-entries files list no entry' : `no run entry${filter} names a model of --models-to-run`}`,
      'Check --conf-paths, --models-to-run and --priority, or pass --ignore-conf-models to run every entry for each model (docs/reproduce-medhelm.md).',
    );
  }
  const missing = o.modelsToRun.filter((m) => !reached.has(m));
  if (missing.length === 0) return;
  throw new UserError(
    'EF_SUITE_MODELS',
    `no run entry${filter} names ${missing.join(', ')} of --models-to-run`,
    'Check the names in --models-to-run, or pass --ignore-conf-models to run every entry of the confs for each model (docs/reproduce-medhelm.md).',
  );
}

function withoutModel(scenario: string, args: readonly (readonly [string, string])[]): string {
  const rest = args.filter(([k]) => !MODEL_LEVEL_FIELDS.has(k)).map(([k, v]) => `${k}=${v}`);
  return rest.length ? `${scenario}:${rest.join(',')}` : scenario;
}

/**
 * A name (suite, model id, job) as one folder name: `openai/gpt-4o` → `openai_gpt-4o`. Never empty and never
 * starting with `.`: `.` and `..` name the folder itself or the one above (`--suite ..` wrote the suite beside
 * --output_dir), and a hidden folder (`vllm serve ./ckpt-1000` → `._ckpt-1000`) is skipped by every reader, so its
 * paid-for runs left the leaderboard. Leading dots become `_` one for one (`./ckpt` → `__ckpt`, `../ckpt` →
 * `___ckpt`), and a folder readers never search (`dist`, `units`) gets a leading `_`: other names keep their folder,
 * and two jobs that still meet in one folder stop the suite.
 */
export function folderName(text: string): string {
  const safe = text.replace(/[^A-Za-z0-9._,=+-]+/g, '_');
  // A folder the run walk never searches (`dist`, `units`) would hide its runs as a hidden one did: `_dist`.
  return UNSEARCHED_FOLDERS.has(safe) ? `_${safe}` : safe.replace(/^\.+/, (dots) => '_'.repeat(dots.length)) || '_';
}
