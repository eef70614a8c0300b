import type { PromptSpec } from '@eval-factory/types';

/** The 13 conditions (the `condition` argument and the spreadsheet names), in HELM's order. */
export const CLEAR_CONDITIONS = [
  'alcohol_dependence',
  'attention_deficit_hyperactivity_disorder',
  'bipolar_disorder',
  'chronic_pain',
  'homelessness',
  'liver_disease',
  'major_depression',
  'personality_disorder',
  'post_traumatic_stress_disorder',
  'substance_use_disorder',
  'suicidal_behavior',
  'tobacco_dependence',
  'unemployment',
] as const;

export type ClearCondition = (typeof CLEAR_CONDITIONS)[number];

/** The condition in words, as HELM writes it inside the answer options (structural: the references use it). */
export const CLEAR_CONDITION_TEXT: Readonly<Record<ClearCondition, string>> = {
  alcohol_dependence: 'alcohol dependence',
  attention_deficit_hyperactivity_disorder: 'attention deficit hyperactivity disorder (ADHD)',
  bipolar_disorder: 'bipolar disorder',
  chronic_pain: 'chronic pain',
  homelessness: 'homelessness',
  liver_disease: 'liver disease',
  major_depression: 'major depression',
  personality_disorder: 'personality disorder',
  post_traumatic_stress_disorder: 'post-traumatic stress disorder (PTSD)',
  substance_use_disorder: 'substance use disorder',
  suicidal_behavior: 'suicidal behavior',
  tobacco_dependence: 'tobacco dependence',
  unemployment: 'unemployment',
};

/**
 * The project's own wording of HELM's CLEAR adapter texts (docs/benchmarks/clear.md, `medhelm_run_specs.py` L131). HELM's
 * instructions name the condition (one text per condition); ours refer to "the condition in the options" so one
 * text serves all 13. No input noun: the scenario text ends with `Answer:` and the options follow on that line.
 */
export const clearPrompt: PromptSpec = {
  method: 'multiple_choice_joint',
  instructions:
    'Reply A if the patient has a history of the condition named in the options, B if they do not, or C if it is uncertain.',
  input_noun: null,
  output_noun: 'Reply with the single letter A, B or C and nothing else: no other words, punctuation or symbols',
  max_tokens: 1,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};

/**
 * The scenario's opening sentences in the project's own words (HELM's are in `clear_scenario.py`); placeholder
 * `{condition}`. `Original Clinical Note:`, the A/B/C list and `Answer:` are layout and stay exact.
 */
export const CLEAR_SCENARIO_TEXTS = {
  task: 'Read the clinical note below and judge whether it documents a history of {condition} for this patient.',
} as const;

export type ClearScenarioTexts = { readonly [K in keyof typeof CLEAR_SCENARIO_TEXTS]: string };

/** References in HELM's order (A, B, C). */
export function clearChoices(conditionText: string): [string, string, string] {
  return [`Has a history of ${conditionText}`, `Does not have a history of ${conditionText}`, 'Uncertain'];
}

/**
 * Instance text: the task sentence, the note, HELM's own A/B/C list and `Answer:` (the adapter then appends its
 * options right after it, on the same line, since there is no input noun and hence no newline).
 */
export function clearInputText(
  conditionText: string,
  note: string,
  texts: ClearScenarioTexts = CLEAR_SCENARIO_TEXTS,
): string {
  const [a, b, c] = clearChoices(conditionText);
  const task = texts.task.replaceAll('{condition}', conditionText);
  return `${task}\n\nOriginal Clinical Note:\n${note}\n\nA. ${a}\nB. ${b}\nC. ${c}\n\nAnswer:`;
}
