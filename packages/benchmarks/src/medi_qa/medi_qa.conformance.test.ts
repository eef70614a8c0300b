import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { realDataDir, realDataPresent } from '../shared/conformance-support.js';
import { recordingContext, renderGenerationPrompt, tempDir } from '../shared/test-support.js';
import { mediQa } from './definition.js';
import { MEDI_QA_JSONL_FILE, MEDI_QA_SHA256 } from './load.js';

const DIR = realDataDir('medi_qa');
const run = realDataPresent('medi_qa') ? it : it.skip;

async function load(dataPath: string) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await mediQa.load(ctx) };
}

describe('medi_qa on the real test set (docs/benchmarks/medi_qa.md)', () => {
  run(
    '150 instances with QID ids ("1", "2", "3", "5", …), each with a non-empty gold, pinned sha256, no warnings',
    async () => {
      const { ctx, loaded } = await load(DIR);
      expect(ctx.warnings).toEqual([]);
      expect(ctx.logs).toEqual([]);
      expect(loaded.data.files[0]!.sha256).toBe(MEDI_QA_SHA256.xml);
      expect(loaded.instances).toHaveLength(150);
      expect(loaded.instances.slice(0, 4).map((x) => x.id)).toEqual(['1', '2', '3', '5']);
      expect(new Set(loaded.instances.map((x) => x.id)).size).toBe(150);
      expect(loaded.instances.every((x) => x.references[0]!.output.text !== '')).toBe(true);
    },
  );

  run('the hub-shaped JSONL gives exactly the same instances (pinned sha256)', async () => {
    const xml = await load(DIR);
    const jsonl = await load(join(DIR, MEDI_QA_JSONL_FILE));
    expect(jsonl.ctx.warnings).toEqual([]);
    expect(jsonl.loaded.data.files[0]!.sha256).toBe(MEDI_QA_SHA256.jsonl);
    expect(jsonl.loaded.instances).toEqual(xml.loaded.instances);
  });

  run(
    'a full prompt: "{instruction}\\n\\nQuestion: {question}\\nAnswer:" (the first question starts "abetalipoproteimemia hi,")',
    async () => {
      const { loaded } = await load(DIR);
      const first = loaded.instances[0]!;
      expect(first.input.text.startsWith('abetalipoproteimemia hi,')).toBe(true);
      expect(renderGenerationPrompt(mediQa.prompt, first)).toBe(
        `${mediQa.prompt.instructions}\n\nQuestion: ${first.input.text}\nAnswer:`,
      );
    },
  );
});
