/**
 * What `run_suite --executor slurm` writes into its scripts from the flags (docs/scale.md), read by a real
 * single-node Slurm (slurm-wlm + munge, as slurm.int.test.ts): a suite name and an output folder made of what an
 * unquoted line would split, run or comment out (spaces, quotes, `$(…)`, backquotes, `#`, `;`, `%j`) reach sbatch's
 * own `#SBATCH` parser and every task as data: the logs land in the folder given, the unit and the merge job
 * succeed, and nothing of the values is run. Skipped, with the reason in the suite's name, when Slurm cannot start here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startFakeOpenAIServer, waitForSlurmQueue, type FakeOpenAIServer } from '@eval-factory/testkit';
import { folderName } from '@eval-factory/suite';
import { linkFixtures, readTree, runCli, tempDir } from './support.js';
import { slurmSuite, writeEntries } from './scale-support.js';

// Started while the file loads: without Slurm the suite is skipped, saying why.
const { suite, skipped, cluster } = await slurmSuite('slurm-script-values.int.test');

suite(`Slurm scripts carry hostile flag values as data (real single-node Slurm)${skipped}`, () => {
  let server: FakeOpenAIServer;
  let dir: string;
  beforeAll(async () => {
    server = await startFakeOpenAIServer({ models: ['org/alpha'] });
    dir = tempDir('ef-slurm-values-');
    linkFixtures(join(dir, 'data'), ['head_qa']);
    writeEntries(join(dir, 'entries.conf'), ['head_qa'], ['org/alpha']);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await cluster.stop();
  }, 60_000);

  it('27.1 a hostile --suite and --output_dir: logs where they belong, both jobs succeed, nothing run', async () => {
    const pwned = join(dir, 'PWNED');
    const out = join(dir, `r e"s'u $(touch ${pwned}) \`touch ${pwned}\` #;%j`);
    const suite = `My "suite" $(touch ${pwned}) #1`;
    const submitted = await runCli(
      [
        'run_suite',
        '--conf-paths',
        join(dir, 'entries.conf'),
        '--models-to-run',
        'org/alpha',
        '--suite',
        suite,
        '--output_dir',
        out,
        '--model_url',
        server.url,
        '--data_root',
        join(dir, 'data'),
        '--executor',
        'slurm',
      ],
      { env: { SLURM_CONF: cluster.env.SLURM_CONF }, cwd: dir },
    );
    expect(submitted.stderr).not.toMatch(/^\s+at /m);
    expect({ code: submitted.code, stderr: submitted.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    await waitForSlurmQueue(cluster, 180_000);
    const logs = join(out, folderName(suite), 'slurm');
    expect(readFileSync(join(logs, 'unit-0.log'), 'utf8')).toMatch(/unit 0 of 1: success/);
    expect(existsSync(join(logs, 'merge.log'))).toBe(true);
    expect(existsSync(join(out, folderName(suite), 'leaderboard.csv'))).toBe(true);
    expect(existsSync(pwned)).toBe(false);
    // No log written outside the folder given (an unquoted value would have cut the path at its first space).
    expect(readTree(dir).filter((f) => f.path.endsWith('.log') && !f.path.startsWith(`${out}/`))).toEqual([]);
  }, 300_000);
});
