/**
 * The shared Redis tier when Redis misbehaves (docs/scale.md), through the real CLI and a real redis-server on
 * 127.0.0.1: a server paused mid-run (SIGSTOP: a paused VM, a partition without RST) costs one warning and a few
 * seconds, never the run; a judged run with the shared cache ends and its judges share answers through Redis; an
 * entry of another shape is a miss, re-sent and overwritten, never copied into cache.db.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  demoAnswer,
  findRedisServer,
  rubricReply,
  startFakeJudgeServer,
  startFakeOpenAIServer,
  startRedisServer,
  type FakeJudgeServer,
  type FakeOpenAIServer,
  type RedisServer,
} from '@eval-factory/testkit';
import { CLI, fixture, REPO_ROOT, tempDir, writeRunConfig, type CliResult } from './support.js';
import { writeEntries, writePubmedQa } from './scale-support.js';

const binary = findRedisServer();
if (binary === null)
  process.stderr.write(
    'redis-faults.int.test: SKIPPED, redis-server is not installed (apt-get install redis-server)\n',
  );
const describeRedis = binary === null ? describe.skip : describe;

/** The CLI as a process group, killed (with its engines) after `limitMs`: a hang is a failed test, not a stuck one. */
function runCliWithin(args: readonly string[], limitMs: number, env: Record<string, string> = {}) {
  return new Promise<CliResult & { hung: boolean }>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, CI: 'true', EF_RETRY_BASE_SECONDS: '0.01', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let hung = false;
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => {
      hung = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, limitMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, hung });
    });
  });
}

const redisCli = (port: number, ...args: string[]) =>
  spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { encoding: 'utf8' }).stdout;

const rows = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { status: string });

let dir: string;
beforeAll(() => {
  dir = tempDir('ef-redis-faults-');
  writePubmedQa(join(dir, 'data'), 30);
  writeEntries(join(dir, 'entries.conf'), ['pubmed_qa'], ['org/alpha']);
});
const suiteArgs = (url: string, out: string, extra: string[]) => [
  'run_suite',
  ...['--conf-paths', join(dir, 'entries.conf'), '--models-to-run', 'org/alpha', '--suite', 'toy'],
  ...['--output_dir', out, '--model_url', url, '--data_root', join(dir, 'data'), '--parallelism', '2'],
  ...extra,
];
const jobDir = (out: string) => join(out, 'toy', 'org_alpha', 'pubmed_qa');
/** What the suite's jobs printed (its engines' notes included), from `from` characters on. */
const suiteLog = (out: string, from = 0) => readFileSync(join(out, 'toy', 'suite.log'), 'utf8').slice(from);

describeRedis('27.2 a stalled Redis (SIGSTOP) mid-run', () => {
  it.each([
    ['27.2 cache: one EF_CACHE_REMOTE_DOWN, the run ends with all instances scored', [], ['EF_CACHE_REMOTE_DOWN']],
    [
      '27.2 shared budget: one EF_BUDGET_REMOTE_DOWN, the run ends with all instances scored',
      ['--shared-budget'],
      ['EF_BUDGET_REMOTE_DOWN', 'EF_CACHE_REMOTE_DOWN'],
    ],
  ])(
    '%s',
    async (_, extra, codes) => {
      const redis = await startRedisServer(binary);
      let answered = 0;
      const server = await startFakeOpenAIServer({
        models: ['org/alpha'],
        answer: async (request) => {
          if (++answered === 10) redis.process.kill('SIGSTOP'); // paused, its sockets still open
          return demoAnswer(request);
        },
      });
      try {
        const out = join(dir, `stalled-${extra.length}`);
        const r = await runCliWithin(suiteArgs(server.url, out, ['--cache', redis.url, ...extra]), 90_000);
        expect(r.hung).toBe(false);
        expect(r.stderr).not.toMatch(/^\s+at /m);
        expect(r.code).toBe(0);
        for (const code of codes) expect(r.stderr.match(new RegExp(`warning\\[${code}\\]`, 'g'))).toHaveLength(1);
        const lines = rows(join(jobDir(out), 'results.jsonl'));
        expect(lines).toHaveLength(30);
        expect(lines.every((l) => l.status === 'ok')).toBe(true);
      } finally {
        redis.process.kill('SIGCONT');
        await server.close();
        await redis.stop();
      }
    },
    150_000,
  );
});

