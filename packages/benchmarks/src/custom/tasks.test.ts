import { describe, expect, it } from '@jest/globals';
import type { Instance } from '@eval-factory/types';
import { QUIZ_CSV, QUIZ_YML, loadFrom } from './custom-test-support.js';

const withTask = (task: string, extra = '') => QUIZ_YML.replace(/task:[^]*$/, `task: ${task}\n${extra}`);
const gold = (i: Instance) => i.references.filter((r) => r.tags.includes('correct')).map((r) => r.output.text);
const texts = (i: Instance) => i.references.map((r) => r.output.text);

describe('multiple_choice', () => {
  it('options from columns, letter answers; an empty option cell is dropped; ids and inputs from the row', async () => {
    const { instances, data } = await loadFrom({ 'def.yml': QUIZ_YML, 'quiz.csv': QUIZ_CSV });
    expect(instances.map((i) => [i.id, i.source_id, i.split, i.input.text])).toEqual([
      ['id0', 'q1', 'test', 'Which vitamin deficiency causes scurvy?'],
      ['id1', 'q2', 'test', 'Which organ secretes insulin?'],
      ['id2', 'q3', 'test', 'Normal adult resting heart rate, per minute?'],
      ['id3', 'q4', 'test', 'Antidote for paracetamol overdose?'],
    ]);
    expect(texts(instances[0]!)).toEqual(['Vitamin A', 'Vitamin B12', 'Vitamin C']);
    expect(gold(instances[0]!)).toEqual(['Vitamin C']);
    expect(gold(instances[3]!)).toEqual(['N-acetylcysteine']);
    expect(data).toMatchObject({ revision: null, num_rows: 4, files: [{ bytes: Buffer.byteLength(QUIZ_CSV) }] });
  });

  it('options from a list column (JSON in a CSV cell) with 1-based number answers', async () => {
    const csv = 'q,options,n\nFirst?,"[""x"", ""y"", ""z""]",3\nSecond?,"[""p"", ""q""]",1\n';
    const { instances } = await loadFrom({
      'def.yml': withTask('{kind: multiple_choice, options_column: options, answer_column: n, answer_format: number}')
        .replace('{{question}}', '{{q}}')
        .replace('  id_column: id\n', ''),
      'quiz.csv': csv,
    });
    expect(instances.map((i) => [texts(i), gold(i)])).toEqual([
      [['x', 'y', 'z'], ['z']],
      [['p', 'q'], ['p']],
    ]);
  });

  it('text answers; JSONL rows with list fields', async () => {
    const jsonl =
      '{"id": "a", "question": "Q1", "choices": ["yes", "no"], "answer": "no"}\n\n{"id": "b", "question": "Q2", "choices": ["left", "right", "both"], "answer": "both"}\n';
    const yml = withTask(
      '{kind: multiple_choice, options_column: choices, answer_column: answer, answer_format: text}',
    ).replace('quiz.csv', 'quiz.jsonl');
    const { instances } = await loadFrom({ 'def.yml': yml, 'quiz.jsonl': jsonl });
    expect(instances.map((i) => [i.source_id, gold(i)])).toEqual([
      ['a', ['no']],
      ['b', ['both']],
    ]);
  });

  it('shuffle_seed: a fixed order per (seed, row id), the gold follows its option; another seed differs', async () => {
    const load = async (seed: number) =>
      (
        await loadFrom({
          'def.yml': withTask(
            `{kind: multiple_choice, options_columns: [opa, opb, opc, opd], answer_column: answer, shuffle_seed: ${seed}}`,
          ),
          'quiz.csv': QUIZ_CSV,
        })
      ).instances;
    const [a, b, c] = [await load(7), await load(7), await load(8)];
    expect(a.map(texts)).toEqual(b.map(texts));
    expect(a.map(texts)).not.toEqual(c.map(texts));
    expect(a.map(gold)).toEqual([['Vitamin C'], ['Pancreas'], ['60-100'], ['N-acetylcysteine']]);
    expect(a.map((i) => [...texts(i)].sort())).toEqual([
      ['Vitamin A', 'Vitamin B12', 'Vitamin C'],
      ['Kidney', 'Liver', 'Pancreas', 'Spleen'],
      ['120-160', '180-200', '20-40', '60-100'],
      ['Atropine', 'Flumazenil', 'N-acetylcysteine', 'Naloxone'],
    ]);
  });
});

