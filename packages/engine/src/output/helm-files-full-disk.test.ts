import * as fs from 'node:fs';
import type { WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, jest } from '@jest/globals';
import type { AdapterSpec, BenchmarkDefinition } from '@eval-factory/types';
import type { ModelCallRecord } from '../clients/index.js';
import type { ScoredResult } from '../runner/score.js';

// scenario_state.json's temp file is written to /dev/full, whose every write fails with ENOSPC: a disk that fills
// up during a run. The other files are written as usual.
const fullDisk: WriteStream[] = [];
jest.unstable_mockModule('node:fs', () => ({
  ...fs,
  createWriteStream: (path: fs.PathLike, options?: Parameters<typeof fs.createWriteStream>[1]) => {
    if (!String(path).includes('scenario_state.json.tmp-')) return fs.createWriteStream(path, options);
    const stream = fs.createWriteStream('/dev/full', options);
    fullDisk.push(stream);
    return stream;
  },
}));
const { HelmRunWriter } = await import('./helm-files.js');
const { WRITTEN } = await import('./written.js');

/** A result whose prompt fills an eighth of a write chunk, so a few results make the file write to the disk. */
function result(i: number): [ScoredResult, ModelCallRecord] {
  const prompt = `Prompt ${i} ${'x'.repeat(128 * 1024)}\nAnswer:`;
  const r: ScoredResult = {
    request: {
      instance_id: `id${i}`,
      train_trial_index: 0,
      prompt,
      temperature: 0,
      max_tokens: 1,
      stop: [],
      top_p: null,
      num_completions: 1,
      top_k_per_token: 1,
    },
    instance: {
      id: `id${i}`,
      split: 'test',
      input: { text: 'Q?' },
      references: [{ output: { text: 'A' }, tags: ['correct'] }],
    },
    status: 'ok',
    prediction: 'A',
    metrics: { exact_match: 1 },
    flags: [],
  };
  const outcome = {
    ok: true as const,
    completions: [{ text: 'A', finish_reason: 'stop' }],
    usage: null,
    cached: true,
    request_time_s: 0.1,
    attempts: 0,
  };
  return [r, { body: { prompt }, outcome, retries: [], request_datetime: '2026-01-01T00:00:00.000Z' }];
}

describe('HelmRunWriter on a full disk', () => {
  it('hands the failed write back from add (a promise that rejects), and close reports it', async () => {
    const dir = fs.mkdtempSync(join(tmpdir(), 'ef-helm-full-'));
    const writer = await HelmRunWriter.open({
      dir,
      runName: 'bench_x:model=m',
      benchmark: { name: 'bench_x', description: 'x', metrics: [] } as unknown as BenchmarkDefinition,
      scenarioArgs: {},
      adapter: {
        method: 'generation',
        max_tokens: 1,
        stop_sequences: [],
        eval_splits: ['test'],
      } as unknown as AdapterSpec,
      model: 'm',
      deployment: 'd/m',
    });
    const [stream] = fullDisk;
    const failed = new Promise<Error>((resolve) => stream.once('error', resolve));
    // Results until a chunk reaches the disk and the disk refuses it (nothing waits while it is queued).
    let i = 0;
    while (stream.writableLength === 0 && i < 1000) writer.add(...result(i++));
    expect((await failed).message).toMatch('ENOSPC');
    // The next write the writer makes finds the disk failed: its add hands that failure back.
    let added = WRITTEN;
    for (let j = 0; added === WRITTEN && j < 1000; j++) added = writer.add(...result(i++));
    expect(added).not.toBe(WRITTEN);
    await expect(added).rejects.toThrow('ENOSPC');
    await expect(writer.close()).rejects.toThrow('ENOSPC');
    expect(fs.readdirSync(dir).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });
});
