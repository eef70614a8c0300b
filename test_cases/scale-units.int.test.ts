/**
 * Work units and merge (docs/scale.md) through the real CLI: the same suite run as 1 unit and as 7 instance shards
 * — run by two worker processes at once sharing a real redis-server — merges into byte-identical per-instance
 * results and equal aggregates, and the endpoint sees each prompt once. A missing unit is named and its job marked
 * incomplete.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import {
  findRedisServer,
  startFakeOpenAIServer,
  startRedisServer,
  type FakeOpenAIServer,
  type RedisServer,
} from '@eval-factory/testkit';
import { runCli, tempDir } from './support.js';
import { promptsSent, writeEntries, writePubmedQa } from './scale-support.js';

const redisBinary = findRedisServer();
if (redisBinary === null)
  process.stderr.write(
    'scale-units.int.test: the Redis-sharing case is SKIPPED, redis-server is not installed (apt-get install redis-server)\n',
  );

let dir: string;
let dataRoot: string;
beforeAll(() => {
  dir = tempDir('ef-units-');
  dataRoot = join(dir, 'data');
  writePubmedQa(dataRoot, 40);
  writeEntries(join(dir, 'entries.conf'), ['pubmed_qa'], ['org/alpha']);
});

const suiteArgs = (url: string, out: string, extra: string[] = []) => [
  'run_suite',
  '--conf-paths',
  join(dir, 'entries.conf'),
  '--models-to-run',
  'org/alpha',
  '--suite',
  'toy',
  '--output_dir',
  out,
  '--model_url',
  url,
  '--data_root',
  dataRoot,
  '--parallelism',
  '4',
  ...extra,
];
const job = (out: string) => join(out, 'toy', 'org_alpha', 'pubmed_qa');
const resultsOf = (out: string) => readFileSync(join(job(out), 'results.jsonl'), 'utf8');
const aggregates = (out: string) =>
  (parse(readFileSync(join(job(out), 'results.yml'), 'utf8')) as { results: unknown }).results;

/** Runs units one after another in one process-per-unit loop: one "worker" of a cluster. */
async function worker(url: string, out: string, units: readonly number[], extra: string[]): Promise<void> {
  for (const unit of units) {
    const r = await runCli(suiteArgs(url, out, [...extra, '--unit', String(unit)]));
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.code).toBe(0);
  }
}

describe('work units', () => {
  let single: FakeOpenAIServer;
  beforeAll(async () => {
    single = await startFakeOpenAIServer({ models: ['org/alpha'] });
    const r = await runCli(suiteArgs(single.url, join(dir, 'single')));
    expect(r.code).toBe(0);
  });
  afterAll(async () => single.close());

  it('--list-units: a 40-instance job at 6 per unit is 7 shards, the same list on every call', async () => {
    const first = await runCli(
      suiteArgs('http://127.0.0.1:9/v1', join(dir, 'listing'), ['--max-instances-per-unit', '6', '--list-units']),
    );
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^7 units/);
    expect(first.stdout).toContain('org/alpha  pubmed_qa  shard 7 of 7');
    const sizes = [...first.stdout.matchAll(/\((\d+) instances\)/g)].map((m) => Number(m[1]));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(40);
    const again = await runCli(
      suiteArgs('http://127.0.0.1:9/v1', join(dir, 'listing'), ['--max-instances-per-unit', '6', '--list-units']),
    );
    expect(again.stdout).toBe(first.stdout);
    expect(existsSync(join(dir, 'listing'))).toBe(false); // a listing writes nothing
  });

  (redisBinary ? it : it.skip)(
    '7 shards on two workers at once sharing Redis, merged: byte-identical results.jsonl, equal aggregates, each prompt sent once',
    async () => {
      const redis: RedisServer = await startRedisServer(redisBinary);
      const server = await startFakeOpenAIServer({ models: ['org/alpha'], latencyMs: 5 });
      try {
        const out = join(dir, 'sharded');
        const extra = ['--max-instances-per-unit', '6', '--cache', redis.url];
        await Promise.all([worker(server.url, out, [0, 2, 4, 6], extra), worker(server.url, out, [1, 3, 5], extra)]);
        expect(existsSync(join(job(out), 'results.jsonl'))).toBe(false); // not merged yet
        const merged = await runCli(['merge', join(out, 'toy')]);
        expect(merged.stderr).not.toMatch(/^\s+at /m);
        expect(merged.code).toBe(0);
        expect(merged.stderr).toMatch(/merged\s+org\/alpha\s+pubmed_qa/);
        expect(resultsOf(out)).toBe(resultsOf(join(dir, 'single')));
        expect(aggregates(out)).toEqual(aggregates(join(dir, 'single')));
        const sent = promptsSent(server.requests.filter((q) => q.kind === 'chat'));
        expect(sent).toHaveLength(40);
        expect(new Set(sent).size).toBe(40);
        // The leaderboard of the merged suite is the single run's.
        expect(readFileSync(join(out, 'toy', 'leaderboard.csv'), 'utf8')).toBe(
          readFileSync(join(dir, 'single', 'toy', 'leaderboard.csv'), 'utf8'),
        );
      } finally {
        await server.close();
        await redis.stop();
      }
    },
  );

  it('a missing unit is named, its instances fail with EF_UNIT_MISSING and the merged job is incomplete', async () => {
    const server = await startFakeOpenAIServer({ models: ['org/alpha'] });
    try {
      const out = join(dir, 'partial');
      const extra = ['--max-instances-per-unit', '6'];
      await worker(server.url, out, [0, 1, 2, 3, 4, 5], extra);
      const merged = await runCli(['merge', join(out, 'toy')]);
      expect(merged.code).toBe(1);
      expect(merged.stderr).toContain(
        'error[EF_UNIT_MISSING]: org/alpha pubmed_qa: incomplete, 1 of its units not merged: unit 6 (org_alpha/pubmed_qa/units/6-of-7: missing)',
      );
      const report = JSON.parse(readFileSync(join(job(out), 'merge.json'), 'utf8')) as { complete: boolean };
      expect(report.complete).toBe(false);
      const lines = readFileSync(join(job(out), 'results.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { status: string; reason?: string });
      expect(lines).toHaveLength(40);
      const missing = lines.filter((l) => l.status === 'failed');
      expect(missing.length).toBeGreaterThan(0);
      expect(missing.every((l) => l.reason?.includes('EF_UNIT_MISSING'))).toBe(true);
      const sentBefore = server.requests.length;
      // The last unit, then merge again: complete, and nothing sent twice.
      await worker(server.url, out, [6], extra);
      const again = await runCli(['merge', join(out, 'toy')]);
      expect(again.code).toBe(0);
      expect(server.requests.length - sentBefore).toBe(missing.length);
      expect(resultsOf(out)).toBe(resultsOf(join(dir, 'single')));
    } finally {
      await server.close();
    }
  }, 240_000);

  it("run_suite with --max-instances-per-unit runs every unit here and merges: the single run's results", async () => {
    const server = await startFakeOpenAIServer({ models: ['org/alpha'] });
    try {
      const out = join(dir, 'local');
      const r = await runCli(suiteArgs(server.url, out, ['--max-instances-per-unit', '6']));
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('1 jobs in 7 units');
      expect(resultsOf(out)).toBe(resultsOf(join(dir, 'single')));
      const status = await runCli(['status', join(out, 'toy')]);
      expect(status.stdout).toContain('1 done');
      rmSync(out, { recursive: true, force: true });
    } finally {
      await server.close();
    }
  }, 240_000);
});
