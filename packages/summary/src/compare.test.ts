import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { cleanupTempDirs, makeTempDir } from '@eval-factory/testkit';
import { compareRuns, type Comparison } from './compare.js';
import { formatComparisonCsv, formatComparisonJson, formatComparisonMarkdown } from './compare-format.js';
import { binaryInstances, writeRun, type FixtureInstance } from './fixtures/write-run.js';
import { resolveSide } from './sides.js';

/**
 * Known data, reference values by hand and from Python (docs/results.md): McNemar b=10, c=0 → p = 2·2⁻¹⁰;
 * b=2, c=8 → scipy binomtest(2, 10) = 0.109375; the continuous metric's paired bootstrap (mulberry32 seed 3,
 * 999 resamples) → Δ 0.075, [−0.008333, 0.166667], p = 0.125. Holm over the three main metrics:
 * 0.001953125·3 = 0.005859375; 0.109375·2 = 0.21875; max(0.125·1, 0.21875) = 0.21875.
 */
const BOOT = { seed: 3, resamples: 999, level: 0.95 };
const PUBMED_A = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1];
const PUBMED_B = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
const HEAD_A = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0];
const HEAD_B = [0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0];
const SCORE_A = [0.9, 0.4, 0.7, 0.3, 0.8, 0.55];
const SCORE_B = [0.7, 0.5, 0.6, 0.3, 0.6, 0.5];

const scored = (metric: string, values: readonly number[], extra?: string): FixtureInstance[] =>
  values.map((v, k) => ({ id: `i${k}`, metrics: { [metric]: v, ...(extra ? { [extra]: v } : {}) } }));

let root: string;
let result: Comparison;

function writeModel(model: string, pubmed: number[], head: number[], score: number[]): void {
  writeRun(join(root, model, 'pubmed_qa'), {
    task: 'pubmed_qa',
    model,
    main: 'exact_match',
    instances: scored('exact_match', pubmed, 'quasi_exact_match'),
  });
  writeRun(join(root, model, 'head_qa'), {
    task: 'head_qa',
    model,
    main: 'exact_match',
    instances: scored('exact_match', head),
  });
  writeRun(join(root, model, 'dialog'), {
    task: 'med_dialog',
    model,
    main: 'score',
    instances: scored('score', score),
  });
}

beforeAll(async () => {
  root = (await makeTempDir('ef-compare-')).path;
  writeModel('model-a', PUBMED_A, HEAD_A, SCORE_A);
  writeModel('model-b', PUBMED_B, HEAD_B, SCORE_B);
  result = await compareRuns(resolveSide('model-a', root), resolveSide('model-b', root), { bootstrap: BOOT });
});
afterAll(cleanupTempDirs);

const row = (benchmark: string, metric: string) =>
  result.rows.find((r) => r.benchmark === benchmark && r.metric === metric);