describe('data formats', () => {
  it('JSON: a top-level array of row objects', async () => {
    const json = JSON.stringify([{ id: 'j1', question: 'Q?', opa: 'a', opb: 'b', opc: 'c', opd: 'd', answer: 'D' }]);
    const { instances } = await loadFrom({ 'def.yml': QUIZ_YML.replace('quiz.csv', 'quiz.json'), 'quiz.json': json });
    expect(instances.map((i) => [i.source_id, gold(i)])).toEqual([['j1', ['d']]]);
  });

  it('CSV: an unnamed header cell is pandas\' "Unnamed: <index>" (a DataFrame.to_csv() index column)', async () => {
    const csv = QUIZ_CSV.split('\n')
      .map((line, i) => `${i === 0 ? '' : i - 1},${line}`)
      .join('\n');
    const { instances } = await loadFrom({
      'def.yml': QUIZ_YML.replace('"{{question}}"', '"{{[Unnamed: 0]}}. {{question}}"'),
      'quiz.csv': csv,
    });
    expect(instances[1]!.input.text).toBe('1. Which organ secretes insulin?');
  });
});

describe('the other task kinds', () => {
  it('short_answer: the answer and its aliases are all gold', async () => {
    const csv = 'question,answer,aliases\nCapital of France?,Paris,"[""paris, france""]"\nTwo plus two?,4,\n';
    const yml = withTask('{kind: short_answer, answer_column: answer, aliases_column: aliases}').replace(
      '  id_column: id\n',
      '',
    );
    const { instances } = await loadFrom({ 'def.yml': yml, 'quiz.csv': csv });
    expect(instances.map(gold)).toEqual([['Paris', 'paris, france'], ['4']]);
  });

  it('numeric: the gold value (thousands separators allowed) or a range goes to extra_data', async () => {
    const csv = 'question,value,low,high\nDose?,"1,250",,\nRange?,3,2.5,3.5\n';
    const value = await loadFrom({
      'def.yml': withTask('{kind: numeric, answer_column: value, tolerance: 1}').replace('  id_column: id\n', ''),
      'quiz.csv': csv,
    });
    expect(value.instances.map((i) => i.extra_data)).toEqual([
      { numeric: { value: 1250, lower: null, upper: null } },
      { numeric: { value: 3, lower: null, upper: null } },
    ]);
    const range = await loadFrom({
      'def.yml': withTask('{kind: numeric, lower_column: low, upper_column: high}').replace('  id_column: id\n', ''),
      'quiz.csv': csv.replace('"1,250",,', '1,1,2'),
    });
    expect(range.instances.map((i) => [gold(i), i.extra_data])).toEqual([
      [['1..2'], { numeric: { value: null, lower: 1, upper: 2 } }],
      [['2.5..3.5'], { numeric: { value: null, lower: 2.5, upper: 3.5 } }],
    ]);
  });

  it('label: every label is a reference, the gold one (matched case-insensitively) tagged', async () => {
    const csv = 'question,label\nIs it?,Maybe\nReally?,no\n';
    const { instances } = await loadFrom({
      'def.yml': withTask('{kind: label, answer_column: label, labels: [yes, no, maybe]}').replace(
        '  id_column: id\n',
        '',
      ),
      'quiz.csv': csv,
    });
    expect(instances.map((i) => [texts(i), gold(i)])).toEqual([
      [['yes', 'no', 'maybe'], ['maybe']],
      [['yes', 'no', 'maybe'], ['no']],
    ]);
  });

  it('regex and free_text: one gold reference from the answer / reference column', async () => {
    const csv = 'question,answer\nWhich?,B\n';
    const regex = await loadFrom({
      'def.yml': withTask('{kind: regex, answer_column: answer, pattern: "answer: ([A-D])", flags: i}').replace(
        '  id_column: id\n',
        '',
      ),
      'quiz.csv': csv,
    });
    expect(regex.instances.map(gold)).toEqual([['B']]);
    const free = await loadFrom({
      'def.yml': withTask('{kind: free_text, reference_column: answer}', 'metrics: [exact_match]\n').replace(
        '  id_column: id\n',
        '',
      ),
      'quiz.csv': csv,
    });
    expect(free.instances.map(gold)).toEqual([['B']]);
  });
});

