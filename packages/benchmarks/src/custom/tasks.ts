/**
 * Per-row answer handling of each task kind: which columns a row needs, and the references (gold tagged
 * `correct`) plus any `extra_data` the kind's metric reads. Every bad cell is an error naming row and column.
 */
import type { Reference } from '@eval-factory/types';
import { optionReferences } from '../shared/instances.js';
import { customError } from './errors.js';
import { seededPermutation } from './seeded-shuffle.js';
import type { CustomSpec, TaskSpec } from './spec.js';
import type { NumericGold } from './task-metrics.js';

export interface RowAnswer {
  readonly references: readonly Reference[];
  readonly extra_data?: Readonly<Record<string, unknown>>;
}

type Row = Readonly<Record<string, unknown>>;

/** The columns every row must have for this task (optional ones only when configured). */
export function taskColumns(task: TaskSpec): string[] {
  switch (task.kind) {
    case 'multiple_choice':
      return [...('columns' in task.options ? task.options.columns : [task.options.listColumn]), task.answerColumn];
    case 'short_answer':
      return [task.answerColumn, ...(task.aliasesColumn ? [task.aliasesColumn] : [])];
    case 'numeric':
      return [task.answerColumn, task.lowerColumn, task.upperColumn].filter((c): c is string => c !== null);
    case 'label':
    case 'regex':
      return [task.answerColumn];
    case 'free_text':
      return task.referenceColumn ? [task.referenceColumn] : [];
    case 'medhelm':
      return task.requireCorrectAnswer ? ['correct_answer'] : [];
  }
}

/**
 * A cell as text: strings as they are, numbers and booleans printed, null as "", lists and objects as JSON.
 * @example cellText(3.5) // '3.5'
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

class RowReader {
  constructor(
    readonly spec: CustomSpec,
    readonly row: Row,
    readonly where: string,
  ) {}

  fail(column: string, what: string): never {
    throw customError('EF_CUSTOM_DATA', this.spec.file, `${this.where}, column "${column}": ${what}`);
  }

  /** The cell as text, unstripped (references keep the data's exact text); `required` rejects a blank cell. */
  text(column: string, required = true): string {
    if (!Object.hasOwn(this.row, column)) this.fail(column, 'missing');
    const text = cellText(this.row[column]);
    if (required && text.trim() === '') this.fail(column, 'is empty');
    return text;
  }

  /** A list cell: a JSON/YAML list, or (CSV) text holding a JSON list; an empty cell is an empty list. */
  list(column: string): string[] {
    const value = this.row[column];
    if (Array.isArray(value)) return value.map(cellText);
    const text = this.text(column, false).trim();
    if (text === '') return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.fail(column, `expected a JSON list such as ["a", "b"], got ${JSON.stringify(text.slice(0, 40))}`);
    }
    if (!Array.isArray(parsed)) this.fail(column, 'expected a JSON list such as ["a", "b"]');
    return (parsed as unknown[]).map(cellText);
  }

  number(column: string): number {
    const text = this.text(column).trim().replaceAll(',', '');
    const value = Number(text);
    if (text === '' || !Number.isFinite(value)) this.fail(column, `expected a number, got ${JSON.stringify(text)}`);
    return value;
  }
}

