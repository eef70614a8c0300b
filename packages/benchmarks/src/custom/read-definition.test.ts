import { describe, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { QUIZ_CSV, caught, writeFiles } from './custom-test-support.js';
import { readDefinition } from './read-definition.js';

const VALID = `name: toy
description: d
data: {path: quiz.csv}
prompt: {template: "{{question}}"}
task: {kind: multiple_choice, options_columns: [opa, opb], answer_column: answer}
`;

/** Each broken definition: the YAML, then fragments its EF_CUSTOM_SCHEMA message must contain (path + line). */
const SCHEMA_ERRORS: readonly [string, string, readonly string[]][] = [
  ['a list, not a mapping', '- name: x\n', ['expected a mapping']],
  ['a YAML syntax error', 'name: [unclosed\n', ['not valid YAML (line']],
  ['a duplicate key', `${VALID}name: again\n`, ['not valid YAML', 'line 6']],
  ['no name', VALID.replace('name: toy\n', ''), ['(top level) (line 1, column 1): name is required']],
  ['a name with a space', VALID.replace('name: toy', 'name: my quiz'), ['name (line 1, column 7): must match pattern']],
  [
    'an unknown top-level field',
    `${VALID}temperature: 0.7\n`,
    ['temperature (line 6, column 14): unknown field (valid: $schema, name, description, data'],
  ],
  [
    'a misspelt data field',
    VALID.replace('{path: quiz.csv}', '{path: quiz.csv, id_colum: id}'),
    ['data.id_colum (line 3', 'unknown field', 'id_column'],
  ],
  [
    'a URL without sha256',
    VALID.replace('{path: quiz.csv}', '{url: "https://example.org/q.csv"}'),
    ['data (line 3, column 7): sha256 is required'],
  ],
  [
    'a plain-http URL',
    VALID.replace('{path: quiz.csv}', `{url: "http://example.org/q.csv", sha256: "${'a'.repeat(64)}"}`),
    ['data.url (line 3', 'must match pattern "^https://"'],
  ],
  [
    'a short sha256',
    VALID.replace('{path: quiz.csv}', '{url: "https://example.org/q.csv", sha256: abc}'),
    ['data.sha256', 'pattern'],
  ],
  [
    'an unknown task kind',
    VALID.replace('kind: multiple_choice', 'kind: essay'),
    ['task.kind (line 5', 'must be one of multiple_choice, short_answer, numeric, label, regex, free_text'],
  ],
  [
    'a label task without labels',
    VALID.replace(
      '{kind: multiple_choice, options_columns: [opa, opb], answer_column: answer}',
      '{kind: label, answer_column: answer}',
    ),
    ['task (line 5, column 7): labels is required'],
  ],
  [
    'a field of another task kind',
    VALID.replace('answer_column: answer}', 'answer_column: answer, labels: [a, b]}'),
    ['task.labels (line 5', 'unknown field'],
  ],
  [
    'an unknown metric',
    `${VALID}metrics: [accuracy]\n`,
    ['metrics[0] (line 6, column 11): must be one of exact_match'],
  ],
  ['max_tokens 0', `${VALID}max_tokens: 0\n`, ['max_tokens (line 6, column 13): must be >= 1']],
  ['a string where a list belongs', `${VALID}stop_sequences: "\\n"\n`, ['stop_sequences (line 6', 'must be array']],
  ['few_shot without count', `${VALID}few_shot: {seed: 3}\n`, ['few_shot (line 6', 'count is required']],
  [
    'MedHELM jury_score without prompt_file and judges',
    'name: M\ndescription: d\nprompt_file: p.txt\ndataset_file: d.csv\nmetrics:\n  - name: jury_score\n',
    ['metrics[0] (line 6, column 5): prompt_file is required', 'judges is required'],
  ],
  [
    'MedHELM without metrics',
    'name: M\ndescription: d\nprompt_file: p.txt\ndataset_file: d.csv\n',
    ['metrics is required'],
  ],
  [
    'MedHELM judge without model_name',
    'name: M\ndescription: d\nprompt_file: p.txt\ndataset_file: d.csv\nmetrics:\n  - name: jury_score\n    prompt_file: j.txt\n    judges: [{name: x}]\n',
    ['metrics[0].judges[0]', 'model_name is required'],
  ],
];

describe('readDefinition: schema errors name the file, the YAML path and the line', () => {
  it.each(SCHEMA_ERRORS)('%s', async (_, yaml, fragments) => {
    const dir = writeFiles({ 'def.yml': yaml, 'quiz.csv': QUIZ_CSV });
    const error = await caught(() => readDefinition(join(dir, 'def.yml')));
    expect(error?.code).toBe('EF_CUSTOM_SCHEMA');
    expect(error?.message).toContain(join(dir, 'def.yml'));
    for (const fragment of fragments) expect(error?.message).toContain(fragment);
  });

  it('lists every problem at once', async () => {
    const dir = writeFiles({
      'def.yml': VALID.replace('name: toy', 'name: "a b"').replace('kind: multiple_choice', 'kind: essay'),
    });
    const error = await caught(() => readDefinition(join(dir, 'def.yml')));
    expect(error?.message).toMatch(/invalid definition, 2 problems: name .*; task\.kind/);
  });
});

describe('readDefinition: the file itself', () => {
  it('a missing file is EF_CUSTOM_BENCHMARK_FILE', async () => {
    const error = await caught(() => readDefinition('/nonexistent/def.yml'));
    expect(error).toMatchObject({ code: 'EF_CUSTOM_BENCHMARK_FILE' });
    expect(error?.message).toContain('/nonexistent/def.yml');
  });

  it('a folder is EF_CUSTOM_BENCHMARK_FILE', async () => {
    const dir = writeFiles({});
    mkdirSync(join(dir, 'def.yml'));
    expect(await caught(() => readDefinition(join(dir, 'def.yml')))).toMatchObject({
      code: 'EF_CUSTOM_BENCHMARK_FILE',
    });
  });

  it('tells the formats apart and accepts a valid definition of each', () => {
    const dir = writeFiles({
      'def.yml': VALID,
      'm.yaml':
        'name: M-1\ndescription: d\nprompt_file: p.txt\ndataset_file: d.csv\nmetrics: [{name: exact_match}]\nversion: 2\n',
    });
    expect(readDefinition(join(dir, 'def.yml')).format).toBe('native');
    // MedHELM's loader ignores keys it does not know, so eval-factory accepts them too.
    expect(readDefinition(join(dir, 'm.yaml')).format).toBe('medhelm');
  });

  it('YAML 1.2: yes/no stay strings (a label set of yes/no is not booleans)', () => {
    const dir = writeFiles({
      'def.yml': VALID.replace(
        '{kind: multiple_choice, options_columns: [opa, opb], answer_column: answer}',
        '{kind: label, answer_column: answer, labels: [yes, no]}',
      ),
    });
    expect((readDefinition(join(dir, 'def.yml')).value.task as { labels: unknown[] }).labels).toEqual(['yes', 'no']);
  });
});
