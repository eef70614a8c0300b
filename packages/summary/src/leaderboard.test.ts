import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanupTempDirs, makeTempDir } from '@eval-factory/testkit';
import { binaryInstances, writeRun } from './fixtures/write-run.js';
import { buildLeaderboard, type Leaderboard } from './leaderboard.js';
import { formatLeaderboardCsv, formatLeaderboardJson, formatLeaderboardMarkdown } from './leaderboard-format.js';
import { collectRuns } from './runs/collect.js';
import { bootstrapMeanCI, DEFAULT_BOOTSTRAP } from './stats/bootstrap.js';

let root: string;
let board: Leaderboard;
const MEDCALC = 'medcalc_bench_accuracy';

beforeAll(async () => {
  root = (await makeTempDir('ef-summary-')).path;
  writeRun(join(root, 'm-a', 'pubmed_qa'), {
    task: 'pubmed_qa',
    model: 'm-a',
    main: 'exact_match',
    instances: binaryInstances('exact_match', [1, 0, 1, 1, 0]),
  });
  writeRun(join(root, 'm-a', 'pubmed_qa_old'), {
    task: 'pubmed_qa',
    model: 'm-a',
    main: 'exact_match',
    endedAt: '2024-06-01T00:00:00.000Z',
    instances: binaryInstances('exact_match', [0, 0, 0, 0, 0]),
  });
  writeRun(join(root, 'm-a', 'medcalc'), {
    task: 'medcalc_bench',
    model: 'm-a',
    main: MEDCALC,
    instances: binaryInstances(MEDCALC, [1, 1, 0, null]),
  });
  writeRun(join(root, 'm-b', 'pubmed_qa'), {
    task: 'pubmed_qa',
    model: 'm-b',
    main: 'exact_match',
    instances: binaryInstances('exact_match', [0, 0, 1, 0, 0]),
  });
  writeRun(join(root, 'm-b', 'medcalc'), {
    task: 'medcalc_bench',
    model: 'm-b',
    main: MEDCALC,
    status: 'error',
    instances: binaryInstances(MEDCALC, [null, null, null, null]),
    errors: [{ code: 'EF_FAILURE_RATE', message: '4 of 4 instances failed, above max_failure_rate 0.05' }],
  });
  // A run the CLI started but never finished, and a user's own run_config.yml that is not a run.
  mkdirSync(join(root, 'm-c', 'pubmed_qa', 'logs'), { recursive: true });
  writeFileSync(
    join(root, 'm-c', 'pubmed_qa', 'run_config.yml'),
    'config:\n  type: helm.pubmed_qa\ntarget:\n  api_endpoint:\n    model_id: m-c\n',
  );
  mkdirSync(join(root, 'configs'));
  writeFileSync(join(root, 'configs', 'run_config.yml'), 'config:\n  type: pubmed_qa\n');
  board = await buildLeaderboard(collectRuns([root]).runs);
});
afterAll(cleanupTempDirs);

