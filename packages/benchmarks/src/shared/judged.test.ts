import { describe, expect, it } from '@jest/globals';
import { getBenchmark } from '../registry.js';
import { judgedMetrics, juryRubric } from './judged.js';

const RUBRIC = juryRubric({
  intro: 'Intro.',
  caseTag: 'case',
  goldNote: 'Gold:',
  criteria: { accuracy: 'a', completeness: 'b', clarity: 'c' },
});

/** The judged benchmarks of docs/benchmarks.md and the tag around their case. */
const JUDGED: readonly [string, string][] = [
  ['mtsamples_procedures', 'user_request'],
  ['aci_bench', 'conversation'],
  ['medication_qa', 'medication_question'],
  ['medi_qa', 'question'],
  ['med_dialog', 'conversation'],
  ['dischargeme', 'patient_information'],
  ['mimic_bhc', 'user_request'],
  ['mimic_rrs', 'user_request'],
];

describe('juryRubric', () => {
  it('has each placeholder once, in the case / response / gold order, the three criteria and the JSON reply', () => {
    for (const p of ['{{QUESTION}}', '{{RESPONSE}}', '{{GOLD_RESPONSE}}']) expect(RUBRIC.split(p)).toHaveLength(2);
    expect(RUBRIC).toMatch(
      /^Intro\.\n\n<case>\n\{\{QUESTION\}\}\n<\/case>\n\n<response>\n\{\{RESPONSE\}\}\n<\/response>\n\nGold:\n<gold_response>\n\{\{GOLD_RESPONSE\}\}\n<\/gold_response>\n/,
    );
    expect(RUBRIC).toContain('- accuracy: a;\n- completeness: b;\n- clarity: c.\n');
    const example = JSON.parse(RUBRIC.trim().split('\n').at(-1)!) as Record<string, { score: number }>;
    expect(Object.keys(example)).toEqual(['accuracy', 'completeness', 'clarity']);
  });

  it('judgedMetrics: the jury family (HELM, corrected, per judge, per criterion) then ROUGE', () => {
    expect(judgedMetrics('x_accuracy').flatMap((f) => f.metrics.map((m) => m.name))).toEqual([
      'x_accuracy',
      'x_accuracy_corrected',
      'x_accuracy_judge_gpt',
      'x_accuracy_judge_llama',
      'x_accuracy_judge_claude',
      'x_accuracy_criterion_accuracy',
      'x_accuracy_criterion_completeness',
      'x_accuracy_criterion_clarity',
      'rouge_1',
      'rouge_2',
      'rouge_l',
    ]);
  });
});

describe('the judged benchmarks of docs/benchmarks.md', () => {
  it.each(JUDGED)('%s: <name>_accuracy main, a jury with its own rubric around <%s>', async (name, tag) => {
    const b = await getBenchmark(name);
    expect(b.main_metric).toBe(`${name}_accuracy`);
    expect(b.jury).toMatchObject({ annotator: 'jury', criteria: ['accuracy', 'completeness', 'clarity'] });
    expect(b.jury!.template).toContain(`<${tag}>\n{{QUESTION}}\n</${tag}>`);
    for (const p of ['{{QUESTION}}', '{{RESPONSE}}', '{{GOLD_RESPONSE}}'])
      expect(b.jury!.template.split(p)).toHaveLength(2);
    expect(b.metrics.flatMap((f) => f.metrics.map((m) => m.name))).toEqual(
      expect.arrayContaining([`${name}_accuracy_corrected`, `${name}_accuracy_judge_claude`, 'rouge_l']),
    );
  });

  it('every rubric is its own text', async () => {
    const templates = await Promise.all(JUDGED.map(async ([name]) => (await getBenchmark(name)).jury!.template));
    expect(new Set(templates).size).toBe(JUDGED.length);
  });
});
