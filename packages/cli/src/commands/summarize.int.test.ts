/**
 * summarize and compare on real runs of two models on three benchmarks, made with the built CLI against the loopback
 * fake server, summarised and compared. The leaderboard's numbers must equal each run's results.yml values, each
 * with an interval and a count; compare's McNemar p-values must equal a recomputation from results.jsonl.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import {
  cleanupTempDirs,
  demoAnswer,
  makeTempDir,
  startFakeOpenAIServer,
  type FakeOpenAIServer,
  runNode,
  textSink,
} from '@eval-factory/testkit';
import { mcnemarExact } from '@eval-factory/summary';
import { compareCommand } from './compare.js';
import { summarizeCommand } from '@eval-factory/orchestrator';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
// The committed bin: the esbuild bundle while it is fresh (npm run build), so the viewer's assets are found from it too.
const CLI = join(REPO, 'packages/cli/bin/eval-factory.js');
const MODELS = ['model-a', 'model-b'];
const BENCHMARKS = ['pubmed_qa', 'head_qa', 'medbullets'];

function runCli(args: readonly string[]) {
  return runNode([CLI, ...args], {
    cwd: REPO,
    env: { ...process.env, CI: 'true', EF_DATA_CACHE: join(tmpdir(), 'ef-test-data-cache') },
  });
}

let server: FakeOpenAIServer;
let root: string;
const mainValue = (model: string, benchmark: string) => {
  const results = parse(readFileSync(join(root, model, benchmark, 'results.yml'), 'utf8'));
  return results.results.tasks[benchmark].metrics.exact_match.scores.mean as {
    value: number;
    stats: { count: number };
  };
};
const jsonl = (model: string, benchmark: string) =>
  readFileSync(join(root, model, benchmark, 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

beforeAll(async () => {
  // model-b hashes a slightly different prompt, so the two "models" answer differently but deterministically.
  server = await startFakeOpenAIServer({
    answer: (r) => demoAnswer(r.model === 'model-b' ? { ...r, prompt: `${r.prompt}\n#b` } : r),
  });
  root = (await makeTempDir('ef-summarize-int-')).path;
  for (const model of MODELS) {
    for (const benchmark of BENCHMARKS) {
      const config = join(root, `${model}-${benchmark}.yml`);
      writeFileSync(
        config,
        stringify({
          config: {
            type: benchmark,
            output_dir: join(root, model, benchmark),
            params: {
              parallelism: 4,
              extra: { data_path: join(REPO, 'packages/benchmarks/src', benchmark, 'fixture') },
            },
          },
          target: { api_endpoint: { url: server.url, model_id: model, type: 'chat' } },
        }),
      );
      const r = await runCli(['run_eval', '--run_config', config]);
      if (r.code !== 0) throw new Error(`run_eval ${model} ${benchmark} exited ${r.code}: ${r.stderr}`);
    }
  }
}, 180_000);
afterAll(async () => {
  await server?.close();
  await cleanupTempDirs();
});

describe('summarize over real runs', () => {
  it('an --out that cannot be written is EF_OUTPUT_WRITE naming it, after the leaderboard was printed', async () => {
    const blocker = join(root, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const [out, err] = [textSink(), textSink()];
    await expect(summarizeCommand({ runs: [root], out: join(blocker, 'board') }, out, err)).rejects.toMatchObject({
      code: 'EF_OUTPUT_WRITE',
      message: `cannot write to ${join(blocker, 'board')}: ${blocker} is not a folder (ENOTDIR)`,
    });
    expect(out.text).toContain('|');
  });

  it('prints and writes a leaderboard whose numbers equal results.yml, each with an interval and a count', async () => {
    const [out, err] = [textSink(), textSink()];
    expect(await summarizeCommand({ runs: [root], out: join(root, 'board') }, out, err)).toBe(0);
    const board = JSON.parse(readFileSync(join(root, 'board', 'leaderboard.json'), 'utf8'));
    expect(board.columns.map((c: { label: string; metric: string }) => `${c.label}/${c.metric}`)).toEqual([
      'head_qa/exact_match',
      'medbullets/exact_match',
      'pubmed_qa/exact_match',
    ]);
    expect(board.rows.map((r: { model: string }) => r.model).sort()).toEqual(MODELS);
    for (const row of board.rows) {
      row.cells.forEach(
        (cell: { value: number; n: number; ci: { lo: number; hi: number } | null; state: string }, j: number) => {
          const expected = mainValue(row.model, board.columns[j].task);
          expect(cell.value).toBe(expected.value);
          expect(cell.n).toBe(expected.stats.count);
          expect(cell.state).toBe('success');
          expect(cell.ci).not.toBeNull();
          expect(cell.ci!.lo).toBeLessThanOrEqual(cell.value);
          expect(cell.ci!.hi).toBeGreaterThanOrEqual(cell.value);
          expect(out.text).toContain(
            `${cell.value.toFixed(4)} [${cell.ci!.lo.toFixed(4)}, ${cell.ci!.hi.toFixed(4)}] (${cell.n})`,
          );
        },
      );
    }
    expect(readFileSync(join(root, 'board', 'leaderboard.md'), 'utf8')).toBe(out.text);
    expect(readFileSync(join(root, 'board', 'leaderboard.csv'), 'utf8').split('\n')[0]).toContain('pubmed_qa value');
    expect(err.text).toContain('leaderboard.csv');
  });

  it('compare by model id: McNemar p-values equal a recomputation from results.jsonl', async () => {
    const [out, err] = [textSink(), textSink()];
    expect(await compareCommand({ a: 'model-a', b: 'model-b', root, out: join(root, 'cmp') }, out, err)).toBe(0);
    const comparison = JSON.parse(readFileSync(join(root, 'cmp', 'comparison.json'), 'utf8'));
    for (const benchmark of BENCHMARKS) {
      const row = comparison.rows.find(
        (r: { benchmark: string; metric: string }) =>
          r.metric === 'exact_match' && r.benchmark.split(':')[0] === benchmark,
      );
      const [a, b] = [jsonl('model-a', benchmark), jsonl('model-b', benchmark)];
      const byId = new Map(b.map((l) => [l.instance_id, l.metrics.exact_match]));
      const reference = mcnemarExact(
        a.map((l) => l.metrics.exact_match),
        a.map((l) => byId.get(l.instance_id)),
      );
      expect(row).toMatchObject({ test: 'mcnemar_exact', n: a.length, discordant: { b: reference.b, c: reference.c } });
      expect(row.p).toBeCloseTo(reference.p, 12);
      expect(row.mean_a).toBeCloseTo(mainValue('model-a', benchmark).value, 12);
    }
    expect(out.text).toContain('A: model-a\nB: model-b');
  });
});

describe('summarize defaults', () => {
  it('without --out the leaderboard goes next to the runs it read, not into the current folder', async () => {
    const [out, err] = [textSink(), textSink()];
    const before = existsSync(join(process.cwd(), 'leaderboard.md'));
    expect(await summarizeCommand({ dirs: [root] }, out, err)).toBe(0);
    expect(existsSync(join(root, 'leaderboard.md'))).toBe(true);
    expect(existsSync(join(process.cwd(), 'leaderboard.md'))).toBe(before);
  });
});
