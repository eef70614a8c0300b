import { describe, expect, it } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  recordingContext,
  renderGenerationPrompt,
  tempDir,
  fixtureNotes,
} from '../../test-support/shared/test-support.js';
import { mediQa } from './definition.js';
import { MEDI_QA_FILE, MEDI_QA_JSONL_FILE } from './load.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture');

async function load(dataPath: string) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await mediQa.load(ctx) };
}

/** Oracle: CPython's ElementTree over the fixture, HELM's rule (first answer with ReferenceRank 1, else ""). */
const EXPECTED = [
  [
    '1',
    "invented syndrome hi, is there any support for people with the made-up Foo's syndrome? thanks",
    'Support groups (Fictional): "Foo & Friends" meets weekly; café <downtown>.\nSecond line of the invented answer.  ',
  ],
  [
    '7',
    '  how much imaginary vitamin Q should an adult take  ',
    'Vitamin Q (Made up): adults need an invented 5 units.',
  ],
  ['3', 'question with no answer ranked first', ''],
];

describe('medi_qa definition', () => {
  it('is a 1,024-token generation prompt "Question: …\\nAnswer:" scored by the jury and ROUGE', () => {
    expect(mediQa.prompt).toMatchObject({
      method: 'generation',
      input_noun: 'Question',
      output_noun: 'Answer',
      max_tokens: 1024,
      temperature: 0,
      stop_sequences: [],
    });
    expect(mediQa.main_metric).toBe('medi_qa_accuracy');
    expect(mediQa.metrics.flatMap((f) => f.metrics.map((m) => m.name))).toContain('medi_qa_accuracy_corrected');
    const { template } = mediQa.jury!;
    for (const p of ['{{QUESTION}}', '{{RESPONSE}}', '{{GOLD_RESPONSE}}']) expect(template.split(p)).toHaveLength(2);
    expect(template).toContain('<question>');
  });
});

describe('medi_qa load (invented test set)', () => {
  it.each([
    ['the XML (folder)', FIXTURE],
    ['the hub-shaped JSONL', join(FIXTURE, MEDI_QA_JSONL_FILE)],
  ])('reads %s: ids are the QIDs, gold = first ReferenceRank 1 answer, texts unstripped and entity-decoded', async (_what, dataPath) => {
    const { ctx, loaded } = await load(dataPath);
    expect(loaded.instances.map((x) => [x.id, x.input.text, x.references[0]!.output.text])).toEqual(EXPECTED);
    expect(loaded.instances.every((x) => x.split === 'test' && x.references[0]!.tags[0] === 'correct')).toBe(true);
    expect(loaded.data.num_rows).toBe(3);
    expect(fixtureNotes(ctx)).toEqual({ notes: 1, drift: 0 });
    expect(ctx.logs).toContain('medi_qa: 1 questions have no answer ranked 1; their gold is "" as in HELM');
  });

  it('renders "{instruction}\\n\\nQuestion: {question}\\nAnswer:"', async () => {
    const { loaded } = await load(FIXTURE);
    expect(renderGenerationPrompt(mediQa.prompt, loaded.instances[1]!)).toBe(
      `${mediQa.prompt.instructions}\n\nQuestion:   how much imaginary vitamin Q should an adult take  \nAnswer:`,
    );
  });

  it.each([
    ['malformed XML', MEDI_QA_FILE, '<Root><Question QID="1"><QuestionText>x</Question></Root>', 'not well-formed'],
    [
      'a non-integer rank',
      MEDI_QA_FILE,
      '<Root><Question QID="1"><QuestionText>x</QuestionText><AnswerList><Answer ReferenceRank="one"><AnswerText>a</AnswerText></Answer></AnswerList></Question></Root>',
      'ReferenceRank',
    ],
    ['a JSONL row without QUESTION', MEDI_QA_JSONL_FILE, '{"Q": {}}\n', 'line 1'],
  ])('rejects %s as EF_DATA_FORMAT', async (_what, name, text, message) => {
    const dir = await tempDir();
    await writeFile(join(dir, name), text);
    await expect(load(join(dir, name))).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(message),
    });
  });

  it('a folder without either file is EF_DATA_NOT_FOUND', async () => {
    await expect(load(await tempDir())).rejects.toMatchObject({ code: 'EF_DATA_NOT_FOUND' });
  });
});
