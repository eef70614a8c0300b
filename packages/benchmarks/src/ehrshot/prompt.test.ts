import { describe, expect, it } from '@jest/globals';
import { phenotypeCodeCount, phenotypeCodeList } from './phenotype-codes.js';
import { ehrshotPrompt, instructionBlock, promptHead, taskQuestion } from './prompt.js';
import { EHRSHOT_TASKS, taskKind } from './tasks.js';

describe('ehrshot scenario text', () => {
  it.each(
    EHRSHOT_TASKS,
  )("%s: persona, definitions only for new_*, the question; HELM's padding and headings", (task) => {
    const block = instructionBlock(task);
    const paragraphs = block.split('\n\n');
    expect(paragraphs).toHaveLength(taskKind(task) === 'new' ? 4 : 2);
    expect(paragraphs[0]).toMatch(
      /^You are a highly experienced [a-z ]+ at Stanford Healthcare.*predicting [0-9a-z -]+\.$/,
    );
    if (taskKind(task) === 'new') {
      expect(paragraphs[1]).toMatch(/^Clinical Definition: \S/);
      expect(paragraphs[2]).toMatch(/^Medical Code Definition: .*: [A-Z]/);
    }
    expect(block.endsWith(`answer this question: ${taskQuestion(task)}\n`)).toBe(true);
    expect(taskQuestion(task)).toMatch(/\?$/);
    expect(promptHead(task)).toBe(`\n# Instructions\n${block}\n\n# Your Task\nPatient EHR:\n`);
  });

  it('asks a different question for every task', () => {
    expect(new Set(EHRSHOT_TASKS.map(taskQuestion)).size).toBe(14);
  });

  it("uses the project's own wording, not HELM's sentences", () => {
    const texts = [
      ...EHRSHOT_TASKS.map(instructionBlock),
      ehrshotPrompt.instructions,
      ehrshotPrompt.output_noun ?? '',
    ].join('\n');
    for (const helm of [
      'You are an expert',
      'You specialize in predicting',
      'is denoted by the occurrence',
      'Based on all available medical evidence',
      'likely to receive a first-time diagnosis',
      'come back back abnormal',
      'Answer A for yes, B for no.',
      "Respond with only 'A'",
      'commonly known as a heart attack',
    ]) {
      expect(texts).not.toContain(helm);
    }
  });
});

describe('phenotype code lists (HELM CODE_DEFS)', () => {
  it.each([
    ['new_acutemi', 171],
    ['new_celiac', 16],
    ['new_hyperlipidemia', 98],
    ['new_hypertension', 26],
    ['new_lupus', 53],
    ['new_pancan', 63],
  ] as const)('%s has %d distinct codes, sorted by code point', (task, count) => {
    expect(phenotypeCodeCount(task)).toBe(count);
    const codes = phenotypeCodeList(task).split(', ');
    expect(codes).toHaveLength(count);
    expect([...codes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(codes);
  });

  it('sorts like Python (ICD10CM before ICD9CM, "OMOP Extension" before "SNOMED")', () => {
    expect(phenotypeCodeList('new_hypertension').split(', ').slice(0, 3)).toEqual([
      'ICD10CM/I10',
      'ICD9CM/401',
      'ICD9CM/401.0',
    ]);
    expect(phenotypeCodeList('new_lupus')).toContain('ICD9CM/710.0, OMOP Extension/OMOP5166128, SNOMED/11013005');
  });
});
