import { describe, expect, it } from '@jest/globals';
import { QUIZ_CSV, QUIZ_YML, caught, contextFor, definitionFrom, loadFrom } from './custom-test-support.js';

const HEADER = 'id,topic,question,opa,opb,opc,opd,answer';
const withRows = (...rows: string[]) => [HEADER, ...rows].join('\n');
const JSONL_YML = QUIZ_YML.replace('quiz.csv', 'quiz.jsonl');
const withTask = (task: string) => QUIZ_YML.replace(/task:[^]*$/, `task: ${task}\n`);

/** Broken data: the files (over the valid quiz), the code, and fragments naming the file, row and column. */
const DATA_ERRORS: readonly [string, Record<string, string | Uint8Array>, string, readonly string[]][] = [
  ['an empty file', { 'quiz.csv': '' }, 'EF_CUSTOM_DATA', ['quiz.csv: the file is empty']],
  ['a header and no rows', { 'quiz.csv': HEADER }, 'EF_CUSTOM_DATA', ['quiz.csv has no data rows']],
  [
    'a column the task needs is missing',
    { 'quiz.csv': QUIZ_CSV.replace(',answer', ',solution') },
    'EF_CUSTOM_DATA',
    ['quiz.csv header (line 1) has no column "answer"', 'columns: id, topic'],
  ],
  [
    'a template field the header lacks',
    { 'def.yml': QUIZ_YML.replace('{{question}}', '{{question}} ({{specialty}})') },
    'EF_CUSTOM_TEMPLATE',
    ['prompt.template uses "specialty", which the header of quiz.csv does not have'],
  ],
  [
    'a template field a JSONL row lacks',
    {
      'def.yml': JSONL_YML,
      'quiz.jsonl':
        '{"id": "1", "question": "Q", "opa": "a", "opb": "b", "opc": "c", "opd": "d", "answer": "A"}\n{"id": "2", "opa": "a", "opb": "b", "opc": "c", "opd": "d", "answer": "A"}\n',
    },
    'EF_CUSTOM_TEMPLATE',
    ['uses "question", which quiz.jsonl row 2 (line 2) does not have'],
  ],
  [
    'a column a JSONL row lacks',
    {
      'def.yml': JSONL_YML,
      'quiz.jsonl': '{"id": "1", "question": "Q", "opa": "a", "opb": "b", "opc": "c", "opd": "d"}\n',
    },
    'EF_CUSTOM_DATA',
    ['quiz.jsonl row 1 (line 1), column "answer": missing'],
  ],
  [
    'a row with too many fields',
    { 'quiz.csv': withRows('q1,t,Q?,a,b,c,d,A', 'q2,t,Q?,a,b,c,d,A,extra') },
    'EF_CUSTOM_DATA',
    ['quiz.csv: row 2 (line 3) has 9 fields, the header has 8'],
  ],
  [
    'a letter outside the options',
    { 'quiz.csv': withRows('q1,t,Q?,a,b,c,d,E') },
    'EF_CUSTOM_DATA',
    ['quiz.csv row 1 (line 2), column "answer": expected a letter A–D, got "E"'],
  ],
  [
    'an answer pointing at an empty option',
    { 'quiz.csv': withRows('q1,t,Q?,a,b,c,,D') },
    'EF_CUSTOM_DATA',
    ['column "answer": points at option 4, which is empty'],
  ],
  [
    'an empty answer',
    { 'quiz.csv': withRows('q1,t,Q?,a,b,c,d,') },
    'EF_CUSTOM_DATA',
    ['row 1 (line 2), column "answer": is empty'],
  ],
  [
    'a duplicate id',
    { 'quiz.csv': withRows('q1,t,Q?,a,b,c,d,A', 'q2,t,Q?,a,b,c,d,A', 'q1,t,Q?,a,b,c,d,B') },
    'EF_CUSTOM_DATA',
    ['duplicate id "q1" in column "id": quiz.csv row 1 (line 2) and quiz.csv row 3 (line 4)'],
  ],
  [
    'a duplicate header column',
    { 'quiz.csv': `${HEADER},topic\nq1,t,Q?,a,b,c,d,A,t\n` },
    'EF_CUSTOM_DATA',
    ['header names column "topic" twice'],
  ],
  [
    'invalid UTF-8',
    {
      'quiz.csv': Buffer.concat([
        Buffer.from(withRows('q1,t,Q')),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('?,a,b,c,d,A'),
      ]),
    },
    'EF_CUSTOM_DATA',
    ['quiz.csv is not valid UTF-8'],
  ],
  [
    'a JSONL line that is not JSON',
    { 'def.yml': JSONL_YML, 'quiz.jsonl': '{"id": "1"\n' },
    'EF_CUSTOM_DATA',
    ['quiz.jsonl: line 1 is not valid JSON'],
  ],
  [
    'a JSONL line that is not an object',
    { 'def.yml': JSONL_YML, 'quiz.jsonl': '[1, 2]\n' },
    'EF_CUSTOM_DATA',
    ['quiz.jsonl: line 1 is not a JSON object'],
  ],
  [
    'a JSON file that is not an array',
    { 'def.yml': QUIZ_YML.replace('quiz.csv', 'quiz.json'), 'quiz.json': '{"rows": []}' },
    'EF_CUSTOM_DATA',
    ['quiz.json: expected a JSON array of row objects'],
  ],
  [
    'a label outside the label set',
    {
      'def.yml': withTask('{kind: label, answer_column: answer, labels: [A, B]}'),
      'quiz.csv': withRows('q1,t,Q?,a,b,c,d,C'),
    },
    'EF_CUSTOM_DATA',
    ['column "answer": "C" is not one of the labels A, B'],
  ],
  [
    'a numeric answer that is not a number',
    { 'def.yml': withTask('{kind: numeric, answer_column: answer}'), 'quiz.csv': withRows('q1,t,Q?,a,b,c,d,about 5') },
    'EF_CUSTOM_DATA',
    ['column "answer": expected a number, got "about 5"'],
  ],
  [
    'a list cell that is not a JSON list',
    {
      'def.yml': withTask('{kind: multiple_choice, options_column: opa, answer_column: answer}'),
      'quiz.csv': withRows('q1,t,Q?,a,b,c,d,A'),
    },
    'EF_CUSTOM_DATA',
    ['column "opa": expected a JSON list'],
  ],
  [
    'more few-shot rows than the data can spare',
    { 'def.yml': `${QUIZ_YML}few_shot: {count: 4}\n` },
    'EF_CUSTOM_DATA',
    ['few_shot.count is 4 but the data has 4 rows'],
  ],
  [
    'a pinned sha256 that does not match',
    { 'def.yml': QUIZ_YML.replace('path: quiz.csv', `path: quiz.csv\n  sha256: "${'0'.repeat(64)}"`) },
    'EF_DATA_CHECKSUM',
    ['quiz.csv', 'def.yml data.path', `expected sha256 ${'0'.repeat(64)}`],
  ],
];

