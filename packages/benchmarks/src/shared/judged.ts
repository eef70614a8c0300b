/**
 * What the judged MedHELM benchmarks of docs/benchmarks.md share with mtsamples_replicate: one jury (gpt, llama,
 * claude) scoring accuracy, completeness and clarity 1–5 under `<benchmark>_accuracy`, the `_corrected` metric and
 * the per-judge / per-criterion breakdowns, plus HELM's summarization ROUGE. Each benchmark writes its own rubric
 * (the project's words, with the focus the spec gives) through `juryRubric`.
 */
import { juryFamily, rougeFamily } from '@eval-factory/metrics';
import type { JurySpec, MetricFamily } from '@eval-factory/types';
import { JURY_CRITERIA, JURY_ROLES, RUBRIC_REPLY_FORMAT } from './jury-rubric.js';

export interface RubricParts {
  /** Who the judge is and what was asked of the model (one paragraph). */
  readonly intro: string;
  /** Tag around `{{QUESTION}}` (the instance's input text), e.g. `conversation`. */
  readonly caseTag: string;
  /** One line before the gold section saying what it holds. */
  readonly goldNote: string;
  /** What each criterion checks. */
  readonly criteria: Readonly<Record<(typeof JURY_CRITERIA)[number], string>>;
}

/**
 * A rubric with HELM's structure: the case, the response and the gold in tagged sections, the three criteria scored
 * 1–5 with a short explanation, and the JSON-only reply. Each placeholder appears once.
 */
export function juryRubric(parts: RubricParts): string {
  return `${parts.intro}

<${parts.caseTag}>
{{QUESTION}}
</${parts.caseTag}>

<response>
{{RESPONSE}}
</response>

${parts.goldNote}
<gold_response>
{{GOLD_RESPONSE}}
</gold_response>

Score the response on each criterion with an integer from 1 (very poor) to 5 (excellent), and give a brief explanation for each score:
- accuracy: ${parts.criteria.accuracy};
- completeness: ${parts.criteria.completeness};
- clarity: ${parts.criteria.clarity}.

${RUBRIC_REPLY_FORMAT}`;
}

/** The jury spec of a judged benchmark (annotation key `jury`). */
export const jurySpec = (template: string): JurySpec => ({ annotator: 'jury', template, criteria: JURY_CRITERIA });

/**
 * `<benchmark>_accuracy` (HELM), `…_corrected` and the breakdowns, then ROUGE-1/2/L. `correctedSet` as in
 * `juryFamily`: true when the benchmark appends a corrected instance set (mtsamples_procedures).
 */
export function judgedMetrics(metric: string, correctedSet = false): MetricFamily[] {
  return [
    juryFamily({ metric, annotator: 'jury', criteria: JURY_CRITERIA, roles: JURY_ROLES, correctedSet }),
    rougeFamily,
  ];
}
