import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { AdapterSpec, BenchmarkDefinition, Instance, PromptRequest } from '@eval-factory/types';
import { prng } from '@eval-factory/testkit';
import type { ModelCallRecord } from '../clients/index.js';
import { writeHelmFiles, type HelmRunSpec } from '../output/helm-files.js';
import { EarlyScoring } from './early-scoring.js';
import type { ScoredResult } from './score.js';

const N = 300;
const benchmark = {
  name: 'bench_y',
  description: 'y',
  metrics: [{ name: 'exact_match', metrics: [], compute: () => ({}) }],
} as unknown as BenchmarkDefinition;
const adapter = { method: 'generation', instructions: '', max_tokens: 1, stop_sequences: [] } as unknown as AdapterSpec;

function request(i: number): PromptRequest {
  return {
    instance_id: `i${i}`,
    train_trial_index: 0,
    prompt: `Q${i} ${'w '.repeat(i % 50)}`,
    temperature: 0,
    max_tokens: 1,
    stop: [],
    top_p: null,
    num_completions: 1,
    top_k_per_token: 1,
  };
}

/** The record request `i` gets: answered (live or cached), failed, or none (never sent). */
function recordOf(i: number): ModelCallRecord | undefined {
  if (i % 29 === 28) return undefined;
  const outcome =
    i % 13 === 12
      ? {
          ok: false as const,
          error_kind: 'server_error' as const,
          message: `boom ${i}`,
          retriable: true,
          fatal: false,
          attempts: 3,
        }
      : {
          ok: true as const,
          completions: [{ text: i % 2 ? 'A' : 'B', finish_reason: 'stop' }],
          usage: { prompt_tokens: i, completion_tokens: 1, total_tokens: i + 1 },
          cached: i % 3 === 0,
          request_time_s: i / 100,
          attempts: 1,
        };
  return {
    body: { model: 'm' },
    outcome,
    retries: [],
    request_datetime: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  };
}

function scoreOf(i: number, record: ModelCallRecord | undefined): ScoredResult {
  const instance: Instance = {
    id: `i${i}`,
    input: { text: `Q${i}` },
    references: [{ output: { text: 'A' }, tags: ['correct'] }],
    split: 'test',
  };
  const o = record?.outcome;
  if (!o || !o.ok)
    return {
      request: request(i),
      instance,
      status: 'failed',
      reason: o ? `server_error: ${o.message}` : 'not sent',
      prediction: null,
      metrics: {},
      flags: [],
    };
  return {
    request: request(i),
    instance,
    status: 'ok',
    prediction: o.completions[0].text,
    metrics: { exact_match: o.completions[0].text === 'A' ? 1 : 0 },
    flags: [],
  };
}

const spec = (dir: string): HelmRunSpec => ({
  dir,
  runName: 'bench_y:model=m',
  benchmark,
  scenarioArgs: {},
  adapter,
  model: 'm',
  deployment: 'd/m',
});
const filesOf = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );

describe('EarlyScoring', () => {
  it('writes the same HELM files and results as scoring after the last answer, whatever the arrival order', async () => {
    const all = Array.from({ length: N }, (_, i) => recordOf(i));
    const expectedResults = all.map((r, i) => scoreOf(i, r));
    const lateDir = mkdtempSync(join(tmpdir(), 'ef-late-'));
    await writeHelmFiles({ ...spec(lateDir), results: expectedResults, records: all });

    const earlyDir = mkdtempSync(join(tmpdir(), 'ef-early-'));
    const records: (ModelCallRecord | undefined)[] = new Array(N);
    const early = await EarlyScoring.open(N, (i) => scoreOf(i, records[i]), spec(earlyDir), records);
    const random = prng(11);
    const order = all
      .map((_, i) => i)
      .filter((i) => all[i] !== undefined)
      .sort(() => random() - 0.5);
    for (const [k, i] of order.entries()) {
      records[i] = all[i];
      early.add(i);
      if (k % 5 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(readdirSync(earlyDir).every((f) => f.includes('.tmp-'))).toBe(true); // nothing final before the end
    const results = early.finish();
    await early.helm!.close();
    expect(results).toEqual(expectedResults);
    expect(filesOf(earlyDir)).toEqual(filesOf(lateDir));
  });

  it('without HELM files it only scores', async () => {
    const records = [recordOf(0), recordOf(1)];
    const early = await EarlyScoring.open(2, (i) => scoreOf(i, records[i]), null, records);
    early.add(1);
    expect(early.helm).toBeNull();
    expect(early.finish().map((r) => r.status)).toEqual(['ok', 'ok']);
  });
});
