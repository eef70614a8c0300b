/**
 * The LLM-jury metric family (docs/configuration.md#judges): the engine's jury annotator stores every judge's raw reply
 * (`JuryAnnotation`); this pure family parses and aggregates them into HELM's score, the corrected score and the
 * per-judge and per-criterion breakdowns.
 */
import type {
  JudgeRole,
  JuryAnnotation,
  MetricDescriptor,
  MetricFamily,
  MetricInput,
  MetricValues,
} from '@eval-factory/types';
import { parseJudgeReply } from './parse-reply.js';
import type { JudgeReplyMode } from './parse-reply.js';

export interface JuryFamilyOptions {
  /** HELM's metric name, e.g. `mtsamples_replicate_accuracy`. */
  readonly metric: string;
  /** Annotation key the jury annotator writes (`JurySpec.annotator`). */
  readonly annotator: string;
  readonly criteria: readonly string[];
  /** Judge roles in calling order (HELM: gpt, llama, claude). */
  readonly roles: readonly JudgeRole[];
  /**
   * `true` when the benchmark has a corrected instance set (mtsamples_replicate): the HELM metric is computed on the
   * HELM instances only, the corrected metric and the breakdowns on the `variant: 'corrected'` instances only.
   * `false` (default, medalign): every metric on every instance.
   */
  readonly correctedSet?: boolean;
}

/** HELM's `default_score` for the judged MedHELM benchmarks: an empty output or no usable judge scores 1.0. */
export const HELM_JURY_DEFAULT_SCORE = 1;

const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

function juryAnnotation(input: MetricInput, annotator: string): JuryAnnotation | null {
  const value = input.annotations?.[annotator];
  return value !== null && typeof value === 'object' ? (value as JuryAnnotation) : null;
}

/** Each judge's parsed scores in one reading mode; a failed call or parse leaves the judge out. */
function judgeScores(
  annotation: JuryAnnotation,
  opts: JuryFamilyOptions,
  mode: JudgeReplyMode,
): Map<JudgeRole, Record<string, number>> {
  const byRole = new Map<JudgeRole, Record<string, number>>();
  for (const role of opts.roles) {
    const call = annotation.judges?.[role];
    if (!call?.ok) continue;
    const parsed = parseJudgeReply(call.reply, opts.criteria, mode);
    if (parsed.ok) byRole.set(role, parsed.scores);
  }
  return byRole;
}

/** §5.1: mean of every valid HELM-mode score of every judge (extra keys included), else 1.0. */
function helmValue(annotation: JuryAnnotation, opts: JuryFamilyOptions): number {
  if (annotation.prompt_text === null) return HELM_JURY_DEFAULT_SCORE;
  const all = [...judgeScores(annotation, opts, 'helm').values()].flatMap((scores) => Object.values(scores));
  return all.length > 0 ? mean(all) : HELM_JURY_DEFAULT_SCORE;
}

/**
 * §5.2–§5.3: the corrected mean over valid (judge, criterion) scores and its breakdowns. An empty output scores
 * 1.0 and has no breakdowns (no judge was asked); a non-empty output without any valid score has no value at all.
 */
function correctedValues(annotation: JuryAnnotation, opts: JuryFamilyOptions): Record<string, number> {
  if (annotation.prompt_text === null) return { [`${opts.metric}_corrected`]: HELM_JURY_DEFAULT_SCORE };
  const byRole = judgeScores(annotation, opts, 'corrected');
  const values: Record<string, number> = {};
  const all = [...byRole.values()].flatMap((scores) => Object.values(scores));
  if (all.length === 0) return values;
  values[`${opts.metric}_corrected`] = mean(all);
  for (const [role, scores] of byRole) values[`${opts.metric}_judge_${role}`] = mean(Object.values(scores));
  for (const criterion of opts.criteria) {
    const scores = [...byRole.values()].map((s) => s[criterion]).filter((v): v is number => v !== undefined);
    if (scores.length > 0) values[`${opts.metric}_criterion_${criterion}`] = mean(scores);
  }
  return values;
}

/** Every jury metric is a mean of integer 1–5 scores. */
const JURY_RANGE = [1, 5] as const;

function descriptors(opts: JuryFamilyOptions): MetricDescriptor[] {
  const { metric } = opts;
  const set = opts.correctedSet ? ' on the corrected instance set' : '';
  return [
    {
      name: metric,
      description:
        'LLM-jury score (1–5): mean of every judge score, as HELM computes it; 1.0 when the output is empty or no judge reply could be read.',
      helm_compatible: true,
      report: true,
      range: JURY_RANGE,
    },
    {
      name: `${metric}_corrected`,
      description: `LLM-jury score (1–5)${set}: mean of the valid integer 1–5 criterion scores; judge failures leave the instance unscored instead of scoring 1.0.`,
      helm_compatible: false,
      corrects: metric,
      report: true,
      range: JURY_RANGE,
    },
    ...opts.roles.map((role) => ({
      name: `${metric}_judge_${role}`,
      description: `Mean of the ${role} judge's valid criterion scores (1–5)${set}.`,
      helm_compatible: false,
      report: true,
      range: JURY_RANGE,
    })),
    ...opts.criteria.map((criterion) => ({
      name: `${metric}_criterion_${criterion}`,
      description: `Mean ${criterion} score (1–5) over the judges${set}.`,
      helm_compatible: false,
      report: true,
      range: JURY_RANGE,
    })),
  ];
}

/**
 * The jury family of one judged benchmark.
 * @example juryFamily({ metric: 'medalign_accuracy', annotator: 'jury', criteria: ['accuracy', 'completeness', 'clarity'], roles: ['gpt', 'llama', 'claude'] })
 */
export function juryFamily(opts: JuryFamilyOptions): MetricFamily {
  return {
    name: `${opts.metric}_jury`,
    metrics: descriptors(opts),
    compute(input: MetricInput): MetricValues {
      // No completion (failed request) or no annotation (the annotator failed): nothing to score.
      if (input.completions.length === 0) return {};
      const annotation = juryAnnotation(input, opts.annotator);
      if (annotation === null) return {};
      const corrected = input.instance.variant === 'corrected';
      const values: Record<string, number> = {};
      if (!opts.correctedSet || !corrected) values[opts.metric] = helmValue(annotation, opts);
      if (!opts.correctedSet || corrected) Object.assign(values, correctedValues(annotation, opts));
      return values;
    },
  };
}
