/** Rules for what some tasks need before they can run: gated data (§1.4) and a judge panel (docs/configuration.md#judges). */
import type { EvaluationDraft, JudgeConfig } from '@eval-factory/types';
import { loadFramework, type FrameworkDefinition } from '../framework.js';
import { fail, OK, type RuleResult } from './result.js';

/** What a task needs before it can run, as framework.yml declares it (`requires`, and a judge roster). */
export interface TaskNeeds {
  readonly requires: readonly string[];
  readonly judged: boolean;
}

/** The needs of each benchmark a run may name (an unlisted one needs nothing here; the engine still checks). */
export type NeedsLookup = (task: string) => TaskNeeds;

const NOTHING: TaskNeeds = { requires: [], judged: false };

/**
 * The needs of every task of the given framework.yml files (the first that lists a type wins, as in task resolution).
 * @example needsFrom([loadFramework()])('clear') // { requires: ['data_path', 'condition'], judged: false }
 */
export function needsFrom(frameworks: readonly FrameworkDefinition[]): NeedsLookup {
  const byType = new Map<string, TaskNeeds>();
  for (const fw of frameworks) {
    for (const t of fw.evaluations)
      if (!byType.has(t.type)) byType.set(t.type, { requires: t.requires, judged: t.judged });
  }
  return (task) => byType.get(task) ?? NOTHING;
}

/** The engine benchmark the evaluation runs (params.task, else the type). */
function benchmarkOf(ev: EvaluationDraft): string {
  return ev.config.params.task ?? ev.config.type;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The repository's own framework.yml, for callers that do not pass the frameworks they resolved with. */
let repositoryNeeds: NeedsLookup | null = null;
const defaultNeeds: NeedsLookup = (task) => (repositoryNeeds ??= needsFrom([loadFramework()]))(task);

/** Gated tasks need `extra.data_path` (and `subject` / `condition`): framework.yml's `requires`. */
export function checkDataPath(ev: EvaluationDraft, needs: NeedsLookup = defaultNeeds): RuleResult {
  const task = benchmarkOf(ev);
  const missing = needs(task).requires.filter((key) => isBlank(ev.config.params.extra[key]));
  if (missing.length === 0) return OK;
  const fields = missing.map((k) => `config.params.extra.${k}`).join(' and ');
  return fail('EF_MISSING_DATA_PATH', `The benchmark '${task}' uses gated or private data and needs ${fields}`);
}

function isUsableJudge(judge: JudgeConfig | null | undefined): boolean {
  return !!judge && judge.enabled !== false && !isBlank(judge.url) && !isBlank(judge.model_id);
}

/** Judged tasks need at least one enabled judge with url and model_id. */
export function checkJudgeConfig(ev: EvaluationDraft, needs: NeedsLookup = defaultNeeds): RuleResult {
  const task = benchmarkOf(ev);
  return needs(task).judged ? checkJudgesOf(ev, task) : OK;
}

/** The judge check for a benchmark known to be judged (a built-in above, or a custom definition using jury_score). */
export function checkJudgesOf(ev: EvaluationDraft, task: string): RuleResult {
  const judges = Object.values(ev.config.params.extra.judges ?? {});
  if (judges.some(isUsableJudge)) return OK;
  return fail(
    'EF_JUDGE_CONFIG',
    `The benchmark '${task}' is scored by LLM judges but config.params.extra.judges has no enabled judge with url and model_id`,
  );
}

/** `limit_samples`: an integer ≥ 1 or a fraction strictly between 0 and 1 (docs/configuration.md). */
export function checkLimitSamples(ev: EvaluationDraft): RuleResult {
  const value = ev.config.params.limit_samples;
  if (value === null || value === undefined) return OK;
  if ((Number.isInteger(value) && value >= 1) || (value > 0 && value < 1)) return OK;
  return fail(
    'EF_LIMIT_SAMPLES',
    `config.params.limit_samples must be an integer >= 1 or a fraction strictly between 0 and 1 (got ${value})`,
  );
}
