import { describe, expect, it } from '@jest/globals';
import type { EngineProgressEvent } from '@eval-factory/types';
import { SuiteBoard, suiteEta } from './board.js';
import { formatJob, formatJobEnd, formatOverall, formatPlain, formatView } from './format.js';

const event = (over: Partial<EngineProgressEvent> = {}): EngineProgressEvent => ({
  label: 'b',
  total: 100,
  done: 0,
  cached: 0,
  duplicates: 0,
  failed: 0,
  retrying: 0,
  throttled: 0,
  rate: null,
  last_failure: null,
  line: '',
  final: false,
  ...over,
});

/** 2 models × 2 benchmarks, in run-suite's order. */
const board = () =>
  new SuiteBoard('toy', [
    { model: 'org/a', job: 'pubmed_qa' },
    { model: 'org/a', job: 'head_qa' },
    { model: 'org/b', job: 'pubmed_qa' },
    { model: 'org/b', job: 'head_qa' },
  ]);

describe('SuiteBoard', () => {
  it('before any event: nothing known, no ETA', () => {
    const b = board();
    expect(b.requests()).toEqual({ completed: 0, failed: 0, total: 0, atLeast: true });
    expect(formatOverall(b)).toBe('suite toy: jobs 0/4 done, 4 queued | requests 0/0+');
  });

  it("sizes a job not yet started from another model's job of the same name; ETA from each endpoint's rate", () => {
    const b = board();
    b.start(0);
    b.start(2);
    b.progress(0, event({ total: 100, done: 40, failed: 2, rate: 10 }));
    b.progress(2, event({ total: 100, done: 80, rate: 20 }));
    // head_qa's size is unknown on both endpoints: the totals are lower bounds.
    expect(b.requests()).toEqual({ completed: 122, failed: 2, total: 200, atLeast: true });
    expect(b.endpoints()).toEqual([
      { model: 'org/a', remaining: 58, atLeast: true, rate: 10 },
      { model: 'org/b', remaining: 20, atLeast: true, rate: 20 },
    ]);
    expect(suiteEta(b.endpoints())).toEqual({ seconds: 5.8, atLeast: true });
    expect(formatOverall(b)).toBe(
      'suite toy: jobs 0/4 done, 2 running, 2 queued | requests 122/200+ (failed 2) 30.0 req/s | ETA ≥ 6s',
    );
    b.end(2, 'success');
    b.start(3);
    b.progress(3, event({ total: 10, done: 1 }));
    // org/b's head_qa is sized now, org/a's from it; org/b keeps its last rate until head_qa has one.
    expect(b.requests()).toEqual({ completed: 123, failed: 2, total: 220, atLeast: false });
    expect(b.endpoints()[1]).toEqual({ model: 'org/b', remaining: 9, atLeast: false, rate: 20 });
    expect(formatOverall(b)).toBe(
      'suite toy: jobs 1/4 done, 2 running, 1 queued | requests 123/220 (failed 2) 30.0 req/s | ETA 7s',
    );
  });

  it('skipped, failed and finished jobs; the lines of running jobs', () => {
    const b = board();
    b.end(0, 'done');
    b.start(1);
    b.progress(1, event({ total: 3, done: 3, final: true }));
    b.start(2);
    b.end(2, 'failed');
    b.start(3);
    b.progress(
      3,
      event({ total: 10, done: 4, cached: 2, failed: 1, retrying: 1, rate: 2.5, last_failure: 'HTTP 500' }),
    );
    // One line per endpoint still at work: its jobs ended, its running jobs, its rate and ETA.
    expect(formatView(b)).toEqual([
      'suite toy: jobs 1/4 done (1 skipped), 2 running, 1 failed | requests 10/13 (failed 1) 2.5 req/s | ETA 1s',
      '  org/a: jobs 1/2 | head_qa 3/3 (cached 0, failed 0) scoring',
      '  org/b: jobs 1/2 | head_qa 7/10 (cached 2, failed 1; retrying 1) | last failure: HTTP 500 | 2.5 req/s, ETA 1s',
    ]);
    expect(formatPlain(b)).toBe(
      'suite toy: jobs 1/4 done (1 skipped), 2 running, 1 failed | requests 10/13 (failed 1) 2.5 req/s | ETA 1s | org/a head_qa 3/3 scoring, org/b head_qa 7/10',
    );
    expect(b.rows[2].reason).toBe('failed');
    expect(formatJob({ model: 'm', job: 'j', state: 'running', event: null, reason: null })).toBe('m j starting');
  });

  it('a partial job (scored, some instances failed) counts as done, named', () => {
    const b = board();
    b.end(0, 'success');
    b.end(1, 'partial');
    b.end(2, 'done');
    b.end(3, 'error');
    expect(formatOverall(b)).toMatch(/^suite toy: jobs 3\/4 done \(1 skipped, 1 partial\), 1 failed \|/);
    expect(b.rows.map((r) => r.state)).toEqual(['ok', 'partial', 'skipped', 'failed']);
    // Ctrl-C: stopped, not failed (the same command resumes it).
    b.end(3, 'interrupted');
    expect(formatOverall(b)).toMatch(/^suite toy: jobs 3\/4 done \(1 skipped, 1 partial\), 1 interrupted \|/);
  });

  it("a job prepared while another job of its endpoint sends is 'next'", () => {
    const b = board();
    b.start(0);
    b.start(1);
    b.progress(0, event({ total: 10, done: 2 }));
    // org/b has not started yet: its line says only how many of its jobs ended.
    expect(formatView(b).slice(1)).toEqual([
      '  org/a: jobs 0/2 | pubmed_qa 2/10 (cached 0, failed 0), head_qa next',
      '  org/b: jobs 0/2',
    ]);
    expect(formatPlain(b)).toContain('| org/a pubmed_qa 2/10, org/a head_qa next');
    b.progress(0, event({ total: 10, done: 10, final: true }));
    expect(formatPlain(b)).toContain('| org/a pubmed_qa 10/10 scoring, org/a head_qa starting');
  });

  it.each<[string, (b: SuiteBoard) => void, number, string]>([
    [
      'a finished job: its requests and time, then what is left and the ETA',
      (b) => {
        b.start(0, 0);
        b.start(2, 0);
        b.progress(0, event({ total: 40, done: 35, failed: 2, cached: 3, final: true, rate: 8 }));
        b.progress(2, event({ total: 40, done: 20, rate: 4 }));
        b.end(0, 'success', 62_000);
      },
      0,
      '[1/4] success  org/a pubmed_qa: 40/40 requests (cached 3, failed 2) in 1m 02s | 1 running, 2 queued, ETA ≥ 5s',
    ],
    [
      'a job finished in an earlier run',
      (b) => b.end(1, 'done'),
      1,
      '[1/4] done     org/a head_qa: finished in an earlier run | 3 queued',
    ],
    [
      'a job that failed before its engine reported; the last one leaves nothing after it',
      (b) => {
        for (const i of [0, 1, 2]) b.end(i, 'success');
        b.start(3, 1_000);
        b.end(3, 'error', 1_400);
      },
      3,
      '[4/4] error    org/b head_qa in 0s',
    ],
  ])('the line of an ended job: %s', (_name, steps, i, line) => {
    const b = board();
    steps(b);
    expect(formatJobEnd(b, i)).toBe(line);
  });

  it('a board of ten jobs pads the count so the lines align', () => {
    const b = new SuiteBoard(
      'ten',
      Array.from({ length: 10 }, (_, k) => ({ model: 'm', job: `j${k}` })),
    );
    b.end(4, 'interrupted');
    expect(formatJobEnd(b, 4)).toBe('[ 1/10] interrupted m j4 | 9 queued');
  });
});
