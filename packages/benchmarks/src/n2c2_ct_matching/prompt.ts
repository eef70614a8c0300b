import type { PromptSpec } from '@eval-factory/types';
import { YES_NO_PROMPT } from '../shared/yes-no-prompt.js';

/**
 * The project's own wording of HELM's n2c2 adapter texts (docs/benchmarks/n2c2_ct_matching.md, `medhelm_run_specs.py` L1412; HELM's
 * exact strings go through `extra.prompt_texts`). The input noun is `""`, a real noun: HELM writes the prefix
 * `": "` before the scenario text.
 */
export const n2c2CtMatchingPrompt: PromptSpec = YES_NO_PROMPT;

/**
 * The sentences of the scenario's prompt, in the project's own words (HELM's are in `create_prompt` of
 * `n2c2_ct_matching_scenario.py`). Placeholders: `{subject}`, `{definition}`, `{num_notes}`, `{current_date}`.
 * The `# …` headings, the note headers and the rules of `-` and `*` are layout and stay exact.
 */
export const N2C2_SCENARIO_TEXTS = {
  task: 'A clinical trial is screening patients. Using the notes below, judge whether this patient fulfils the inclusion criterion given here.',
  criterion: 'The criterion to check is "{subject}".',
  definition: 'It is defined as follows: "{definition}".',
  notes_intro:
    "The {num_notes} clinical notes below describe the patient's health. Each note starts with a header giving the " +
    'date it was written, and the notes are separated by a line of asterisks.',
  current_date: "Take today's date to be {current_date}.",
  question: 'Is the criterion "{subject}" fulfilled for this patient?',
} as const;

export type N2c2ScenarioTexts = { readonly [K in keyof typeof N2C2_SCENARIO_TEXTS]: string };

export interface N2c2Note {
  /** First `Record date: YYYY-MM-DD` of the note, or null when it has none. */
  readonly date: string | null;
  readonly text: string;
}

export interface N2c2PromptFields {
  readonly subject: string;
  readonly definition: string;
  readonly notes: readonly N2c2Note[];
  /** Date of the last note that has one; null is written as Python's `None`, as HELM's f-string does. */
  readonly currentDate: string | null;
}

const RULE = '-'.repeat(100);
const NOTE_SEPARATOR = `\n${'*'.repeat(50)}\n\n`;
/** HELM's prompt is an indented triple-quoted f-string: every template line carries these 4 spaces. */
const INDENT = '    ';

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** `## Note #k` / `Date: …` / text, joined by a line of 50 asterisks (a missing date leaves `Date: `). */
export function n2c2NotesBlock(notes: readonly N2c2Note[]): string {
  return notes.map((note, i) => `## Note #${i + 1}\nDate: ${note.date ?? ''}\n${note.text}`).join(NOTE_SEPARATOR);
}

/**
 * The instance text: HELM's section layout with the project's sentences. It starts with a newline and ends with a
 * newline plus 4 spaces (the f-string's closing line); only the first line of a multi-line value (the notes) is
 * indented, and blank template lines are empty.
 */
export function n2c2InputText(fields: N2c2PromptFields, texts: N2c2ScenarioTexts = N2C2_SCENARIO_TEXTS): string {
  const values = {
    subject: fields.subject,
    definition: fields.definition,
    num_notes: String(fields.notes.length),
    current_date: fields.currentDate ?? 'None',
  };
  const t = (key: keyof N2c2ScenarioTexts) => fill(texts[key], values);
  // null = a blank template line (no indentation); strings are template lines, indented even when empty.
  const lines: (string | null)[] = [
    '# Task',
    t('task'),
    null,
    '# Inclusion Criterion',
    t('criterion'),
    t('definition'),
    null,
    '# Patient Clinical Notes',
    t('notes_intro'),
    null,
    RULE,
    null,
    n2c2NotesBlock(fields.notes),
    null,
    RULE,
    null,
    '# Current Date',
    t('current_date'),
    null,
    '# Question',
    t('question'),
  ];
  return `\n${lines.map((line) => (line === null ? '' : INDENT + line)).join('\n')}\n${INDENT}`;
}