describe('buildLeaderboard', () => {
  it('has one column per benchmark with its main metric, and one row per model, best first', () => {
    expect(board.columns.map((c) => [c.label, c.metric])).toEqual([
      ['medcalc_bench', MEDCALC],
      ['pubmed_qa', 'exact_match'],
    ]);
    expect(board.rows.map((r) => r.model)).toEqual(['m-a', 'm-b', 'm-c']);
    expect(board.runCount).toBe(6);
  });

  it("resamples HELM's main split only when a run evaluates valid and test (MedQA given its dev file)", async () => {
    const dir = (await makeTempDir('ef-summary-splits-')).path;
    const test = binaryInstances('exact_match', [1, 0, 1, 1, 0]);
    const valid = binaryInstances('exact_match', [0, 0, 0, 0, 0]).map((i) => ({
      ...i,
      id: `v${i.id}`,
      split: 'valid',
    }));
    writeRun(join(dir, 'both'), {
      task: 'medhelm_med_qa',
      model: 'm-a',
      main: 'exact_match',
      instances: [...valid, ...test],
    });
    // A run over valid alone keeps its values (no main split to prefer).
    writeRun(join(dir, 'valid'), { task: 'pubmed_qa', model: 'm-a', main: 'exact_match', instances: valid });
    const splits = await buildLeaderboard(collectRuns([dir]).runs);
    const cell = (task: string) => splits.rows[0]!.cells[splits.columns.findIndex((c) => c.task === task)];
    expect(cell('medhelm_med_qa')?.ci).toEqual(bootstrapMeanCI([1, 0, 1, 1, 0], DEFAULT_BOOTSTRAP));
    expect(cell('pubmed_qa')?.ci).toEqual(bootstrapMeanCI([0, 0, 0, 0, 0], DEFAULT_BOOTSTRAP));
  });

  it('shows the results.yml value, its bootstrap interval over instances and the count', () => {
    const cell = board.rows[0].cells[1];
    expect(cell?.value).toBe(0.6);
    expect(cell?.n).toBe(5);
    // Python reference (docs/results.md): mulberry32 seed 0, 2000 resamples of [1, 0, 1, 1, 0] → [0.2, 1.0].
    expect(cell?.ci?.lo).toBeCloseTo(0.2, 12);
    expect(cell?.ci?.hi).toBeCloseTo(1.0, 12);
    expect(board.rows[1].cells[1]?.ci).toEqual(bootstrapMeanCI([0, 0, 1, 0, 0], DEFAULT_BOOTSTRAP));
  });

  it('marks a partial run and keeps its failures visible', () => {
    const cell = board.rows[0].cells[0];
    expect(cell).toMatchObject({ state: 'partial', value: 2 / 3, n: 3, failed: 1, evaluated: 4 });
  });

  it('says why a metric is missing: no scored instance, an unfinished run, not run at all', () => {
    expect(board.rows[1].cells[0]).toMatchObject({
      state: 'error',
      value: null,
      note: 'no scored instance (4 failed, 0 unscored): EF_FAILURE_RATE: 4 of 4 instances failed, above max_failure_rate 0.05',
    });
    expect(board.rows[2].cells[1]).toMatchObject({
      state: 'incomplete',
      value: null,
      note: 'incomplete run (no evaluation_config.yaml)',
    });
    expect(board.rows[2].cells[0]).toBeNull();
  });

  it('uses the latest of duplicate runs and notes the one set aside', () => {
    expect(
      board.notes.some((n) => n.startsWith('m-a on pubmed_qa: 2 runs; showing') && n.includes('pubmed_qa_old')),
    ).toBe(true);
  });

  it('ranks only finished runs: win rate and mean rank', () => {
    expect(board.rows.map((r) => [r.meanWinRate, r.meanRank, r.rankedColumns])).toEqual([
      [1, 1, 1],
      [0, 2, 1],
      [null, null, 0],
    ]);
  });

  it('records the method', () => {
    expect(board.method).toMatchObject({
      interval: 'percentile bootstrap over instances',
      prng: 'mulberry32',
      seed: 0,
      resamples: 2000,
      level: 0.95,
    });
  });

  it('shows another metric with --metric where the runs report it', async () => {
    const dir = (await makeTempDir('ef-summary-metric-')).path;
    writeRun(join(dir, 'a'), {
      task: 'pubmed_qa',
      model: 'x',
      main: 'exact_match',
      instances: [
        { id: '1', metrics: { exact_match: 1, quasi_exact_match: 1 } },
        { id: '2', metrics: { exact_match: 0, quasi_exact_match: 1 } },
      ],
    });
    writeRun(join(dir, 'b'), {
      task: 'medcalc_bench',
      model: 'x',
      main: MEDCALC,
      instances: binaryInstances(MEDCALC, [1, 0]),
    });
    const other = await buildLeaderboard(collectRuns([dir]).runs, { metric: 'quasi_exact_match' });
    expect(other.columns.map((c) => c.metric)).toEqual([MEDCALC, 'quasi_exact_match']);
    expect(other.rows[0].cells[1]?.value).toBe(1);
  });

  it('names columns by scenario when one task ran with several arguments, and says when no interval exists', async () => {
    const dir = (await makeTempDir('ef-summary-scenario-')).path;
    writeRun(join(dir, 'los'), {
      task: 'ehrshot',
      args: 'subject=guo_los',
      model: 'x',
      main: 'exact_match',
      instances: binaryInstances('exact_match', [1]),
    });
    writeRun(join(dir, 'icu'), {
      task: 'ehrshot',
      args: 'subject=guo_icu',
      model: 'x',
      main: 'exact_match',
      instances: binaryInstances('exact_match', [1, 0]),
      noJsonl: true,
    });
    const other = await buildLeaderboard(collectRuns([dir]).runs);
    expect(other.columns.map((c) => c.label)).toEqual(['ehrshot:subject=guo_icu', 'ehrshot:subject=guo_los']);
    expect(other.rows[0].cells.map((c) => c?.note)).toEqual([
      'no results.jsonl: no interval',
      '1 instance value(s) in results.jsonl: no interval',
    ]);
  });
});

