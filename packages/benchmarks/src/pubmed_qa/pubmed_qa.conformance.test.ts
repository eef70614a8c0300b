import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { correctLetterCounts, realDataDir, realDataPresent } from '../../test-support/shared/conformance-support.js';
import { recordingContext, tempDir } from '../../test-support/shared/test-support.js';
import { pubmedQa } from './definition.js';

const DIR = realDataDir('pubmed_qa');
const run = realDataPresent('pubmed_qa') ? it : it.skip;

describe('pubmed_qa on the real ori_pqal.json (docs/benchmarks/pubmed_qa.md)', () => {
  run('loads 1,000 instances in file key order, yes 552 / no 338 / maybe 110, matching the pinned sha256', async () => {
    const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: DIR });
    const { instances, data } = await pubmedQa.load(ctx);
    expect(ctx.warnings).toEqual([]);
    expect(data.files[0].sha256).toBe('8b3276be8942ebbd77f3ddcda12c1749bf0e490045a736fd8438ee40cf37a41d');
    expect(instances).toHaveLength(1000);
    // The file is indented: top-level keys are the lines `    "<PMID>": {`.
    const fileOrder = [...readFileSync(join(DIR, 'ori_pqal.json'), 'utf8').matchAll(/^ {4}"(\d+)": \{$/gm)].map(
      (m) => m[1],
    );
    expect(instances.map((x) => x.source_id)).toEqual(fileOrder);
    expect(instances[0].source_id).toBe('21645374');
    expect(instances[999].id).toBe('id999');
    expect(correctLetterCounts(instances)).toEqual({ A: 552, B: 338, C: 110 });
  });

  run('streams the same 1,000 instances and data record (loadStream, a run without limit_samples)', async () => {
    const whole = await pubmedQa.load(recordingContext({ cacheDir: await tempDir(), dataPath: DIR }));
    const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: DIR });
    const streamed = await pubmedQa.loadStream!(ctx);
    const instances = [];
    for await (const batch of streamed.instances) instances.push(...batch);
    expect(instances).toEqual(whole.instances);
    expect(streamed.ended()).toEqual({ data: whole.data });
    expect(ctx.warnings).toEqual([]);
  });
});
