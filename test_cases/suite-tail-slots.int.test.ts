/**
 * A suite job hands its endpoint's slots to the next job during its last requests (docs/architecture.md, "Suites on
 * one machine"), with retries in that tail: 2 models × (pubmed_qa, then head_qa) at parallelism 4 through the real
 * CLI. The last two of its 24 pubmed_qa requests of each model fail once (a 500 and a 429, both with Retry-After), so while
 * they wait the job has two requests left and gives two slots to head_qa; when they are sent again, the two jobs
 * have 2 + 2 in flight. Had the job given up the slots of its waiting retries too, the server would see 6.
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeOpenAIServer, type FakeOpenAIServer, type Fault, type RecordedRequest } from '@eval-factory/testkit';
import { fixture, runCli, tempDir } from './support.js';
import { writeEntries, writePubmedQa } from './scale-support.js';

const MODELS = ['org/alpha', 'org/beta'];
const P = 4;
const PUBMED = 24;
const RETRY_AFTER_S = 2;

const modelOf = (q: RecordedRequest) => (q.body as { model?: string }).model ?? '?';
const promptOf = (q: RecordedRequest) => JSON.stringify((q.body as { messages?: unknown }).messages);
const isPubmed = (q: RecordedRequest) => promptOf(q).includes('invented treatment');

let server: FakeOpenAIServer;
let dir: string;
beforeAll(async () => {
  // Per model, the pubmed_qa prompts seen so far: the last two fail on their first attempt.
  const seen = new Map<string, Set<string>>();
  server = await startFakeOpenAIServer({
    models: MODELS,
    latencyMs: 150,
    faults: (q): Fault | null => {
      if (!isPubmed(q)) return null;
      const prompts = seen.get(modelOf(q)) ?? new Set<string>();
      seen.set(modelOf(q), prompts);
      if (prompts.has(promptOf(q))) return null;
      prompts.add(promptOf(q));
      if (prompts.size === PUBMED - 1)
        return { kind: 'status', status: 500, headers: { 'retry-after': String(RETRY_AFTER_S) } };
      if (prompts.size === PUBMED) return { kind: 'rate_limit', retryAfter: RETRY_AFTER_S };
      return null;
    },
  });
  dir = tempDir('ef-suite-tail-');
  writePubmedQa(join(dir, 'data'), PUBMED);
  symlinkSync(fixture('head_qa'), join(dir, 'data', 'head_qa'));
});
afterAll(async () => server.close());

describe('run_suite: slots handed over in the tail of a job, with retries there', () => {
  it('the next job sends during the retries of the one before; the server never sees more than P per model', async () => {
    const conf = join(dir, 'entries.conf');
    writeEntries(conf, ['pubmed_qa', 'head_qa'], MODELS);
    const r = await runCli([
      'run_suite',
      '--conf-paths',
      conf,
      '--models-to-run',
      MODELS.join(','),
      '--suite',
      'tail',
      '--output_dir',
      join(dir, 'out'),
      '--model_url',
      server.url,
      '--data_root',
      join(dir, 'data'),
      '--parallelism',
      String(P),
    ]);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.code).toBe(0);
    // Every request answered in the end (the failed attempts were retried), none failed.
    expect(r.stderr).toMatch(/^suite tail: jobs 4\/4 done \| requests (\d+)\/\1$/m);
    expect(r.stderr).not.toMatch(/failed [1-9]/);

    for (const model of MODELS) {
      expect(server.maxInFlight(model)).toBe(P);
      const mine = server.requests.filter((q) => modelOf(q) === model && q.kind === 'chat');
      const pubmed = mine.filter(isPubmed);
      const retries = pubmed.filter((q, k) => pubmed.findIndex((o) => promptOf(o) === promptOf(q)) < k);
      expect(pubmed.map((q) => q.fault).filter(Boolean)).toEqual(['status', 'rate_limit']);
      expect(retries).toHaveLength(2);
      // head_qa's first request reached the server while pubmed_qa's retries were still waiting: the overlap this
      // test is about happened (without the hand-over it would come after their answers).
      const headFirst = Math.min(...mine.filter((q) => !isPubmed(q)).map((q) => Date.parse(q.received_at)));
      expect(headFirst).toBeLessThan(Math.min(...retries.map((q) => Date.parse(q.received_at))));
    }
  }, 120_000);
});