describe('leaderboard files', () => {
  it('Markdown: value [lo, hi] (n) cells, markers, the method and numbered notes', () => {
    const md = formatLeaderboardMarkdown(board);
    expect(md).toContain(
      '| Model | Win rate | Mean rank | medcalc_bench: medcalc_bench_accuracy | pubmed_qa: exact_match |',
    );
    expect(md).toContain('| m-a | 1.000 | 1.00 | 0.6667 [');
    expect(md).toContain('(3) partial: 1 failed |');
    expect(md).toContain('0.6000 [0.2000, 1.0000] (5) |');
    expect(md).toMatch(/\| m-b \| 0\.000 \| 2\.00 \| — error: 4 failed note 1 \|/);
    expect(md).toContain('1. no scored instance (4 failed, 0 unscored): EF_FAILURE_RATE: 4 of 4 instances failed');
    expect(md).toContain('| m-c | — | — | not run | — unfinished note 2 |');
    expect(md).toContain('mulberry32 seed 0, 2000 resamples');
  });

  it('CSV: one row per model, numbers per benchmark field', () => {
    const lines = formatLeaderboardCsv(board).trim().split('\n');
    expect(lines[0]).toBe(
      'model,mean_win_rate,mean_rank,ranked_columns,medcalc_bench value,medcalc_bench ci_low,medcalc_bench ci_high,medcalc_bench n,medcalc_bench status,medcalc_bench failed,medcalc_bench note,pubmed_qa value,pubmed_qa ci_low,pubmed_qa ci_high,pubmed_qa n,pubmed_qa status,pubmed_qa failed,pubmed_qa note',
    );
    expect(lines[1]).toMatch(
      /^m-a,1,1,1,0\.6666666666666666,[0-9.]+,[0-9.]+,3,partial,1,partial: 1 failed,0\.6,0\.2,1,5,success,0,$/,
    );
    expect(lines[3]).toBe(
      'm-c,,,0,,,,,not run,,,,,,,incomplete,,unfinished; incomplete run (no evaluation_config.yaml)',
    );
  });

  it('JSON: the same numbers, snake_case keys, with a schema version', () => {
    const json = JSON.parse(formatLeaderboardJson(board));
    expect(json.schema_version).toBe(1);
    expect(json.rows[0].mean_win_rate).toBe(1);
    expect(json.rows[0].cells[1]).toMatchObject({
      value: 0.6,
      n: 5,
      state: 'success',
      ci: { lo: expect.any(Number), hi: expect.any(Number) },
    });
    expect(json.method.resamples).toBe(2000);
  });
});