describeRedis('judged runs and foreign entries with the shared cache', () => {
  let redis: RedisServer;
  let model: FakeOpenAIServer;
  let judges: FakeJudgeServer;
  beforeAll(async () => {
    redis = await startRedisServer(binary);
    model = await startFakeOpenAIServer({ answer: () => 'Rest, fluids, and follow up in one week.' });
    judges = await startFakeJudgeServer({ reply: () => rubricReply({ accuracy: 4, completeness: 3, clarity: 5 }) });
  });
  afterAll(async () => {
    await model?.close();
    await judges?.close();
    await redis?.stop();
  });
  const KEYS = {
    MODEL_KEY: 'sk-model',
    GPT_JUDGE_API_KEY: 'sk-gpt',
    LLAMA_JUDGE_API_KEY: 'nv-l',
    CLAUDE_JUDGE_API_KEY: 'a',
  };
  const judged = (out: string) => {
    const judge = (url: string, model_id: string, provider = 'openai_compatible') => ({
      ...{ enabled: true, provider, url, model_id, auth: 'api_key', max_tokens: 512, temperature: 0 },
    });
    return writeRunConfig(tempDir(), {
      config: {
        type: 'mtsamples_replicate',
        output_dir: out,
        params: {
          parallelism: 2,
          extra: {
            cache: redis.url,
            data_path: join(fixture('mtsamples_replicate'), 'mtsamples_processed'),
            judges: {
              gpt: judge(judges.url, 'judge-gpt'),
              llama: judge(judges.url, 'judge-llama'),
              claude: judge(judges.anthropicUrl, 'judge-claude', 'nvidia_anthropic'),
            },
          },
        },
      },
      target: { api_endpoint: { url: model.url, model_id: 'm', type: 'chat', api_key_name: 'MODEL_KEY' } },
    });
  };

  it('27.3 a judged run with --cache ends, its judge tier connects, and a second run asks no judge', async () => {
    const first = await runCliWithin(['run_eval', '--run_config', judged(join(tempDir(), 'one'))], 90_000, KEYS);
    expect(first.hung).toBe(false);
    expect(first.stderr).not.toContain('EF_CACHE_REMOTE_DOWN');
    expect(first.code).toBe(0);
    const asked = judges.requests.length;
    expect(asked).toBeGreaterThan(0);
    const second = await runCliWithin(['run_eval', '--run_config', judged(join(tempDir(), 'two'))], 90_000, KEYS);
    expect(second.hung).toBe(false);
    expect(second.code).toBe(0);
    expect(judges.requests.length).toBe(asked);
  }, 200_000);
});

describeRedis('27.7 shared-cache entries that are not cached answers', () => {
  it('27.7 an entry of another shape is a miss (one warning, re-sent, overwritten), never copied into cache.db', async () => {
    const redis = await startRedisServer(binary);
    const server = await startFakeOpenAIServer({ models: ['org/alpha'] });
    try {
      expect((await runCliWithin(suiteArgs(server.url, join(dir, 'fill'), ['--cache', redis.url]), 90_000)).code).toBe(
        0,
      );
      const keys = redisCli(redis.port, '--scan', '--pattern', 'eval-factory:model:*').trim().split('\n');
      expect(keys).toHaveLength(30);
      // Valid JSON of other shapes, an envelope around a foreign value, and text that is not JSON at all.
      const answer = (response: string) =>
        `{"value":{"request":{},"response":${response},"request_time_s":0,"created_at":"x","engine_version":"y"},"expires":null}`;
      const foreign = [
        '{"value":{"answer":42},"expires":null}',
        '[1,2,3]',
        '"text"',
        '{"foo":1}',
        'not json',
        answer('{"choices":[]}'), // a cached answer's shape around a response no model sends
        answer('{"choices":[{"message":{"content":5}}]}'),
      ];
      keys.forEach((key, i) => redisCli(redis.port, 'SET', key, foreign[i % foreign.length]!));
      const out = join(dir, 'foreign');
      const r = await runCliWithin(suiteArgs(server.url, out, ['--cache', redis.url]), 90_000);
      expect(r.stderr).not.toContain('EF_INTERNAL');
      expect(r.stderr).not.toContain('EF_CACHE_REMOTE_DOWN');
      expect(r.code).toBe(0);
      expect(r.stderr.match(/warning\[EF_CACHE_REMOTE_INVALID\]/g)).toHaveLength(1);
      expect(server.requests).toHaveLength(60); // every foreign entry re-sent
      expect(rows(join(jobDir(out), 'results.jsonl')).every((l) => l.status === 'ok')).toBe(true);
      for (const key of keys) expect(JSON.parse(redisCli(redis.port, 'GET', key)).value.response).toBeTruthy();
      // The resume without Redis reads only cache.db: every answer there, none foreign.
      rmSync(join(jobDir(out), 'evaluation_config.yaml'));
      const logged = suiteLog(out).length;
      const again = await runCliWithin(suiteArgs(server.url, out, []), 90_000);
      expect(again.code).toBe(0);
      expect(suiteLog(out, logged)).toContain('30 answers found in the cache');
      expect(server.requests).toHaveLength(60);
    } finally {
      await server.close();
      await redis.stop();
    }
  }, 200_000);
});
