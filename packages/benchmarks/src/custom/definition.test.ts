import { describe, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { QUIZ_CSV, QUIZ_YML, caught, definitionFrom, writeFiles } from './custom-test-support.js';
import { listCustomBenchmarks, loadCustomBenchmark } from './definition.js';

const RUBRIC =
  'Judge the answer.\n{QUESTION}\n{RESPONSE}\n<rubric_criteria>{"accuracy": {"score": 0, "explanation": ""}}</rubric_criteria>\n';
const FREE_TEXT = `name: notes
description: d
data: {path: notes.jsonl}
prompt: {template: "Summarise: {{note}}"}
task:
  kind: free_text
  reference_column: gold
  rubric: {template_file: rubric.txt}
metrics: [jury_score]
`;
const NOTES = '{"note": "n1", "gold": "g1"}\n';

/** Definitions that pass the schema but not the semantic checks: code and message fragments. */
const DEFINITION_ERRORS: readonly [string, Record<string, string>, string, readonly string[]][] = [
  [
    'both path and url',
    {
      'def.yml': QUIZ_YML.replace(
        'path: quiz.csv',
        `path: quiz.csv\n  url: https://example.org/q.csv\n  sha256: ${'a'.repeat(64)}`,
      ),
    },
    'EF_CUSTOM_SCHEMA',
    ['data (line 4, column 3): give exactly one of path'],
  ],
  [
    'a missing data file',
    { 'def.yml': QUIZ_YML.replace('quiz.csv', 'missing.csv') },
    'EF_CUSTOM_DATA',
    ['data.path (line 4', 'data file not found', 'missing.csv'],
  ],
  [
    'a data file of unknown format',
    { 'def.yml': QUIZ_YML.replace('quiz.csv', 'quiz.txt'), 'quiz.txt': QUIZ_CSV },
    'EF_CUSTOM_SCHEMA',
    ['data.format', 'cannot tell the format of'],
  ],
  [
    'both template and template_file',
    { 'def.yml': QUIZ_YML.replace('template: "{{question}}"', 'template: "{{question}}"\n  template_file: p.hbs') },
    'EF_CUSTOM_SCHEMA',
    ['prompt (line', 'exactly one of template'],
  ],
  [
    'a missing template file',
    { 'def.yml': QUIZ_YML.replace('template: "{{question}}"', 'template_file: p.hbs') },
    'EF_CUSTOM_TEMPLATE',
    ['prompt.template_file', 'template file not found', 'p.hbs'],
  ],
  [
    'a Handlebars syntax error',
    { 'def.yml': QUIZ_YML.replace('"{{question}}"', '"{{#if question}}{{question}}"') },
    'EF_CUSTOM_TEMPLATE',
    ['prompt.template: not a valid Handlebars template'],
  ],
  [
    'both kinds of options',
    { 'def.yml': QUIZ_YML.replace('answer_column: answer', 'answer_column: answer\n  options_column: opts') },
    'EF_CUSTOM_SCHEMA',
    ['task (line', 'exactly one of options_columns'],
  ],
  [
    'an invalid regex',
    { 'def.yml': QUIZ_YML.replace(/task:[^]*$/, 'task: {kind: regex, answer_column: answer, pattern: "(unclosed"}\n') },
    'EF_CUSTOM_SCHEMA',
    ['task.pattern', 'not a valid regular expression'],
  ],
  [
    'a regex with a backreference (RE2 cannot run it)',
    { 'def.yml': QUIZ_YML.replace(/task:[^]*$/, 'task: {kind: regex, answer_column: answer, pattern: "(a)\\\\1"}\n') },
    'EF_CUSTOM_SCHEMA',
    ['task.pattern', 'not a valid regular expression', 'RE2'],
  ],
  [
    'a regex group that does not exist',
    {
      'def.yml': QUIZ_YML.replace(
        /task:[^]*$/,
        'task: {kind: regex, answer_column: answer, pattern: "Answer: ([A-D])", group: 2}\n',
      ),
    },
    'EF_CUSTOM_SCHEMA',
    ['task.group', '1 capture group(s)'],
  ],
  [
    'a numeric task without an answer',
    { 'def.yml': QUIZ_YML.replace(/task:[^]*$/, 'task: {kind: numeric, tolerance: 1}\n') },
    'EF_CUSTOM_SCHEMA',
    ['task (line', 'give answer_column'],
  ],
  [
    'a metric the task kind cannot use',
    { 'def.yml': `${QUIZ_YML}metrics: [numeric_match]\n` },
    'EF_CUSTOM_METRIC',
    ['numeric_match is not available for task kind multiple_choice'],
  ],
  [
    'a main metric that is not reported',
    { 'def.yml': `${QUIZ_YML}metrics: [exact_match]\nmain_metric: quasi_exact_match\n` },
    'EF_CUSTOM_METRIC',
    ['main_metric quasi_exact_match is not one of the reported metrics (exact_match)'],
  ],
  [
    'jury_score without a rubric',
    { 'def.yml': FREE_TEXT.replace('  rubric: {template_file: rubric.txt}\n', ''), 'notes.jsonl': NOTES },
    'EF_CUSTOM_METRIC',
    ['jury_score needs a rubric'],
  ],
  [
    'a rubric that never shows the answer',
    { 'def.yml': FREE_TEXT, 'notes.jsonl': NOTES, 'rubric.txt': RUBRIC.replace('{RESPONSE}', '') },
    'EF_CUSTOM_TEMPLATE',
    ['rubric.txt', 'add {{RESPONSE}}'],
  ],
  [
    'a rubric without criteria',
    { 'def.yml': FREE_TEXT, 'notes.jsonl': NOTES, 'rubric.txt': 'Rate {{RESPONSE}}.' },
    'EF_CUSTOM_TEMPLATE',
    ['no <rubric_criteria>'],
  ],
  [
    'a rubric criteria block that is not JSON',
    {
      'def.yml': FREE_TEXT,
      'notes.jsonl': NOTES,
      'rubric.txt': RUBRIC.replace('"explanation": ""}', '"explanation": ""'),
    },
    'EF_CUSTOM_TEMPLATE',
    ['<rubric_criteria> block is not valid JSON'],
  ],
  [
    'rouge_l on free text without a reference column',
    {
      'def.yml': FREE_TEXT.replace('  reference_column: gold\n', '').replace('[jury_score]', '[jury_score, rouge_l]'),
      'notes.jsonl': NOTES,
      'rubric.txt': RUBRIC,
    },
    'EF_CUSTOM_METRIC',
    ['task.reference_column is not set'],
  ],
  [
    'the name of a built-in benchmark',
    { 'def.yml': QUIZ_YML.replace('toy_quiz', 'pubmed_qa') },
    'EF_CUSTOM_SCHEMA',
    ['name (line 1', 'built-in benchmark'],
  ],
  [
    'the name "custom"',
    { 'def.yml': QUIZ_YML.replace('toy_quiz', 'custom') },
    'EF_CUSTOM_SCHEMA',
    ['name (line 1', 'built-in benchmark'],
  ],
];

describe('loadCustomBenchmark: definition errors (before any data is read)', () => {
  it.each(DEFINITION_ERRORS)('%s', async (_, files, code, fragments) => {
    const error = await caught(() => definitionFrom({ 'quiz.csv': QUIZ_CSV, ...files }));
    expect(error?.code).toBe(code);
    expect(error?.message).toContain('def.yml');
    for (const fragment of fragments) expect(error?.message).toContain(fragment);
  });
});

describe('loadCustomBenchmark: the BenchmarkDefinition', () => {
  it('multiple choice: the MCQ-joint builder, HELM layout defaults, the exact_match metric', () => {
    const { benchmark } = definitionFrom({ 'def.yml': QUIZ_YML, 'quiz.csv': QUIZ_CSV });
    expect(benchmark).toMatchObject({
      name: 'toy_quiz',
      description: 'Self-written test quiz',
      args: [],
      main_metric: 'exact_match',
    });
    expect(benchmark.prompt).toEqual({
      method: 'multiple_choice_joint',
      instructions: 'Pick the correct option.',
      input_noun: 'Question',
      output_noun: 'Answer',
      newline_after_input_noun: false,
      max_tokens: 1,
      stop_sequences: [],
      temperature: 0,
      max_train_instances: 0,
    });
    expect(benchmark.metrics.flatMap((f) => f.metrics.map((m) => m.name))).toEqual(['exact_match', 'exact_match@5']);
    expect(benchmark.jury).toBeUndefined();
  });

  it('free text with a rubric: declares the jury (placeholders normalised) and jury_score', () => {
    const { benchmark } = definitionFrom({ 'def.yml': FREE_TEXT, 'notes.jsonl': NOTES, 'rubric.txt': RUBRIC });
    expect(benchmark.jury).toEqual({
      annotator: 'jury',
      template: RUBRIC.replace('{QUESTION}', '{{QUESTION}}').replace('{RESPONSE}', '{{RESPONSE}}'),
      criteria: ['accuracy'],
    });
    expect(benchmark.prompt).toMatchObject({
      method: 'generation',
      input_noun: null,
      output_noun: null,
      max_tokens: 512,
      stop_sequences: [],
    });
    expect(benchmark.main_metric).toBe('jury_score');
  });

  it('defaults per task kind: metrics and max_tokens', () => {
    const cases: [string, string, number][] = [
      ['{kind: short_answer, answer_column: answer}', 'quasi_exact_match', 50],
      ['{kind: numeric, answer_column: answer, tolerance: 0.5}', 'numeric_match', 20],
      ['{kind: label, answer_column: answer, labels: [A, B, C]}', 'label_accuracy', 5],
      ['{kind: regex, answer_column: answer, pattern: "([A-D])"}', 'regex_match', 256],
    ];
    for (const [task, main, maxTokens] of cases) {
      const { benchmark } = definitionFrom({
        'def.yml': QUIZ_YML.replace(/task:[^]*$/, `task: ${task}\n`),
        'quiz.csv': QUIZ_CSV,
      });
      expect([benchmark.main_metric, benchmark.prompt.max_tokens]).toEqual([main, maxTokens]);
    }
  });

  it('data paths are relative to the definition file (and stay inside its folder: paths.test.ts)', () => {
    const dir = writeFiles({ 'def.yml': QUIZ_YML.replace('quiz.csv', 'data/quiz.csv') });
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'quiz.csv'), QUIZ_CSV);
    expect(loadCustomBenchmark(join(dir, 'def.yml')).source.url).toBe(join(dir, 'data', 'quiz.csv'));
  });
});

