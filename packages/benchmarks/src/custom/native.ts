/** The native definition format (docs/custom-benchmarks.md) → CustomSpec, with defaults and semantic checks. */
import type { PromptSpec } from '@eval-factory/types';
import { DEFAULT_METRICS } from './metric-registry.js';
import type { RawDefinition } from './read-definition.js';
import { parseRubric } from './rubric.js';
import { dataSource, fieldError, templateText } from './sources.js';
import { compileUserPattern } from './user-regex.js';
import type { CustomSpec, RubricSpec, TaskKind, TaskSpec } from './spec.js';

type Obj = Record<string, unknown>;
type NativeKind = Exclude<TaskKind, 'medhelm'>;

/** Output tokens per kind when `max_tokens` is not given: a letter, a label, a number, a phrase, a paragraph. */
export const DEFAULT_MAX_TOKENS: Readonly<Record<NativeKind, number>> = {
  multiple_choice: 1,
  label: 5,
  numeric: 20,
  short_answer: 50,
  regex: 256,
  free_text: 512,
};

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function regexTask(raw: RawDefinition, t: Obj): TaskSpec {
  const pattern = t.pattern as string;
  const flags = str(t.flags) ?? '';
  let groups: number;
  try {
    groups = compileUserPattern(pattern, flags).groupCount;
  } catch (error) {
    throw fieldError(
      raw,
      'EF_CUSTOM_SCHEMA',
      ['task', 'pattern'],
      `not a valid regular expression (${(error as Error).message})`,
    );
  }
  const group = typeof t.group === 'number' ? t.group : groups > 0 ? 1 : 0;
  if (group > groups)
    throw fieldError(
      raw,
      'EF_CUSTOM_SCHEMA',
      ['task', 'group'],
      `the pattern has ${groups} capture group(s), so group ${group} does not exist`,
    );
  return { kind: 'regex', answerColumn: t.answer_column as string, pattern, flags, group };
}

function task(raw: RawDefinition, t: Obj): TaskSpec {
  const kind = t.kind as NativeKind;
  switch (kind) {
    case 'multiple_choice': {
      const columns = t.options_columns as string[] | undefined;
      const listColumn = str(t.options_column);
      if ((columns === undefined) === (listColumn === null))
        throw fieldError(
          raw,
          'EF_CUSTOM_SCHEMA',
          ['task'],
          'give exactly one of options_columns (one column per option) or options_column (a list per row)',
        );
      const shuffle = t.shuffle_seed;
      return {
        kind,
        options: columns ? { columns } : { listColumn: listColumn! },
        answerColumn: t.answer_column as string,
        answerFormat: (str(t.answer_format) ?? 'letter') as 'letter' | 'number' | 'text',
        shuffleSeed: typeof shuffle === 'number' ? shuffle : null,
      };
    }
    case 'short_answer':
      return { kind, answerColumn: t.answer_column as string, aliasesColumn: str(t.aliases_column) };
    case 'numeric': {
      const answerColumn = str(t.answer_column);
      const lowerColumn = str(t.lower_column);
      const upperColumn = str(t.upper_column);
      if (answerColumn === null && lowerColumn === null && upperColumn === null) {
        throw fieldError(
          raw,
          'EF_CUSTOM_SCHEMA',
          ['task'],
          'give answer_column (with tolerance / relative_tolerance) or lower_column / upper_column',
        );
      }
      return {
        kind,
        answerColumn,
        lowerColumn,
        upperColumn,
        tolerance: (t.tolerance as number | undefined) ?? 0,
        relativeTolerance: (t.relative_tolerance as number | undefined) ?? 0,
      };
    }
    case 'label':
      return {
        kind,
        answerColumn: t.answer_column as string,
        labels: t.labels as string[],
        caseSensitive: t.case_sensitive === true,
      };
    case 'regex':
      return regexTask(raw, t);
    case 'free_text':
      return { kind, referenceColumn: str(t.reference_column) };
  }
}

function rubric(raw: RawDefinition, t: Obj): RubricSpec | null {
  const value = t.rubric as Obj | undefined;
  if (!value) return null;
  const { text, origin } = templateText(raw, ['task', 'rubric'], value);
  return parseRubric(text, origin, raw.file, (value.criteria as string[] | undefined) ?? null);
}

/**
 * Turns a schema-valid native definition into the normalised spec.
 * @example nativeSpec(readDefinition('/q/quiz.yml')).task.kind // 'multiple_choice'
 */
export function nativeSpec(raw: RawDefinition): CustomSpec {
  const v = raw.value;
  const t = v.task as Obj;
  const taskSpec = task(raw, t);
  const kind = taskSpec.kind as NativeKind;
  const data = v.data as Obj;
  const prompt = v.prompt as Obj;
  const { text, origin } = templateText(raw, ['prompt'], prompt);
  const metrics = (v.metrics as string[] | undefined) ?? [...DEFAULT_METRICS[kind]];
  const fewShot = v.few_shot as Obj | undefined;
  const isMcq = kind === 'multiple_choice';
  const promptSpec: PromptSpec = {
    method: isMcq ? 'multiple_choice_joint' : 'generation',
    instructions: str(prompt.instructions) ?? '',
    input_noun: prompt.input_noun === undefined ? null : (prompt.input_noun as string | null),
    output_noun: prompt.output_noun === undefined ? (isMcq ? 'Answer' : null) : (prompt.output_noun as string | null),
    newline_after_input_noun: prompt.newline_after_input_noun === true,
    max_tokens: (v.max_tokens as number | undefined) ?? DEFAULT_MAX_TOKENS[kind],
    stop_sequences: (v.stop_sequences as string[] | undefined) ?? [],
    temperature: 0,
    max_train_instances: (fewShot?.count as number | undefined) ?? 0,
  };
  return {
    file: raw.file,
    format: 'native',
    name: v.name as string,
    description: v.description as string,
    data: dataSource(raw, ['data'], data),
    idColumn: str(data.id_column),
    groupColumn: str(data.group_column),
    template: { engine: 'handlebars', text, origin },
    prompt: promptSpec,
    task: taskSpec,
    metrics,
    mainMetric: str(v.main_metric) ?? metrics[0]!,
    rubric: rubric(raw, t),
    fewShot: fewShot
      ? {
          count: fewShot.count as number,
          seed: (fewShot.seed as number | undefined) ?? 0,
          data: fewShot.data ? dataSource(raw, ['few_shot', 'data'], fewShot.data as Obj) : null,
        }
      : null,
    cells: 'raw',
    notes: [],
  };
}