function multipleChoice(r: RowReader, task: Extract<TaskSpec, { kind: 'multiple_choice' }>, key: string): RowAnswer {
  const all =
    'columns' in task.options ? task.options.columns.map((c) => r.text(c, false)) : r.list(task.options.listColumn);
  const optionsColumn = 'columns' in task.options ? task.options.columns.join('/') : task.options.listColumn;
  const answer = r.text(task.answerColumn).trim();
  let index: number;
  if (task.answerFormat === 'letter') {
    index = /^[A-Za-z]$/.test(answer) ? answer.toUpperCase().charCodeAt(0) - 65 : -1;
    if (index < 0 || index >= all.length)
      r.fail(
        task.answerColumn,
        `expected a letter A–${String.fromCharCode(64 + all.length)}, got ${JSON.stringify(answer)}`,
      );
  } else if (task.answerFormat === 'number') {
    index = /^\d+$/.test(answer) ? Number(answer) - 1 : -1;
    if (index < 0 || index >= all.length)
      r.fail(task.answerColumn, `expected an option number 1–${all.length}, got ${JSON.stringify(answer)}`);
  } else {
    index = all.findIndex((o) => o.trim() === answer);
    if (index < 0) r.fail(task.answerColumn, `${JSON.stringify(answer)} is not one of the options in ${optionsColumn}`);
  }
  if (all[index]!.trim() === '') r.fail(task.answerColumn, `points at option ${index + 1}, which is empty`);
  // Empty option cells are dropped, so a 4-option row in a 5-column file shows four options.
  let kept = all.flatMap((text, i) => (text.trim() === '' ? [] : [{ text, correct: i === index }]));
  if (kept.length < 2) r.fail(optionsColumn, 'a multiple-choice row needs at least two non-empty options');
  if (task.shuffleSeed !== null) kept = seededPermutation(kept.length, task.shuffleSeed, key).map((i) => kept[i]!);
  return {
    references: optionReferences(
      kept.map((o) => o.text),
      (i) => kept[i]!.correct,
    ),
  };
}

function numeric(r: RowReader, task: Extract<TaskSpec, { kind: 'numeric' }>): RowAnswer {
  const gold: NumericGold = {
    value: task.answerColumn ? r.number(task.answerColumn) : null,
    lower: task.lowerColumn ? r.number(task.lowerColumn) : null,
    upper: task.upperColumn ? r.number(task.upperColumn) : null,
  };
  if (gold.lower !== null && gold.upper !== null && gold.lower > gold.upper)
    r.fail(task.lowerColumn!, `lower bound ${gold.lower} is above the upper bound ${gold.upper}`);
  const text = task.answerColumn ? r.text(task.answerColumn).trim() : `${gold.lower ?? ''}..${gold.upper ?? ''}`;
  return { references: optionReferences([text], () => true), extra_data: { numeric: gold } };
}

function label(r: RowReader, task: Extract<TaskSpec, { kind: 'label' }>): RowAnswer {
  const answer = r.text(task.answerColumn).trim();
  const fold = (s: string) => (task.caseSensitive ? s : s.toLowerCase());
  const gold = task.labels.find((l) => fold(l) === fold(answer));
  if (gold === undefined)
    r.fail(task.answerColumn, `${JSON.stringify(answer)} is not one of the labels ${task.labels.join(', ')}`);
  return { references: optionReferences(task.labels, (i) => task.labels[i] === gold) };
}

function medhelm(r: RowReader): RowAnswer {
  const references: Reference[] = [];
  // HELM keeps the cells as pandas read them; a non-text gold crashes HELM's exact_match, so the text is used.
  if (Object.hasOwn(r.row, 'correct_answer'))
    references.push({ output: { text: r.text('correct_answer') }, tags: ['correct'] });
  if (Object.hasOwn(r.row, 'incorrect_answers')) {
    if (r.text('incorrect_answers', false).trim() === '')
      r.fail('incorrect_answers', 'is empty (HELM json.loads fails on an empty cell); write [] for none');
    for (const text of r.list('incorrect_answers')) references.push({ output: { text }, tags: [] });
  }
  return { references };
}

/**
 * The answer side of one row. `key` identifies the row for option shuffling (its id, else its row number).
 * @example rowAnswer(spec, { question: 'Q', answer: 'yes' }, 'quiz.csv row 1', '1')
 */
export function rowAnswer(spec: CustomSpec, row: Row, where: string, key: string): RowAnswer {
  const r = new RowReader(spec, row, where);
  const task = spec.task;
  switch (task.kind) {
    case 'multiple_choice':
      return multipleChoice(r, task, key);
    case 'short_answer': {
      const answers = [r.text(task.answerColumn), ...(task.aliasesColumn ? r.list(task.aliasesColumn) : [])];
      return { references: optionReferences(answers, () => true) };
    }
    case 'numeric':
      return numeric(r, task);
    case 'label':
      return label(r, task);
    case 'regex':
      return { references: optionReferences([r.text(task.answerColumn)], () => true) };
    case 'free_text':
      return { references: task.referenceColumn ? optionReferences([r.text(task.referenceColumn)], () => true) : [] };
    case 'medhelm':
      return medhelm(r);
  }
}
