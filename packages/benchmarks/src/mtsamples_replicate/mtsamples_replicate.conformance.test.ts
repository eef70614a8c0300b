import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { realDataDir, realDataPresent } from '../shared/conformance-support.js';
import { sha256Hex } from '../shared/hashing.js';
import { recordingContext, tempDir } from '../shared/test-support.js';
import type { Instance } from '@eval-factory/types';
import { mtsamplesReplicate } from './definition.js';
import { MTSAMPLES_FOLDER_SHA256 } from './load.js';

const DIR = realDataDir('mtsamples_replicate');
const run = realDataPresent('mtsamples_replicate') ? it : it.skip;

/**
 * Oracles printed by CPython 3.11 from the same 1,269 files: HELM's scenario code over the first 1,000 names in
 * byte order, and the corrected reading over all; sha256 over `name \0 input \0 reference \0` per instance.
 */
const HELM_SHA256 = '631a22706c9cda3fdecc46e7e9dce725e3a8c9c70b4c5ac9cf118ccd18884a27';
const CORRECTED_SHA256 = 'd14d7f9e85276164b977b44c14ed3d027af465111daa779ae7c0e43aa1814f5d';

const digest = (instances: readonly Instance[]) =>
  sha256Hex(
    instances.map((x) => `${x.source_id}\u0000${x.input.text}\u0000${x.references[0]!.output.text}\u0000`).join(''),
  );

function sections(instances: readonly Instance[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const x of instances) {
    const section = String(x.extra_data?.reference_section);
    counts[section] = (counts[section] ?? 0) + 1;
  }
  return counts;
}

async function load() {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: DIR });
  return { ctx, loaded: await mtsamplesReplicate.load(ctx) };
}

describe('mtsamples_replicate on the real reports (docs/benchmarks/mtsamples_replicate.md)', () => {
  run('1,269 files with the pinned folder checksum, no warnings', async () => {
    const { ctx, loaded } = await load();
    expect(ctx.warnings).toEqual([]);
    expect(loaded.data.num_rows).toBe(1269);
    expect(loaded.data.files).toEqual([
      { path: join(DIR, 'mtsamples_processed'), sha256: MTSAMPLES_FOLDER_SHA256, bytes: 4656951 },
    ]);
  });

  run(
    'HELM set: 427 instances (PLAN 258, FINDINGS 154, SUMMARY 15), one file skipped, 170 leaking, texts as HELM',
    async () => {
      const { ctx, loaded } = await load();
      const helm = loaded.instances.filter((x) => x.variant === undefined);
      expect(helm).toHaveLength(427);
      expect(helm.map((x) => x.id)).toEqual(Array.from({ length: 427 }, (_, i) => `id${i}`));
      expect(sections(helm)).toEqual({ PLAN: 258, FINDINGS: 154, SUMMARY: 15 });
      expect(helm.filter((x) => x.extra_data?.reference_in_input === true)).toHaveLength(170);
      expect(digest(helm)).toBe(HELM_SHA256);
      expect(ctx.logs.filter((l) => l.includes('HELM skips'))).toEqual([
        'mtsamples_replicate: HELM skips OB-GYN Consultation - 4.txt: "FINDINGS:" occurs only in another case (list index out of range)',
      ]);
    },
  );

  run('corrected set: 540 instances (PLAN 339, FINDINGS 185, SUMMARY 16), 2 flagged leaks', async () => {
    const { loaded } = await load();
    const corrected = loaded.instances.filter((x) => x.variant === 'corrected');
    expect(corrected).toHaveLength(540);
    expect(corrected.every((x, i) => x.id === `c-id${i}`)).toBe(true);
    expect(sections(corrected)).toEqual({ PLAN: 339, FINDINGS: 185, SUMMARY: 16 });
    expect(corrected.filter((x) => x.extra_data?.reference_in_input === true).map((x) => x.source_id)).toEqual([
      'Gastrointestinal Bleed - Discharge Summary.txt',
      'Hip Fracture - Rehab Consult.txt',
    ]);
    expect(digest(corrected)).toBe(CORRECTED_SHA256);
  });
});
