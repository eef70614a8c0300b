/**
 * The data API over self-written run folders (real files in a temp dir): ids, the overview, a run page, paging,
 * filters, search, an instance page with its error or its judges' verdicts.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFixtureRun, type FixtureRow } from '../test-support.js';
import { RunCatalog, runIds } from './catalog.js';

const REPLY =
  '{"accuracy": {"score": 4, "explanation": "right drug"}, "completeness": {"score": 3, "explanation": "no dose"}, "clarity": {"score": 5, "explanation": "clear"}}';
let root: string;
let catalog: RunCatalog;
const values: Record<string, number> = {};

/** 120 rows: row 7 failed, rows 10, 20, … unscored, the others right when i % 3 === 0. */
function mcqRows(): FixtureRow[] {
  return Array.from({ length: 120 }, (_, i) => {
    if (i === 7) return { id: `m${i}`, status: 'failed', reason: 'server_error: HTTP 503: invented outage' } as const;
    if (i > 0 && i % 10 === 0)
      return {
        id: `m${i}`,
        status: 'unscored',
        reason: 'no metric produced a value for this output',
        answer: 'Z',
      } as const;
    return {
      id: `m${i}`,
      status: 'ok',
      value: i % 3 === 0 ? 1 : 0,
      answer: i % 3 === 0 ? 'A' : 'B',
      latency: 0.1 + (i % 5) * 0.1,
    } as const;
  });
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ef-viewer-data-'));
  values.a = writeFixtureRun(join(root, 'model-a', 'invented_mcq'), {
    task: 'invented_mcq',
    model: 'lab/model-a',
    metric: 'exact_match',
    rows: mcqRows(),
  });
  values.b = writeFixtureRun(join(root, 'model-b', 'invented_mcq'), {
    task: 'invented_mcq',
    model: 'lab/model-b',
    metric: 'exact_match',
    rows: mcqRows().map((r, i) => (r.value === undefined ? r : { ...r, value: i % 2 })),
  });
  values.j = writeFixtureRun(join(root, 'model-a', 'invented_judged'), {
    task: 'invented_judged',
    model: 'lab/model-a',
    metric: 'judged_accuracy',
    rows: [
      {
        id: 'j1',
        status: 'ok',
        value: 4,
        answer: 'Give the invented drug.',
        annotations: {
          jury: {
            prompt_text: 'rubric',
            judges: {
              gpt: { ok: true, reply: REPLY, cached: false },
              llama: { ok: true, reply: 'not json', cached: false },
            },
          },
        },
        judgeLines: [
          {
            instance_id: 'j1',
            train_trial_index: 0,
            judge: 'llama',
            result: { success: true, completions: [{ text: 'not json' }] },
            parse_error: 'no_json',
          },
        ],
      },
      { id: 'j2', status: 'ok', value: 2.5, answer: 'Rest.' },
    ],
  });
  catalog = RunCatalog.open([root]);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('run ids', () => {
  it('are the shortest path suffixes that tell the runs apart', () => {
    expect(catalog.entries.map((e) => e.id)).toEqual([
      'invented_judged',
      'model-a/invented_mcq',
      'model-b/invented_mcq',
    ]);
    expect(runIds(['/r/x/pubmed_qa', '/r/y/head_qa'])).toEqual(['pubmed_qa', 'head_qa']);
  });
});

describe('overview', () => {
  it('puts each run in the leaderboard with its results.yml value, interval and count', async () => {
    const o = await catalog.overview();
    expect(o.leaderboard.columns.map((c) => `${c.label}/${c.metric}`)).toEqual([
      'invented_judged/judged_accuracy',
      'invented_mcq/exact_match',
    ]);
    const row = o.leaderboard.rows.find((r) => r.model === 'lab/model-a');
    const mcq = row?.cells[1];
    expect(mcq).toMatchObject({
      run_id: 'model-a/invented_mcq',
      value: values.a,
      count: 108,
      state: 'partial',
      failed: 1,
    });
    expect(mcq?.interval?.lo).toBeLessThan(values.a);
    expect(mcq?.interval?.hi).toBeGreaterThan(values.a);
    expect(mcq?.markers).toContain('partial: 1 failed');
    // Invented benchmarks belong to no MedHELM category: no category tables.
    expect(o.leaderboard.categories).toEqual([]);
    expect(o.runs.find((r) => r.id === 'invented_judged')?.main).toMatchObject({
      name: 'judged_accuracy',
      value: 3.25,
    });
  });
});

describe('run page', () => {
  it('has metrics with intervals, counts, verdicts, latency and warnings', async () => {
    const view = await catalog.get('model-a/invented_mcq')!.view();
    expect(view.metrics).toHaveLength(1);
    expect(view.metrics[0]).toMatchObject({ name: 'exact_match', value: values.a, count: 108, main: true });
    expect(view.metrics[0].interval).not.toBeNull();
    expect(view.verdicts).toEqual({ correct: 37, wrong: 71, scored: 0, failed: 1, unscored: 11 });
    expect(view.latency?.total).toBe(119); // every answered request, scored or not
    expect(view.warnings.map((w) => w.code)).toEqual(['EF_INSTANCES_FAILED']);
    expect(view.requests).toMatchObject({ total: 120, failed: 1 });
  });

  it('calls a non-0/1 main metric "scored", not right or wrong', async () => {
    expect((await catalog.get('invented_judged')!.view()).verdicts).toMatchObject({ scored: 2, correct: 0, wrong: 0 });
  });
});

describe('instance pages', () => {
  const run = () => catalog.get('model-a/invented_mcq')!;
  const q = { q: '', verdict: 'all', page: 1, page_size: 50 } as const;

  it('page through every record without loading more than a page of rows', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => run().page({ ...q, page })));
    expect(pages.map((p) => p.rows.length)).toEqual([50, 50, 20]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(Array.from({ length: 120 }, (_, i) => `m${i}`));
    expect(pages[0].pages).toBe(3);
  });

  it('filter by verdict and search', async () => {
    const failed = await run().page({ ...q, verdict: 'failed' });
    expect(failed.rows.map((r) => [r.id, r.reason])).toEqual([['m7', 'server_error: HTTP 503: invented outage']]);
    const unscored = await run().page({ ...q, verdict: 'unscored', page_size: 5, page: 3 });
    expect(unscored.rows.map((r) => r.id)).toEqual(['m110']);
    expect((await run().page({ ...q, q: 'question m11:' })).rows.map((r) => r.id)).toEqual(['m11']);
  });

  it('show a failed instance with its error and the request that failed', async () => {
    const d = await run().detail('m7', 0);
    expect(d?.record).toMatchObject({
      status: 'failed',
      verdict: 'failed',
      reason: 'server_error: HTTP 503: invented outage',
      prediction: null,
    });
    expect(d?.response).toMatchObject({
      success: false,
      error_kind: 'server_error',
      status_code: 503,
      attempts: 6,
      completions: [],
    });
    expect(d?.response?.messages?.[0].content).toContain('Invented question m7');
  });

  it('show the prompt, raw output, references and metric of an answered instance', async () => {
    const d = await run().detail('m3', 0);
    expect(d?.record).toMatchObject({
      verdict: 'correct',
      prediction: 'A',
      mapped_output: 'yes',
      main_value: 1,
      references: [
        { text: 'yes', correct: true },
        { text: 'no', correct: false },
      ],
    });
    expect(d?.response?.completions).toEqual([{ text: 'A', finish_reason: 'stop' }]);
    expect(await run().detail('nope', 0)).toBeNull();
  });

  it("show each judge's criteria and reasons, and why a reply could not be read", async () => {
    const d = await catalog.get('invented_judged')!.detail('j1', 0);
    expect(
      d?.judges.map((j) => [j.judge, j.ok, j.criteria.map((c) => `${c.name}=${c.score}`).join(' '), j.error]),
    ).toEqual([
      ['gpt', true, 'accuracy=4 completeness=3 clarity=5', null],
      ['llama', false, '', 'parse failure: no_json'],
    ]);
    expect(d?.judges[0].criteria[1].explanation).toBe('no dose');
  });
});
