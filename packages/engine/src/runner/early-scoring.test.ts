import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { AdapterSpec, BenchmarkDefinition, Instance, PromptRequest } from '@eval-factory/types';
import { prng } from '@eval-factory/testkit';
import type { ModelCallRecord } from '../clients/index.js';
import type { HelmRunSpec } from '../output/helm-files.js';
import { EarlyScoring } from './early-scoring.js';
import { ResultSink } from './result-sink.js';
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

const active = [{ name: 'exact_match', description: 'em', helm_compatible: true, report: true }];
const openSink = (dir: string, helm: boolean) =>
  ResultSink.open({
    outputDir: dir,
    active,
    benchmark: { main_metric: 'exact_match' },
    helm: helm ? spec(join(dir, 'helm')) : null,
  });
const tallies = (sink: ResultSink) => ({
  counts: sink.counts,
  metrics: sink.metrics.finish(),
  efficiency: sink.efficiency.stats(),
});

describe('EarlyScoring', () => {
  it('writes the same files and tallies as scoring after the last answer, whatever the arrival order', async () => {
    const all = Array.from({ length: N }, (_, i) => recordOf(i));
    const lateDir = mkdtempSync(join(tmpdir(), 'ef-late-'));
    const late = await openSink(lateDir, true);
    for (let i = 0; i < N; i++) await late.add(scoreOf(i, all[i]), all[i]);
    await late.close();

    const earlyDir = mkdtempSync(join(tmpdir(), 'ef-early-'));
    const sink = await openSink(earlyDir, true);
    const records: (ModelCallRecord | undefined)[] = new Array(N);
    const early = new EarlyScoring(N, (i) => scoreOf(i, records[i]), sink, records);
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
    expect(readdirSync(join(earlyDir, 'helm')).every((f) => f.includes('.tmp-'))).toBe(true); // nothing final yet
    early.finish();
    // Every answer is dropped once its result is in the sink: nothing per request is left in memory.
    expect(records.filter((r) => r !== undefined)).toEqual([]);
    await sink.close();
    expect(readFileSync(join(earlyDir, 'results.jsonl'), 'utf8')).toBe(
      readFileSync(join(lateDir, 'results.jsonl'), 'utf8'),
    );
    expect(filesOf(join(earlyDir, 'helm'))).toEqual(filesOf(join(lateDir, 'helm')));
    expect(readFileSync(join(earlyDir, 'results.jsonl'), 'utf8').split('\n')).toHaveLength(N + 1);
    expect(tallies(sink)).toEqual(tallies(late));
    expect(sink.counts).toMatchObject({ evaluated: N, failed: N - sink.counts.ok });
  });

  it('without HELM files it writes results.jsonl and tallies only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-early-'));
    const sink = await openSink(dir, false);
    const records = [recordOf(0), recordOf(1)];
    const early = new EarlyScoring(2, (i) => scoreOf(i, records[i]), sink, records);
    early.add(1);
    early.finish();
    await sink.close();
    expect(readdirSync(dir)).toEqual(['results.jsonl']);
    expect(sink.counts).toMatchObject({ evaluated: 2, ok: 2 });
    expect(sink.metrics.finish().metrics[0]).toMatchObject({ name: 'exact_match', value: 0.5 });
  });
});
