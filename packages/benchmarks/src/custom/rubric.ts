/**
 * Rubric templates for judged (`jury_score`) definitions. MedHELM declares the criteria in a
 * `<rubric_criteria>{…}</rubric_criteria>` JSON block (HELM `BenchmarkConfig._get_annotation_criteria`: the keys are
 * the criteria, each value's keys the fields a judge reply must have). Placeholders may be written `{QUESTION}` (as
 * MedHELM's documentation shows) or `{{QUESTION}}` (as HELM's annotator replaces them); both become the double form
 * the engine's jury annotator fills in.
 */
import { customError } from './errors.js';
import type { RubricSpec } from './spec.js';

const CRITERIA_BLOCK = /<rubric_criteria>\s*(\{.*?\})\s*<\/rubric_criteria>/s;
const SINGLE_BRACE_PLACEHOLDER = /(?<!\{)\{(QUESTION|RESPONSE|GOLD_RESPONSE)\}(?!\})/g;

/**
 * `{QUESTION}` → `{{QUESTION}}` (likewise RESPONSE, GOLD_RESPONSE); double-brace placeholders are left alone.
 * @example normalisePlaceholders('Q: {QUESTION} A: {{RESPONSE}}') // 'Q: {{QUESTION}} A: {{RESPONSE}}'
 */
export function normalisePlaceholders(template: string): string {
  return template.replace(SINGLE_BRACE_PLACEHOLDER, '{{$1}}');
}

function criteriaBlock(template: string, origin: string, file: string): Record<string, readonly string[]> | null {
  const match = CRITERIA_BLOCK.exec(template);
  if (!match) return null;
  let value: unknown;
  try {
    value = JSON.parse(match[1]!);
  } catch (error) {
    throw customError(
      'EF_CUSTOM_TEMPLATE',
      file,
      `${origin}: the <rubric_criteria> block is not valid JSON (${(error as Error).message})`,
    );
  }
  const entries = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [];
  const bad = entries.find(([, v]) => v === null || typeof v !== 'object' || Array.isArray(v));
  if (entries.length === 0 || bad) {
    throw customError(
      'EF_CUSTOM_TEMPLATE',
      file,
      `${origin}: the <rubric_criteria> block must map each criterion to an object such as {"score": 0, "explanation": "…"}${bad ? ` (${bad[0]} is not)` : ''}`,
    );
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, Object.keys(v as object)]));
}

/**
 * Builds the rubric: criteria from `explicit` (native definitions) or the `<rubric_criteria>` block; the template
 * must show the judge the answer (`{{RESPONSE}}`).
 * @example parseRubric('… {RESPONSE} … <rubric_criteria>{"safety": {"score": 0}}</rubric_criteria>', 'judge.txt', f).criteria // ['safety']
 */
export function parseRubric(
  text: string,
  origin: string,
  file: string,
  explicit: readonly string[] | null = null,
): RubricSpec {
  const template = normalisePlaceholders(text);
  if (!template.includes('{{RESPONSE}}')) {
    throw customError(
      'EF_CUSTOM_TEMPLATE',
      file,
      `${origin}: the rubric never shows the judge the answer; add {{RESPONSE}} (and {{QUESTION}}, optionally {{GOLD_RESPONSE}})`,
    );
  }
  const block = criteriaBlock(template, origin, file);
  if (explicit === null && block === null) {
    throw customError(
      'EF_CUSTOM_TEMPLATE',
      file,
      `${origin}: no <rubric_criteria>{…}</rubric_criteria> block names the criteria`,
      'Add a <rubric_criteria> JSON block to the rubric (MedHELM format), or list task.rubric.criteria in the definition.',
    );
  }
  const criteria = explicit ?? Object.keys(block!);
  const subkeys = Object.fromEntries(criteria.map((c) => [c, block?.[c] ?? ['score']]));
  return { template, criteria, subkeys };
}
