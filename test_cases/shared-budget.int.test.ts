/**
 * The shared endpoint budget (docs/scale.md): two workers (run_suite processes into different folders, on
 * different data) send to one model endpoint at parallelism 2 each. The server holds its first answers until both
 * workers are sending, so without a shared budget it sees 4 in flight; with --shared-budget (through a real
 * redis-server) it never sees more than 2.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  demoAnswer,
  findRedisServer,
  startFakeOpenAIServer,
  startRedisServer,
  type RedisServer,
} from '@eval-factory/testkit';
import { runCli, tempDir } from './support.js';
import { writeEntries, writePubmedQa } from './scale-support.js';

const binary = findRedisServer();
if (binary === null)
  process.stderr.write(
    'shared-budget.int.test: SKIPPED, redis-server is not installed (apt-get install redis-server)\n',
  );

(binary === null ? describe.skip : describe)('shared endpoint budget across workers (real redis-server)', () => {
  let redis: RedisServer;
  let dir: string;
  beforeAll(async () => {
    redis = await startRedisServer(binary);
    dir = tempDir('ef-budget-');
    writePubmedQa(join(dir, 'data-a'), 12, 'a');
    writePubmedQa(join(dir, 'data-b'), 12, 'b');
    writeEntries(join(dir, 'entries.conf'), ['pubmed_qa'], ['org/alpha']);
  });
  afterAll(async () => redis?.stop());

  /**
   * Two workers at once against one endpoint; returns the server-side maximum of requests in flight. Answers wait
   * until both workers have sent a request (`gateMs` null), or for at most `gateMs`.
   */
  async function twoWorkers(name: string, extra: string[], gateMs: number | null): Promise<number> {
    let inFlight = 0;
    let max = 0;
    const workers = new Set<string>();
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    if (gateMs !== null) setTimeout(() => open(), gateMs);
    const server = await startFakeOpenAIServer({
      models: ['org/alpha'],
      answer: async (request) => {
        inFlight++;
        max = Math.max(max, inFlight);
        // Workers a and b ask different questions ("treatment a3", "treatment b3").
        workers.add(/treatment ([ab])\d/.exec(request.prompt)?.[1] ?? '?');
        if (workers.size >= 2) open();
        await gate;
        await new Promise((r) => setTimeout(r, 30));
        inFlight--;
        return demoAnswer(request);
      },
    });
    try {
      const args = (worker: string) => [
        'run_suite',
        '--conf-paths',
        join(dir, 'entries.conf'),
        '--models-to-run',
        'org/alpha',
        '--suite',
        'toy',
        '--output_dir',
        join(dir, name, worker),
        '--model_url',
        server.url,
        '--data_root',
        join(dir, `data-${worker}`),
        '--parallelism',
        '2',
        ...extra,
      ];
      const [a, b] = await Promise.all([runCli(args('a')), runCli(args('b'))]);
      expect(a.code).toBe(0);
      expect(b.code).toBe(0);
      return max;
    } finally {
      await server.close();
    }
  }

  it('without it, two workers at parallelism 2 put 4 requests in flight', async () => {
    expect(await twoWorkers('local', [], null)).toBe(4);
  }, 180_000);

  it("with --shared-budget, never more than the endpoint's parallelism of 2 in total", async () => {
    // The first worker holds both slots at the gate until it opens after 3 s; the other waits for a slot meanwhile.
    expect(await twoWorkers('shared', ['--cache', redis.url, '--shared-budget'], 3000)).toBe(2);
  }, 180_000);
});
