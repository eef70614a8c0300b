/**
 * Hostile rows of the shared Redis tiers (docs/scale.md). The rows that need a live redis-server (paused
 * mid-run, foreign entries, a judged run) are in redis-faults.int.test.ts and merge-judged.int.test.ts.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { fixture, writeRunConfig } from '../support.js';
import type { AttackCase } from './attack-case.js';

/**
 * A "Redis" that accepts connections and never answers (a stalled server: a paused VM, a partition without RST).
 * Bound now (a port-0 listen without a host binds synchronously), closed by the row's check; it never keeps the
 * test process alive.
 */
function stalledRedis(): { url: string; close(): void } {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    socket.unref();
    sockets.push(socket);
  });
  server.listen(0).unref();
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

let stalled: { url: string; close(): void } | null = null;

export const REDIS_CASES: readonly AttackCase[] = [
  {
    name: '27.2 a Redis that accepts and never answers (cache and shared budget): one warning each, every instance scored',
    setup: (ctx) => {
      stalled = stalledRedis();
      const runConfig = writeRunConfig(ctx.dir, {
        config: {
          type: 'head_qa',
          output_dir: join(ctx.dir, 'out'),
          params: {
            parallelism: 2,
            extra: { data_path: fixture('head_qa'), cache: stalled.url, shared_budget: true },
          },
        },
        target: {
          api_endpoint: { url: ctx.modelUrl, model_id: 'echo-model', type: 'chat', api_key_name: 'ATTACK_MODEL_KEY' },
        },
      });
      return ['run_eval', '--run_config', runConfig];
    },
    code: null,
    check: (result, ctx) => {
      stalled?.close();
      const rows = readFileSync(join(ctx.dir, 'out', 'results.jsonl'), 'utf8')
        .trim()
        .split('\n');
      if (rows.some((row) => (JSON.parse(row) as { status: string }).status !== 'ok'))
        throw new Error(`an instance not scored:\n${rows.join('\n')}`);
      for (const code of ['EF_CACHE_REMOTE_DOWN', 'EF_BUDGET_REMOTE_DOWN'])
        if (result.stderr.split(`warning[${code}]`).length !== 2)
          throw new Error(`expected one warning[${code}]:\n${result.stderr}`);
    },
  },
];