describe('listCustomBenchmarks', () => {
  it('names the *.yml / *.yaml definitions of a folder by file name; broken files are problems, not failures', () => {
    const dir = writeFiles({
      'b.yaml': QUIZ_YML.replace('toy_quiz', 'second'),
      'a.yml': QUIZ_YML,
      'c.yml': 'name: [',
      'd.yml': QUIZ_YML,
      'notes.txt': 'x',
      'quiz.csv': QUIZ_CSV,
    });
    const listing = listCustomBenchmarks(dir);
    expect(listing.benchmarks).toEqual([
      { name: 'toy_quiz', file: join(dir, 'a.yml') },
      { name: 'second', file: join(dir, 'b.yaml') },
    ]);
    expect(listing.problems).toEqual([
      expect.objectContaining({ file: join(dir, 'c.yml'), code: 'EF_CUSTOM_SCHEMA' }),
      expect.objectContaining({
        file: join(dir, 'd.yml'),
        code: 'EF_CUSTOM_SCHEMA',
        message: expect.stringContaining(`the name toy_quiz is already used by ${join(dir, 'a.yml')}`),
      }),
    ]);
  });

  it('a missing folder is EF_CUSTOM_BENCHMARK_FILE', async () => {
    expect(await caught(() => listCustomBenchmarks('/nonexistent-folder'))).toMatchObject({
      code: 'EF_CUSTOM_BENCHMARK_FILE',
    });
  });
});