describe('compareRuns', () => {
  it('McNemar for 0/1 metrics, matching the reference p-values', () => {
    expect(row('pubmed_qa', 'exact_match')).toMatchObject({
      test: 'mcnemar_exact',
      n: 12,
      discordant: { b: 10, c: 0 },
      p: 0.001953125,
    });
    expect(row('pubmed_qa', 'exact_match')?.diff).toBeCloseTo(10 / 12, 14);
    expect(row('head_qa', 'exact_match')).toMatchObject({ test: 'mcnemar_exact', discordant: { b: 2, c: 8 } });
    expect(row('head_qa', 'exact_match')?.p).toBeCloseTo(0.109375, 14);
  });

  it('paired bootstrap for other metrics, matching the Python reference', () => {
    const r = row('med_dialog', 'score');
    expect(r?.test).toBe('paired_bootstrap');
    expect(r?.diff).toBeCloseTo(0.075, 12);
    expect(r?.ci?.lo).toBeCloseTo(-0.008333333333333323, 12);
    expect(r?.ci?.hi).toBeCloseTo(0.1666666666666667, 12);
    expect(r?.p).toBeCloseTo(0.125, 14);
    expect([r?.meanA, r?.meanB]).toEqual([expect.closeTo(0.6083333333, 9), expect.closeTo(0.5333333333, 9)]);
  });

  it('Holm across benchmarks: the main metrics are one family, other metrics their own', () => {
    expect(row('pubmed_qa', 'exact_match')?.pHolm).toBeCloseTo(0.005859375, 14);
    expect(row('head_qa', 'exact_match')?.pHolm).toBeCloseTo(0.21875, 14);
    expect(row('med_dialog', 'score')?.pHolm).toBeCloseTo(0.21875, 14);
    expect(row('pubmed_qa', 'quasi_exact_match')).toMatchObject({
      family: 'quasi_exact_match',
      p: 0.001953125,
      pHolm: 0.001953125,
    });
  });

  it('gives a verdict on the adjusted p-value', () => {
    expect(result.rows.map((r) => [r.benchmark, r.metric, r.verdict])).toEqual([
      ['head_qa', 'exact_match', 'no significant difference'],
      ['med_dialog', 'score', 'no significant difference'],
      ['pubmed_qa', 'exact_match', 'A better'],
      ['pubmed_qa', 'quasi_exact_match', 'A better'],
    ]);
    expect(result.method).toEqual({
      prng: 'mulberry32',
      seed: 3,
      resamples: 999,
      level: 0.95,
      alpha: 0.05,
      correction: 'holm',
    });
  });

  it('refuses different instance sets with EF_COMPARE_MISMATCH naming the counts', async () => {
    const dir = (await makeTempDir('ef-compare-mismatch-')).path;
    writeRun(join(dir, 'a'), {
      task: 'pubmed_qa',
      model: 'a',
      main: 'exact_match',
      instances: binaryInstances('exact_match', [1, 0, 1, 1]),
    });
    writeRun(join(dir, 'b'), {
      task: 'pubmed_qa',
      model: 'b',
      main: 'exact_match',
      instances: binaryInstances('exact_match', [1, 0, 1]),
    });
    await expect(compareRuns(resolveSide(join(dir, 'a'), dir), resolveSide(join(dir, 'b'), dir))).rejects.toThrow(
      expect.objectContaining({
        code: 'EF_COMPARE_MISMATCH',
        message: expect.stringContaining('pubmed_qa: A has 4 instances, B has 3, 3 in common'),
      }),
    );
  });

  it('leaves out instances scored on one side only, and says so', async () => {
    const dir = (await makeTempDir('ef-compare-failed-')).path;
    writeRun(join(dir, 'a'), {
      task: 'pubmed_qa',
      model: 'a',
      main: 'exact_match',
      instances: binaryInstances('exact_match', [1, null, 1, 0]),
    });
    writeRun(join(dir, 'b'), {
      task: 'pubmed_qa',
      model: 'b',
      main: 'exact_match',
      instances: binaryInstances('exact_match', [0, 1, 1, 0]),
    });
    const c = await compareRuns(resolveSide(join(dir, 'a'), dir), resolveSide(join(dir, 'b'), dir));
    expect(c.rows[0]).toMatchObject({
      n: 3,
      discordant: { b: 1, c: 0 },
      p: 1,
      note: '1 instance(s) scored in only one run left out',
    });
  });

  it('refuses sides without a common benchmark, and unknown model ids', async () => {
    const dir = (await makeTempDir('ef-compare-none-')).path;
    writeRun(join(dir, 'a'), {
      task: 'pubmed_qa',
      model: 'a',
      main: 'exact_match',
      instances: binaryInstances('exact_match', [1, 0]),
    });
    writeRun(join(dir, 'b'), {
      task: 'head_qa',
      model: 'b',
      main: 'exact_match',
      instances: binaryInstances('exact_match', [1, 0]),
    });
    await expect(compareRuns(resolveSide('a', dir), resolveSide('b', dir))).rejects.toThrow(
      expect.objectContaining({ code: 'EF_COMPARE_NO_COMMON' }),
    );
    expect(() => resolveSide('zzz', dir)).toThrow(
      expect.objectContaining({
        code: 'EF_COMPARE_MODEL_NOT_FOUND',
        message: expect.stringContaining('models there: a, b'),
      }),
    );
  });
});

describe('comparison files', () => {
  it('Markdown names the sides and prints Δ, CI, test, p and p (Holm)', () => {
    const md = formatComparisonMarkdown(result);
    expect(md).toContain('A: model-a\nB: model-b');
    expect(md).toContain('| pubmed_qa | exact_match * | 12 | 0.9167 | 0.0833 | +0.8333 | [');
    expect(md).toContain('| McNemar exact (b=10, c=0) | 0.0020 | 0.0059 | A better |');
    expect(md).toContain(
      '| med_dialog | score * | 6 | 0.6083 | 0.5333 | +0.0750 | [-0.0083, +0.1667] | paired bootstrap | 0.1250 | 0.2187 | no significant difference |',
    );
  });

  it('CSV and JSON carry the unformatted numbers', () => {
    const lines = formatComparisonCsv(result).trim().split('\n');
    expect(lines[0]).toBe(
      'benchmark,scenario,metric,main,lower_is_better,n,mean_a,mean_b,diff,ci_low,ci_high,test,discordant_b,discordant_c,p,p_holm,family,verdict,note',
    );
    const head = lines.find((l) => l.startsWith('head_qa'))?.split(',') ?? [];
    expect(head.slice(0, 9)).toEqual([
      'head_qa',
      'head_qa',
      'exact_match',
      'true',
      'false',
      '12',
      '0.25',
      '0.75',
      '-0.5',
    ]);
    expect(head.slice(11, 14)).toEqual(['mcnemar_exact', '2', '8']);
    expect(Number(head[14])).toBeCloseTo(0.109375, 14);
    expect(Number(head[15])).toBeCloseTo(0.21875, 14);
    expect(head.slice(16)).toEqual(['main metrics', 'no significant difference', '']);
    const json = JSON.parse(formatComparisonJson(result));
    expect(json.rows.find((r: { metric: string }) => r.metric === 'score')).toMatchObject({
      p_holm: expect.closeTo(0.21875, 14),
      mean_a: expect.closeTo(0.6083333333, 9),
    });
  });
});