describe('data options', () => {
  it('group_column: instance sub_split and a per-group breakdown once loaded', async () => {
    const { instances, benchmark } = await loadFrom({
      'def.yml': QUIZ_YML.replace('id_column: id', 'id_column: id\n  group_column: topic'),
      'quiz.csv': QUIZ_CSV,
    });
    expect(instances.map((i) => i.sub_split)).toEqual(['nutrition', 'endocrine', 'cardiology', 'toxicology']);
    expect(benchmark.breakdown?.name).toBe('topic');
    expect(benchmark.breakdown?.key(instances[1]!)).toBe('endocrine');
  });

  it('no group column: no breakdown', async () => {
    const { benchmark } = await loadFrom({ 'def.yml': QUIZ_YML, 'quiz.csv': QUIZ_CSV });
    expect(benchmark.breakdown).toBeUndefined();
  });

  it('few_shot from the data: `count` rows chosen by the seed become train instances and leave the evaluation', async () => {
    const { instances, benchmark } = await loadFrom({
      'def.yml': `${QUIZ_YML}few_shot: {count: 2, seed: 5}\n`,
      'quiz.csv': QUIZ_CSV,
    });
    const train = instances.filter((i) => i.split === 'train');
    const test = instances.filter((i) => i.split === 'test');
    expect(train.map((i) => i.id)).toEqual(['train0', 'train1']);
    expect(test.map((i) => i.id)).toEqual(['id0', 'id1']);
    expect(new Set([...train, ...test].map((i) => i.source_id)).size).toBe(4);
    expect(benchmark.prompt.max_train_instances).toBe(2);
    const again = await loadFrom({ 'def.yml': `${QUIZ_YML}few_shot: {count: 2, seed: 5}\n`, 'quiz.csv': QUIZ_CSV });
    expect(again.instances.map((i) => i.source_id)).toEqual(instances.map((i) => i.source_id));
  });

  it('few_shot from its own file: all evaluation rows stay', async () => {
    const shots = 'id,topic,question,opa,opb,opc,opd,answer\ns1,x,Example?,a,b,c,d,A\n';
    const { instances } = await loadFrom({
      'def.yml': `${QUIZ_YML}few_shot: {count: 1, data: {path: shots.csv}}\n`,
      'quiz.csv': QUIZ_CSV,
      'shots.csv': shots,
    });
    expect(instances.map((i) => [i.id, i.source_id])).toEqual([
      ['id0', 'q1'],
      ['id1', 'q2'],
      ['id2', 'q3'],
      ['id3', 'q4'],
      ['train0', 's1'],
    ]);
  });

  it('a pinned sha256 that matches loads', async () => {
    const { createHash } = await import('node:crypto');
    const sha = createHash('sha256').update(QUIZ_CSV).digest('hex');
    const ok = await loadFrom({
      'def.yml': QUIZ_YML.replace('path: quiz.csv', `path: quiz.csv\n  sha256: ${sha}`),
      'quiz.csv': QUIZ_CSV,
    });
    expect(ok.data.files[0]!.sha256).toBe(sha);
  });
});
