import { describe, expect, it } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Instance, StreamedData } from '@eval-factory/types';
import { copyOutOfPackage, recordingContext, tempDir } from '../../test-support/shared/test-support.js';
import { pubmedQa } from './definition.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture', 'ori_pqal.json');

async function contextFor(dataPath: string) {
  return recordingContext({ cacheDir: await tempDir(), dataPath });
}

async function readAll(streamed: StreamedData): Promise<Instance[]> {
  const instances: Instance[] = [];
  for await (const batch of streamed.instances) instances.push(...batch);
  return instances;
}

describe('pubmed_qa loadStream', () => {
  it('yields the instances load() makes, and the same data record once read to the end', async () => {
    const data = await copyOutOfPackage(FIXTURE);
    const whole = await pubmedQa.load(await contextFor(data));
    const ctx = await contextFor(data);
    const streamed = await pubmedQa.loadStream!(ctx);
    // Before the file is read, not even a drift warning: the user's file is hashed as it is read.
    expect(ctx.warnings).toEqual([]);
    expect(await readAll(streamed)).toEqual(whole.instances);
    expect(streamed.ended()).toEqual({ data: whole.data });
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
  });

  it('refuses the data record before the file is read to its end (its row count and hash would be wrong)', async () => {
    const streamed = await pubmedQa.loadStream!(await contextFor(await copyOutOfPackage(FIXTURE)));
    expect(() => streamed.ended()).toThrow('before the file was read to its end');
    await readAll(streamed);
    expect(streamed.ended().data.num_rows).toBeGreaterThan(0);
  });

  it('fails on a malformed entry in the middle of the file', async () => {
    const file = join(await tempDir(), 'ori_pqal.json');
    const entry = { QUESTION: 'Q?', CONTEXTS: ['c'], LABELS: ['AIMS'], final_decision: 'yes' };
    await writeFile(file, JSON.stringify({ 1: entry, 2: entry, 3: { ...entry, final_decision: 'perhaps' }, 4: entry }));
    await expect(readAll(await pubmedQa.loadStream!(await contextFor(file)))).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('PMID 3'),
    });
  });
});
