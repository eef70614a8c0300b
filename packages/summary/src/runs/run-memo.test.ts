/**
 * A run read and resampled ahead (prepareRunSummary, as run_suite does when a job ends) gives the leaderboard the
 * same cells as reading it then, and a run folder whose files change is read again, never served stale.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { cleanupTempDirs, makeTempDir } from '@eval-factory/testkit';
import { binaryInstances, writeRun } from '../fixtures/write-run.js';
import { buildLeaderboard, prepareRunSummary } from '../leaderboard.js';
import { FileMemo } from './run-memo.js';
import { readRun } from './read-run.js';
import { writeFileSync } from 'node:fs';

afterAll(cleanupTempDirs);

describe('FileMemo', () => {
  it('computes again only when a file changes size or time, or appears', async () => {
    const dir = (await makeTempDir('ef-memo-')).path;
    const file = join(dir, 'a.txt');
    const memo = new FileMemo<number>();
    let computed = 0;
    const get = () => memo.get('a', [file], () => ++computed);
    expect([get(), get()]).toEqual([1, 1]);
    writeFileSync(file, 'x');
    expect([get(), get()]).toEqual([2, 2]);
    writeFileSync(file, 'xy');
    expect(get()).toBe(3);
  });
});

describe('prepareRunSummary', () => {
  it('gives the leaderboard the cells it would compute, and a rewritten run is read again', async () => {
    const root = (await makeTempDir('ef-prepared-')).path;
    const run = (values: (0 | 1)[]) => ({
      task: 'pubmed_qa',
      model: 'm',
      main: 'exact_match',
      instances: binaryInstances('exact_match', values),
    });
    const dir = writeRun(join(root, 'm', 'pubmed_qa'), run([1, 0, 1, 1, 0, 1]));
    const other = writeRun(join(root, 'n', 'pubmed_qa'), run([0, 0, 1, 0, 0, 1]));
    await prepareRunSummary(dir);
    const warm = await buildLeaderboard([readRun(dir), readRun(other)]);
    const cold = await buildLeaderboard([readRun(dir), readRun(other)]);
    expect(warm).toEqual(cold);
    const cell = async () => (await buildLeaderboard([readRun(dir)])).rows[0].cells[0]!;
    const before = await cell();
    // The same folder written again with other answers (as a re-run would).
    writeRun(dir, run([0, 0, 0, 1, 0, 0, 0]));
    const after = await cell();
    expect(after.value).not.toBe(before.value);
    expect(after.ci).not.toEqual(before.ci);
  });
});
