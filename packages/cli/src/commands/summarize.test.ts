import { afterAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import yargs from 'yargs';
import { cleanupTempDirs, makeTempDir, textSink } from '@eval-factory/testkit';
import { binaryInstances, writeRun } from '../../../summary/src/fixtures/write-run.js';
import { COMPARE_FLAGS, COMPARE_POSITIONALS, compareCommand } from './compare.js';
import { bootstrapFromArgs, SUMMARIZE_FLAGS, summarizeCommand } from '@eval-factory/orchestrator';

afterAll(cleanupTempDirs);

async function twoModels(): Promise<string> {
  const root = (await makeTempDir('ef-cli-summary-')).path;
  writeRun(join(root, 'a', 'pubmed_qa'), {
    task: 'pubmed_qa',
    model: 'org/a',
    main: 'exact_match',
    instances: binaryInstances('exact_match', [1, 1, 1, 0]),
  });
  writeRun(join(root, 'b', 'pubmed_qa'), {
    task: 'pubmed_qa',
    model: 'org/b',
    main: 'exact_match',
    instances: binaryInstances('exact_match', [0, 1, 0, 0]),
  });
  return root;
}

describe('summarizeCommand', () => {
  it('takes folders from --runs and positionals, writes leaderboard.{md,csv,json} and prints the Markdown', async () => {
    const root = await twoModels();
    const [out, err] = [textSink(), textSink()];
    expect(
      await summarizeCommand(
        { runs: [join(root, 'a')], dirs: [join(root, 'b')], out: join(root, 'lb'), seed: 1, resamples: 500 },
        out,
        err,
      ),
    ).toBe(0);
    for (const f of ['leaderboard.md', 'leaderboard.csv', 'leaderboard.json'])
      expect(existsSync(join(root, 'lb', f))).toBe(true);
    expect(out.text).toContain('| org/a | 1.000 | 1.00 | 0.7500 [');
    expect(out.text).toContain('mulberry32 seed 1, 500 resamples');
    expect(JSON.parse(readFileSync(join(root, 'lb', 'leaderboard.json'), 'utf8')).method.seed).toBe(1);
  });

  it('refuses bad bootstrap settings as usage errors (exit 2)', () => {
    expect(() => bootstrapFromArgs({ resamples: 10 })).toThrow(
      expect.objectContaining({ code: 'EF_USAGE', exitCode: 2 }),
    );
    expect(() => bootstrapFromArgs({ seed: -1 })).toThrow(expect.objectContaining({ code: 'EF_USAGE' }));
    expect(() => bootstrapFromArgs({ level: 95 })).toThrow(expect.objectContaining({ code: 'EF_USAGE' }));
    expect(bootstrapFromArgs({})).toEqual({ seed: 0, resamples: 2000, level: 0.95 });
  });

  it('a folder without runs is EF_NO_RUNS', async () => {
    const empty = (await makeTempDir('ef-cli-empty-')).path;
    await expect(summarizeCommand({ runs: [empty], out: empty }, textSink(), textSink())).rejects.toThrow(
      expect.objectContaining({ code: 'EF_NO_RUNS' }),
    );
  });
});

describe('compareCommand', () => {
  it('compares two run folders, prints Markdown, writes files only with --out', async () => {
    const root = await twoModels();
    const out = textSink();
    expect(await compareCommand({ a: join(root, 'a'), b: join(root, 'b') }, out, textSink())).toBe(0);
    expect(out.text).toContain(`A: org/a (${join(root, 'a')})`);
    expect(out.text).toContain('McNemar exact (b=2, c=0)');
    expect(existsSync(join(root, 'comparison.md'))).toBe(false);
    await compareCommand({ a: 'org/a', b: 'org/b', root, out: join(root, 'cmp') }, textSink(), textSink());
    expect(readFileSync(join(root, 'cmp', 'comparison.csv'), 'utf8')).toContain('pubmed_qa,pubmed_qa,exact_match,true');
  });

  it('refuses an alpha outside (0, 1)', async () => {
    await expect(compareCommand({ a: 'x', b: 'y', alpha: 5 }, textSink(), textSink())).rejects.toThrow(
      expect.objectContaining({ code: 'EF_USAGE' }),
    );
  });
});

describe('option tables with yargs (the lines main.ts adds)', () => {
  const parser = () =>
    yargs()
      .strict()
      .exitProcess(false)
      .command('summarize [dirs..]', 'leaderboard', (y) =>
        y.positional('dirs', { type: 'string', array: true }).options(SUMMARIZE_FLAGS),
      )
      .command('compare <a> <b>', 'paired comparison', (y) =>
        y.positional('a', COMPARE_POSITIONALS.a).positional('b', COMPARE_POSITIONALS.b).options(COMPARE_FLAGS),
      );

  it('summarize: positionals, repeatable --runs, defaults', async () => {
    const a = await parser().parseAsync(['summarize', 'r1', 'r2', '--runs', 'r3', 'r4', '--out', 'o']);
    expect(a).toMatchObject({
      dirs: ['r1', 'r2'],
      runs: ['r3', 'r4'],
      out: 'o',
      seed: 0,
      resamples: 2000,
      level: 0.95,
    });
  });

  it('compare: two positionals, repeatable --metric', async () => {
    const a = await parser().parseAsync([
      'compare',
      'x',
      'y',
      '--metric',
      'exact_match',
      '--metric',
      'quasi_exact_match',
      '--alpha',
      '0.01',
    ]);
    expect(a).toMatchObject({
      a: 'x',
      b: 'y',
      root: '.',
      metric: ['exact_match', 'quasi_exact_match'],
      alpha: 0.01,
      seed: 0,
    });
  });
});
