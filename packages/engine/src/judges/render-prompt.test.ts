import { describe, expect, it } from '@jest/globals';
import type { Instance } from '@eval-factory/types';
import { promptValues, renderJudgePrompt } from './render-prompt.js';

const TEMPLATE =
  '<patient_information>{{QUESTION}}</patient_information>\n<response>{{RESPONSE}}</response>\n<gold_response>{{GOLD_RESPONSE}}</gold_response>';

describe('renderJudgePrompt (docs/configuration.md#judges)', () => {
  it('replaces the three placeholders literally', () => {
    expect(renderJudgePrompt(TEMPLATE, { question: 'Q', response: 'R', gold: 'G' })).toBe(
      '<patient_information>Q</patient_information>\n<response>R</response>\n<gold_response>G</gold_response>',
    );
  });

  it('never re-scans inserted text: placeholders and $-patterns inside a note or an answer stay inert', () => {
    const note = 'note mentions {{RESPONSE}} and {{GOLD_RESPONSE}}';
    const answer = "costs $& or $1 or $$ or $' and {{QUESTION}}";
    const out = renderJudgePrompt(TEMPLATE, { question: note, response: answer, gold: '$`' });
    expect(out).toBe(
      `<patient_information>${note}</patient_information>\n<response>${answer}</response>\n<gold_response>$\`</gold_response>`,
    );
  });

  it('replaces every occurrence of a placeholder and leaves unknown ones alone', () => {
    expect(renderJudgePrompt('{{RESPONSE}}|{{RESPONSE}}|{{OTHER}}', { question: '', response: 'x', gold: '' })).toBe(
      'x|x|{{OTHER}}',
    );
  });

  it('takes the instance input, the answer as given and the first reference', () => {
    const instance: Instance = {
      id: 'i1',
      split: 'test',
      input: { text: 'the note' },
      references: [
        { output: { text: 'plan A' }, tags: ['correct'] },
        { output: { text: 'plan B' }, tags: [] },
      ],
    };
    expect(promptValues(instance, '  raw answer\n')).toEqual({
      question: 'the note',
      response: '  raw answer\n',
      gold: 'plan A',
    });
    expect(promptValues({ ...instance, references: [] }, 'a').gold).toBe('');
  });
});