describe('load: every data problem is a coded error naming the file, the row and the column', () => {
  it.each(DATA_ERRORS)('%s', async (_, files, code, fragments) => {
    const error = await caught(() => loadFrom({ 'def.yml': QUIZ_YML, 'quiz.csv': QUIZ_CSV, ...files }));
    expect(error?.code).toBe(code);
    for (const fragment of fragments) expect(error?.message).toContain(fragment);
  });
});

describe('load: data drift and data_path', () => {
  const pinned = QUIZ_YML.replace('path: quiz.csv', `path: quiz.csv\n  sha256: "${'0'.repeat(64)}"`);

  it('allow_data_drift uses a mismatching file with a warning', async () => {
    const { dir, benchmark } = definitionFrom({ 'def.yml': pinned, 'quiz.csv': QUIZ_CSV });
    const ctx = contextFor(dir, { allowDataDrift: true });
    expect((await benchmark.load(ctx)).instances).toHaveLength(4);
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
  });

  it("extra.data_path replaces the definition's local file", async () => {
    const { dir, benchmark } = definitionFrom({
      'def.yml': QUIZ_YML,
      'quiz.csv': QUIZ_CSV,
      'other.csv': withRows('z1,t,Only?,a,b,c,d,A'),
    });
    const loaded = await benchmark.load(contextFor(dir, { dataPath: `${dir}/other.csv` }));
    expect(loaded.instances.map((i) => i.source_id)).toEqual(['z1']);
  });
});
