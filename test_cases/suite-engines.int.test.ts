/**
 * A suite's jobs share engine processes: the real CLI runs one endpoint's five jobs, one of them with
 * a broken data file, and a preload that every Node process of the run imports records which processes were
 * engines. The jobs run in at most two engines (one sends while the next prepares), each job's results are its
 * own, the broken job fails alone, and the job after it runs in the same engine.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { fixture, runCli, tempDir } from './support.js';

const BENCHMARKS = ['pubmed_qa', 'medbullets', 'head_qa', 'medhelm_med_qa', 'medhelm_med_mcqa'];
/** Its data file is not JSON: the engine stops this job with EF_DATA_FORMAT. */
const BROKEN = 'medbullets';

let server: FakeOpenAIServer;
let dir: string;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ models: ['org/alpha', 'org/beta'] });
  dir = tempDir('ef-suite-engines-');
  const data = join(dir, 'data');
  for (const b of BENCHMARKS) cpSync(fixture(b), join(data, b), { recursive: true });
  writeFileSync(join(data, BROKEN, 'medbullets_op5.csv'), 'not,the,columns\n"unclosed\n');
  const entries = BENCHMARKS.map((b) => `{description: "${b}:model=org/alpha", priority: 1}`);
  writeFileSync(join(dir, 'suite.conf'), `entries: [${entries.join(', ')}]\n`);
  for (const pids of ['pids', 'pids-two', 'pids-failed']) mkdirSync(join(dir, pids));
  // Each engine process writes one file named by its pid into the folder PIDS_DIR names.
  writeFileSync(
    join(dir, 'engines.mjs'),
    `import { appendFileSync } from 'node:fs';
if (process.argv[1]?.includes('ef-bench')) appendFileSync(process.env.PIDS_DIR + '/' + process.pid, 'started\\n');
`,
  );
});

/** run_suite of `conf` for `models`, each engine of the run leaving its pid in `dir/<pids>`. */
function runSuite(conf: string, models: string, suite: string, pids: string) {
  return runCli(
    [
      'run_suite',
      '--conf-paths',
      conf,
      '--models-to-run',
      models,
      '--suite',
      suite,
      '--output_dir',
      join(dir, 'out'),
      '--model_url',
      server.url,
      '--data_root',
      join(dir, 'data'),
    ],
    { env: { NODE_OPTIONS: `--import ${pathToFileURL(join(dir, 'engines.mjs')).href}`, PIDS_DIR: join(dir, pids) } },
  );
}
afterAll(async () => server.close());

describe('run_suite engines', () => {
  it("runs an endpoint's five jobs in at most two engine processes, a failed job's engine going on with the next", async () => {
    const out = join(dir, 'out');
    const r = await runSuite(join(dir, 'suite.conf'), 'org/alpha', 'shared', 'pids');
    expect(r.stderr).not.toMatch(/^\s+at /m);
    // The broken job is the suite's one failure.
    expect(r.code).toBe(1);
    const engines = readdirSync(join(dir, 'pids'));
    expect(engines.length).toBeGreaterThanOrEqual(1);
    expect(engines.length).toBeLessThanOrEqual(2);
    const job = (b: string, file: string) => readFileSync(join(out, 'shared', 'org_alpha', b, file), 'utf8');
    for (const b of BENCHMARKS)
      expect(/^status: (\w+)/m.exec(job(b, 'evaluation_config.yaml'))?.[1]).toBe(b === BROKEN ? 'error' : 'success');
    expect(job(BROKEN, 'logs/eval-factory.log')).toContain('error[EF_DATA_FORMAT]');
    // Each job's log holds its own engine output only: every job warns about its fixture (EF_DATA_DRIFT, naming
    // the file), and no log names another job's data folder or error.
    for (const b of BENCHMARKS) {
      const log = job(b, 'logs/eval-factory.log');
      expect(log).toContain(`/data/${b}/`);
      for (const other of BENCHMARKS.filter((x) => x !== b)) expect(log).not.toContain(`/data/${other}/`);
      if (b !== BROKEN) expect(log).not.toContain('EF_DATA_FORMAT');
    }
    expect(server.requests.length).toBeGreaterThan(0);
  }, 120_000);

  it('runs the first job of each endpoint in the engine the CLI started before it read the confs', async () => {
    const conf = join(dir, 'two.conf');
    const entries = ['org/alpha', 'org/beta'].map((m) => `{description: "pubmed_qa:model=${m}", priority: 1}`);
    writeFileSync(conf, `entries: [${entries.join(', ')}]\n`);
    const r = await runSuite(conf, 'org/alpha,org/beta', 'two', 'pids-two');
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.code).toBe(0);
    // One job per endpoint, each in its endpoint's early engine: no second start-up per endpoint.
    expect(readdirSync(join(dir, 'pids-two'))).toHaveLength(2);
    expect(new Set(server.requests.map((q) => (q.body as { model?: string } | undefined)?.model))).toEqual(
      new Set(['org/alpha', 'org/beta']),
    );
  }, 120_000);

  it('lets the early engines go when the suite stops before running anything', async () => {
    const r = await runSuite(join(dir, 'no-such.conf'), 'org/alpha,org/beta', 'failed', 'pids-failed');
    // The CLI ends (its engines would otherwise wait for a job on their stdin) with the suite's own error.
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error\[EF_\w+\].*no-such\.conf/);
    const pids = readdirSync(join(dir, 'pids-failed')).map(Number);
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 120_000);
});
