import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { realDataDir, realDataPresent } from '../shared/conformance-support.js';
import { recordingContext, renderGenerationPrompt, tempDir } from '../shared/test-support.js';
import { mtsamplesProcedures } from './definition.js';
import { PROCEDURES_FOLDER_SHA256 } from './load.js';

const DIR = realDataDir('mtsamples_procedures');
const run = realDataPresent('mtsamples_procedures') ? it : it.skip;

interface HelmList {
  readonly instances: readonly { id: string; source_file: string; reference_section: string }[];
  readonly dropped_by_url_fragment_bug: readonly string[];
}

async function load() {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: DIR });
  return { ctx, loaded: await mtsamplesProcedures.load(ctx) };
}

const count = (sections: readonly unknown[]) =>
  sections.reduce<Record<string, number>>((acc, s) => ({ ...acc, [String(s)]: (acc[String(s)] ?? 0) + 1 }), {});

describe('mtsamples_procedures on the real reports (docs/benchmarks/mtsamples_procedures.md)', () => {
  run("429 files with the pinned folder checksum; HELM's 128 instances equal helm_instances.json", async () => {
    const { ctx, loaded } = await load();
    expect(ctx.warnings).toEqual([]);
    expect(loaded.data.num_rows).toBe(429);
    expect(loaded.data.files[0]!.sha256).toBe(PROCEDURES_FOLDER_SHA256);
    const list = JSON.parse(readFileSync(join(DIR, 'helm_instances.json'), 'utf8')) as HelmList;
    const helm = loaded.instances.filter((x) => x.variant === undefined);
    expect(helm.map((x) => [x.id, x.source_id, x.extra_data?.reference_section])).toEqual(
      list.instances.map((i) => [i.id, i.source_file, i.reference_section]),
    );
    expect(count(helm.map((x) => x.extra_data?.reference_section))).toEqual({ FINDINGS: 98, PLAN: 24, SUMMARY: 6 });
    expect(
      helm.filter(
        (x) => x.extra_data?.reference_section !== 'PLAN' && x.input.text.includes(x.references[0]!.output.text),
      ),
    ).toEqual([]);
    expect(ctx.logs.filter((l) => l.includes('HELM skips'))).toEqual([]);
  });

  run("corrected set: 131 instances, the 3 # files included, the first 127 identical to HELM's", async () => {
    const { loaded } = await load();
    const list = JSON.parse(readFileSync(join(DIR, 'helm_instances.json'), 'utf8')) as HelmList;
    const helm = loaded.instances.filter((x) => x.variant === undefined);
    const corrected = loaded.instances.filter((x) => x.variant === 'corrected');
    expect(corrected).toHaveLength(131);
    expect(count(corrected.map((x) => x.extra_data?.reference_section))).toEqual({
      FINDINGS: 98,
      PLAN: 27,
      SUMMARY: 6,
    });
    expect(corrected.filter((x) => x.source_id!.includes('#')).map((x) => x.source_id)).toEqual([
      ...list.dropped_by_url_fragment_bug,
    ]);
    const same = (i: number) =>
      corrected[i]!.input.text === helm[i]!.input.text &&
      corrected[i]!.references[0]!.output.text === helm[i]!.references[0]!.output.text;
    expect(Array.from({ length: 127 }, (_, i) => same(i)).every(Boolean)).toBe(true);
    expect(same(127)).toBe(false);
  });

  run(
    'a full prompt: "{instruction}\\n\\nPatient Notes: {input}\\nAnswer:" with the input cut before the marker',
    async () => {
      const { loaded } = await load();
      const first = loaded.instances[0]!;
      const text = readFileSync(join(DIR, 'mtsample_procedure', first.source_id!), 'utf8').trim();
      expect(text.startsWith(first.input.text)).toBe(true);
      expect(text.slice(first.input.text.length).trimStart()).toMatch(/^(PLAN|SUMMARY|FINDINGS):/);
      expect(renderGenerationPrompt(mtsamplesProcedures.prompt, first)).toBe(
        `${mtsamplesProcedures.prompt.instructions}\n\nPatient Notes: ${first.input.text}\nAnswer:`,
      );
    },
  );
});
