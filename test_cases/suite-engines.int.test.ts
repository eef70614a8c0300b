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
  server = await startFakeOpenAIServer({ models: ['org/alpha'] });
  dir = tempDir('ef-suite-engines-');
  const data = join(dir, 'data');
  for (const b of BENCHMARKS) cpSync(fixture(b), join(data, b), { recursive: true });
  writeFileSync(join(data, BROKEN, 'medbullets_op5.csv'), 'not,the,columns\n"unclosed\n');
  const entries = BENCHMARKS.map((b) => `{description: "${b}:model=org/alpha", priority: 1}`);
  writeFileSync(join(dir, 'suite.conf'), `entries: [${entries.join(', ')}]\n`);
  mkdirSync(join(dir, 'pids'));
  // Each engine process writes one file named by its pid, with a line per job it was handed.
  writeFileSync(
    join(dir, 'engines.mjs'),
    `import { appendFileSync } from 'node:fs';
if (process.argv[1]?.includes('ef-bench')) appendFileSync(${JSON.stringify(join(dir, 'pids'))} + '/' + process.pid, 'started\\n');
`,
  );
});
afterAll(async () => server.close());

describe('run_suite engines', () => {
  it("runs an endpoint's five jobs in at most two engine processes, a failed job's engine going on with the next", async () => {
    const out = join(dir, 'out');
    const r = await runCli(
      [
        'run_suite',
        '--conf-paths',
        join(dir, 'suite.conf'),
        '--models-to-run',
        'org/alpha',
        '--suite',
        'shared',
        '--output_dir',
        out,
        '--model_url',
        server.url,
        '--data_root',
        join(dir, 'data'),
      ],
      { env: { NODE_OPTIONS: `--import ${pathToFileURL(join(dir, 'engines.mjs')).href}` } },
    );
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
});
