/**
 * `run_suite --executor slurm` on a real single-node Slurm (slurm-wlm + munge, configured by the test in a temp
 * folder; docs/scale.md): a 2 models × 2 benchmarks suite submitted as a job array of 8 units (each job in two
 * instance shards) against a loopback fake model server, then the merge job that Slurm starts after the array;
 * the merged leaderboard equals the one a local run writes. Skipped, with the reason in the suite's name, when Slurm
 * cannot start here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startFakeOpenAIServer, waitForSlurmQueue, type FakeOpenAIServer } from '@eval-factory/testkit';
import { linkFixtures, runCli, tempDir } from './support.js';
import { slurmSuite, writeEntries } from './scale-support.js';

// Started while the file loads: without Slurm the suite is skipped, saying why.
const { suite, skipped, cluster } = await slurmSuite('slurm.int.test');

suite(`Slurm executor (real single-node Slurm)${skipped}`, () => {
  let server: FakeOpenAIServer;
  let dir: string;
  beforeAll(async () => {
    server = await startFakeOpenAIServer({ models: ['org/alpha', 'org/beta'] });
    dir = tempDir('ef-slurm-suite-');
    linkFixtures(join(dir, 'data'), ['pubmed_qa', 'head_qa']);
    writeEntries(join(dir, 'entries.conf'), ['pubmed_qa', 'head_qa'], ['org/alpha', 'org/beta']);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await cluster.stop();
  }, 60_000);

  const args = (out: string, extra: string[] = []) => [
    'run_suite',
    '--conf-paths',
    join(dir, 'entries.conf'),
    '--models-to-run',
    'org/alpha,org/beta',
    '--suite',
    'toy',
    '--output_dir',
    out,
    '--model_url',
    server.url,
    '--data_root',
    join(dir, 'data'),
    '--max-instances-per-unit',
    '3',
    ...extra,
  ];

  it("an array of 8 units, then the merge job: the merged leaderboard is the local run's", async () => {
    const env = { SLURM_CONF: cluster.env.SLURM_CONF };
    const out = join(dir, 'slurm');
    const submitted = await runCli(
      args(out, [
        '--executor',
        'slurm',
        '--max-parallel-units',
        '4',
        '--pass-env',
        'EF_DATA_CACHE,EF_RETRY_BASE_SECONDS',
      ]),
      { env },
    );
    expect(submitted.stderr).not.toMatch(/^\s+at /m);
    expect(submitted.code).toBe(0);
    expect(submitted.stdout).toMatch(/submitted Slurm array job \d+ \(8 units\) and merge job \d+/);
    const script = readFileSync(join(out, 'toy', 'slurm', 'run_suite.sbatch'), 'utf8');
    expect(script).toContain('#SBATCH --array=0-7%4');
    await waitForSlurmQueue(cluster, 240_000);
    const logs = join(out, 'toy', 'slurm');
    const mergeLog = existsSync(join(logs, 'merge.log'))
      ? readFileSync(join(logs, 'merge.log'), 'utf8')
      : '(no merge.log)';
    expect(existsSync(join(out, 'toy', 'leaderboard.csv'))).toBe(true);
    expect(mergeLog).toMatch(/merged\s+org\/beta\s+head_qa/);
    for (let unit = 0; unit < 8; unit++)
      expect(readFileSync(join(logs, `unit-${unit}.log`), 'utf8')).toMatch(new RegExp(`unit ${unit} of 8: success`));

    const local = await runCli(args(join(dir, 'local')));
    expect(local.code).toBe(0);
    expect(readFileSync(join(out, 'toy', 'leaderboard.csv'), 'utf8')).toBe(
      readFileSync(join(dir, 'local', 'toy', 'leaderboard.csv'), 'utf8'),
    );
    expect(readFileSync(join(out, 'toy', 'leaderboard.md'), 'utf8')).toBe(
      readFileSync(join(dir, 'local', 'toy', 'leaderboard.md'), 'utf8'),
    );
  }, 400_000);
});
