/** Rules for what some tasks need before they can run: gated data (§1.4) and a judge panel (docs/configuration.md#judges). */
import type { EvaluationDraft, JudgeConfig } from '../evaluation.js';
import { fail, OK, type RuleResult } from './result.js';

/** Gated/private tasks and the extra keys each needs (docs/configuration.md). */
export const GATED_TASK_NEEDS: Readonly<Record<string, readonly string[]>> = {
  ehrshot: ['data_path', 'subject'],
  n2c2_ct_matching: ['data_path', 'subject'],
  clear: ['data_path', 'condition'],
  medalign: ['data_path'],
  mimic_rrs: ['data_path'],
  mimic_bhc: ['data_path'],
  mimiciv_billing_code: ['data_path'],
  dischargeme: ['data_path'],
};

/** Tasks scored by an LLM jury. */
export const JUDGED_TASKS: readonly string[] = [
  'mtsamples_replicate',
  'medalign',
  'medication_qa',
  'medi_qa',
  'aci_bench',
  'mtsamples_procedures',
  'med_dialog',
  'mimic_rrs',
  'mimic_bhc',
  'dischargeme',
];

/** The engine benchmark the evaluation runs (params.task, else the type). */
function benchmarkOf(ev: EvaluationDraft): string {
  return ev.config.params.task ?? ev.config.type;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Gated tasks need `extra.data_path` (and `subject` / `condition`). */
export function checkDataPath(ev: EvaluationDraft): RuleResult {
  const task = benchmarkOf(ev);
  const missing = (GATED_TASK_NEEDS[task] ?? []).filter((key) => isBlank(ev.config.params.extra[key]));
  if (missing.length === 0) return OK;
  const fields = missing.map((k) => `config.params.extra.${k}`).join(' and ');
  return fail('EF_MISSING_DATA_PATH', `The benchmark '${task}' uses gated or private data and needs ${fields}`);
}

function isUsableJudge(judge: JudgeConfig | null | undefined): boolean {
  return !!judge && judge.enabled !== false && !isBlank(judge.url) && !isBlank(judge.model_id);
}

/** Judged tasks need at least one enabled judge with url and model_id. */
export function checkJudgeConfig(ev: EvaluationDraft): RuleResult {
  const task = benchmarkOf(ev);
  return JUDGED_TASKS.includes(task) ? checkJudgesOf(ev, task) : OK;
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
