import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { realDataDir, realDataPresent } from '../shared/conformance-support.js';
import { recordingContext, renderGenerationPrompt, tempDir } from '../shared/test-support.js';
import { aciBench } from './definition.js';
import { ACI_BENCH_FILES } from './load.js';

const DIR = realDataDir('aci_bench');
const run = realDataPresent('aci_bench') ? it : it.skip;

async function load() {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: DIR });
  return { ctx, loaded: await aciBench.load(ctx) };
}

describe('aci_bench on the real files (docs/benchmarks/aci_bench.md)', () => {
  run(
    '187 rows with the pinned sha256s: train id0…id66, test id67…id186 (test1, test3, test2), no warnings',
    async () => {
      const { ctx, loaded } = await load();
      expect(ctx.warnings).toEqual([]);
      expect(loaded.data.files.map((f) => f.sha256)).toEqual(ACI_BENCH_FILES.map((f) => f.sha256));
      expect(loaded.instances).toHaveLength(187);
      expect(loaded.instances.every((x, i) => x.id === `id${i}` && x.split === (i < 67 ? 'train' : 'test'))).toBe(true);
      const raw = (name: string) =>
        (JSON.parse(readFileSync(join(DIR, name), 'utf8')) as { data: { file: string }[] }).data.map((r) => r.file);
      expect(loaded.instances.slice(67).map((x) => x.source_id)).toEqual([
        ...raw('clinicalnlp_taskB_test1_full.json'),
        ...raw('clef_taskC_test3_full.json'),
        ...raw('clinicalnlp_taskC_test2_full.json'),
      ]);
    },
  );

  run('a full prompt of the first test instance (id67)', async () => {
    const { loaded } = await load();
    const row = (
      JSON.parse(readFileSync(join(DIR, 'clinicalnlp_taskB_test1_full.json'), 'utf8')) as {
        data: { src: string; tgt: string }[];
      }
    ).data[0]!;
    const id67 = loaded.instances[67]!;
    expect(renderGenerationPrompt(aciBench.prompt, id67)).toBe(
      `${aciBench.prompt.instructions}\n\nConversation: Doctor-patient dialogue:\n\n${row.src}\nClinical Note:`,
    );
    expect(id67.references[0]!.output.text).toBe(row.tgt);
  });
});
