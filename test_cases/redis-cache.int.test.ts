/**
 * The shared Redis request cache through the real CLI and a real redis-server on 127.0.0.1 (docs/scale.md): a
 * second run into another folder sends nothing; Redis killed mid-run, the run finishes with every answer kept in its
 * local cache.db (a re-run without Redis sends nothing either).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  findRedisServer,
  startFakeOpenAIServer,
  startRedisServer,
  demoAnswer,
  type FakeOpenAIServer,
  type RedisServer,
} from '@eval-factory/testkit';
import { runCli, tempDir } from './support.js';
import { writeEntries, writePubmedQa } from './scale-support.js';

const binary = findRedisServer();
if (binary === null)
  process.stderr.write('redis-cache.int.test: SKIPPED, redis-server is not installed (apt-get install redis-server)\n');
const describeRedis = binary === null ? describe.skip : describe;

describeRedis('shared Redis cache (real redis-server)', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('ef-redis-');
    writePubmedQa(join(dir, 'data'), 30);
    writeEntries(join(dir, 'entries.conf'), ['pubmed_qa'], ['org/alpha']);
  });
  const args = (url: string, out: string, cache: string | null) => [
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
    join(dir, 'data'),
    '--parallelism',
    '2',
    ...(cache ? ['--cache', cache] : []),
  ];
  const results = (out: string) => readFileSync(join(out, 'toy', 'org_alpha', 'pubmed_qa', 'results.jsonl'), 'utf8');
  /** What the suite's jobs printed (its engines' notes included), from `from` characters on. */
  const suiteLog = (out: string, from = 0) => readFileSync(join(out, 'toy', 'suite.log'), 'utf8').slice(from);

  let redis: RedisServer;
  let server: FakeOpenAIServer;
  beforeAll(async () => {
    redis = await startRedisServer(binary);
    server = await startFakeOpenAIServer({ models: ['org/alpha'] });
  });
  afterAll(async () => {
    await server?.close();
    await redis?.stop();
  });

  it('two runs into different folders: the second finds every answer in Redis and sends 0 requests', async () => {
    const first = await runCli(args(server.url, join(dir, 'one'), redis.url));
    expect(first.code).toBe(0);
    const sent = server.requests.length;
    expect(sent).toBe(30);
    const second = await runCli(args(server.url, join(dir, 'two'), redis.url));
    expect(second.stderr).not.toMatch(/^\s+at /m);
    expect(second.code).toBe(0);
    expect(server.requests.length).toBe(sent);
    expect(suiteLog(join(dir, 'two'))).toContain('30 answers found in the cache');
    expect(results(join(dir, 'two'))).toBe(results(join(dir, 'one')));
  }, 180_000);

  it('Redis killed mid-run: one warning, the run finishes, nothing lost (a re-run without Redis sends nothing)', async () => {
    const own = await startRedisServer(binary);
    let answered = 0;
    const killing = await startFakeOpenAIServer({
      models: ['org/alpha'],
      answer: async (request) => {
        if (++answered === 10) await own.kill(); // the shared cache disappears a third of the way through
        return demoAnswer(request);
      },
    });
    try {
      const out = join(dir, 'killed');
      const r = await runCli(args(killing.url, out, own.url));
      expect(r.stderr).not.toMatch(/^\s+at /m);
      expect(r.code).toBe(0);
      expect(r.stderr.match(/warning\[EF_CACHE_REMOTE_DOWN\]/g)).toHaveLength(1);
      const lines = results(out)
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { status: string });
      expect(lines).toHaveLength(30);
      expect(lines.every((l) => l.status === 'ok')).toBe(true);
      expect(killing.requests).toHaveLength(30);
      // Every answer is in the run's own cache.db: the job again (its finished mark removed), without Redis, sends nothing.
      rmSync(join(out, 'toy', 'org_alpha', 'pubmed_qa', 'evaluation_config.yaml'));
      const logged = suiteLog(out).length;
      const again = await runCli(args(killing.url, out, null));
      expect(again.code).toBe(0);
      expect(suiteLog(out, logged)).toContain('30 answers found in the cache');
      expect(killing.requests).toHaveLength(30);
    } finally {
      await killing.close();
    }
  }, 180_000);
});
