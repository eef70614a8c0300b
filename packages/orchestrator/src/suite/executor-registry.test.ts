/**
 * Adding an executor is one folder and one registry line (docs/architecture.md, "Executors"): a fake executor, whose
 * whole definition is packages/executors/test-support/fake-executor/, is added to the real registry's list here, and
 * run_suite's flags, the suite YAML's execution.type, --dry_run, the submission and `status` all take it with no
 * other change. The suite is real: a suite YAML read, its jobs resolved against framework.yml, its units planned.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import yargs from 'yargs';
import { EXECUTORS, executorNames } from '@eval-factory/executors';
import { cleanupTempDirs, makeTempDir, textSink } from '@eval-factory/testkit';
import { fake, received } from '../../../executors/test-support/fake-executor/index.js';
import { runSuiteFlags } from '../start-up.js';
import { runSuiteCommand } from './run-suite.js';
import type { RunSuiteInput } from './suite-source.js';
import { suiteStatusCommand } from './suite-status.js';

const withFake = [...EXECUTORS, fake];
let dir: string;
let suiteFile: string;

beforeAll(async () => {
  dir = (await makeTempDir('ef-fake-executor-')).path;
  const data = join(dir, 'data');
  mkdirSync(data);
  suiteFile = join(dir, 'suite.yml');
  writeFileSync(
    suiteFile,
    `suite: queued
targets:
  - api_endpoint: {url: 'http://127.0.0.1:9/v1/chat/completions', model_id: org/alpha, type: chat}
evaluation:
  params: {limit_samples: 3, extra: {data_path: '${data}'}}
  tasks:
    - name: pubmed_qa
execution: {type: fake}
`,
  );
});
afterAll(() => cleanupTempDirs());

/** run_suite's command line as the CLI parses it, with the registry's flags. */
function parse(argv: readonly string[], executors = withFake): RunSuiteInput {
  return yargs([...argv])
    .options(runSuiteFlags(executors))
    .strict()
    .exitProcess(false)
    .fail((msg, err) => {
      throw err ?? new Error(msg);
    })
    .parseSync() as unknown as RunSuiteInput;
}

describe('an executor added in one folder and one registry line', () => {
  it("is one of --executor's choices, and its own flags are run_suite's", () => {
    const flags = runSuiteFlags(withFake);
    expect(flags.executor.choices).toEqual([...executorNames(), 'fake']);
    expect(flags['fake-queue']).toEqual(fake.flags['fake-queue']);
    expect(parse(['--executor', 'fake', '--fake-queue', 'q1']).executor).toBe('fake');
    // Without its registry line, the flags do not exist.
    expect(() => parse(['--executor', 'fake'], EXECUTORS)).toThrow(/Invalid values/);
    expect(() => parse(['--fake-queue', 'q1'], EXECUTORS)).toThrow(/Unknown argument/);
  });

  it('plans the dry run of a suite whose YAML names it (execution.type), and writes nothing', async () => {
    const out = join(dir, 'dry');
    received.length = 0;
    const code = await runSuiteCommand(
      parse(['--suite_config', suiteFile, '--output_dir', out, '--dry_run']),
      withFake,
    );
    expect(code).toBe(0);
    expect(received).toEqual([{ call: 'plan', queue: undefined, units: 1, suiteDir: join(out, 'queued') }]);
  });

  it('is refused in the suite YAML without its registry line, naming the file and the known executors', async () => {
    const attempt = runSuiteCommand(parse(['--suite_config', suiteFile, '--dry_run'], EXECUTORS), EXECUTORS);
    await expect(attempt).rejects.toThrow(/suite\.yml: execution\.type: "fake" is not local, slurm, kubernetes/);
  });

  it('checks its flags before anything is written', async () => {
    const out = join(dir, 'closed');
    const args = parse(['--suite_config', suiteFile, '--output_dir', out, '--fake-queue', 'closed']);
    await expect(runSuiteCommand(args, withFake)).rejects.toThrow(/--fake-queue closed/);
  });

  it('is handed the planned units to submit, and `status` reports what it says of the folder', async () => {
    const out = join(dir, 'submitted');
    received.length = 0;
    const args = parse(['--suite_config', suiteFile, '--output_dir', out, '--fake-queue', 'q1']);
    expect(await runSuiteCommand(args, withFake)).toBe(0);
    expect(received).toEqual([{ call: 'submit', queue: 'q1', units: 1, suiteDir: join(out, 'queued') }]);
    const status = textSink();
    suiteStatusCommand({ dir: join(out, 'queued') }, status, withFake);
    expect(status.text).toMatch(/^fake queue: the units are queued$/m);
  });
});
