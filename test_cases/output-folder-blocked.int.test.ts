/**
 * A file where a run's output sub-folder should be (responses/, the HELM run folder, logs/, model_configs/): the run
 * ends with EF_OUTPUT_WRITE naming that path (exit 1, no stack trace, not EF_INTERNAL) and leaves no half-written
 * `*.tmp-<pid>` file behind. Folders made once the answers are paid for (eval-results/, a suite's HELM folder) are a
 * warning instead: the run's files and the suite's leaderboard are kept.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '@eval-factory/testkit';
import { fixture, linkFixtures, runCli, tempDir, writeRunConfig } from './support.js';

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({});
});
afterAll(async () => server.close());

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? allFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Puts a regular file at `<out>/<sub>`. */
function blockWithFile(out: string, sub: string): string {
  const path = join(out, sub);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, 'in the way\n');
  return path;
}

function expectOutputWriteError(r: { code: number | null; stderr: string }, blocked: string, out: string): void {
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`error[EF_OUTPUT_WRITE]: cannot write to ${blocked}`);
  expect(r.stderr).not.toContain('EF_INTERNAL');
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(allFiles(out).filter((f) => /\.tmp-\d+$/.test(f))).toEqual([]);
}

function headQaRun(out: string): string {
  return writeRunConfig(tempDir(), {
    config: { type: 'head_qa', output_dir: out, params: { parallelism: 2, extra: { data_path: fixture('head_qa') } } },
    target: { api_endpoint: { url: server.url, model_id: 'fake-model', type: 'chat' } },
  });
}

describe('a file where an output folder should be', () => {
  it.each([
    ['responses'],
    ['runs/head_qa/head_qa__language=en,category=None,model=fake-model'],
    ['runs/head_qa'],
    ['logs'],
    ['model_configs'],
  ])('run_eval with a file at <output_dir>/%s: EF_OUTPUT_WRITE naming it', async (sub) => {
    const out = join(tempDir('ef-blocked-'), 'out');
    const blocked = blockWithFile(out, sub);
    const r = await runCli(['run_eval', '--run_config', headQaRun(out)]);
    expectOutputWriteError(r, blocked, out);
  });

  it('run_eval with a file at <output_dir>/eval-results: a warning naming it, and every run file', async () => {
    const out = join(tempDir('ef-blocked-'), 'out');
    const blocked = blockWithFile(out, 'eval-results');
    const r = await runCli(['run_eval', '--run_config', headQaRun(out)]);
    // The answers are paid for by then: the link's folder must not leave results.yml without the files after it.
    expect(r.stderr).toContain(`warning[EF_OUTPUT_WRITE]: cannot write to ${blocked}: not a folder (ENOTDIR)`);
    expect(r.code).toBe(0);
    expect(existsSync(join(out, 'eval_factory_metrics.json'))).toBe(true);
    expect(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8')).toMatch(/status: success[\s\S]*EF_OUTPUT_WRITE/);
    expect(allFiles(out).filter((f) => /\.tmp-\d+$/.test(f))).toEqual([]);
  });

  it("run_suite with a file at the suite's HELM folder: a warning naming it, and the leaderboard", async () => {
    const dir = tempDir('ef-blocked-suite-');
    const out = join(dir, 'out');
    const blocked = blockWithFile(out, 's/helm');
    const suite = join(dir, 's.yml');
    writeFileSync(
      suite,
      `suite: s
targets:
  - api_endpoint: {url: '${server.url}', model_id: org/m1, type: chat}
evaluation:
  params: {limit_samples: 1}
  tasks:
    - name: pubmed_qa
      params: {extra: {data_path: '${join(linkFixtures(join(dir, 'data'), ['pubmed_qa']), 'pubmed_qa')}'}}
`,
    );
    const r = await runCli(['run_suite', '--suite_config', suite, '--output_dir', out]);
    // The jobs are paid for when the HELM folder is made: the suite keeps its leaderboard and exit code.
    expect(r.stderr).toContain(`warning[EF_OUTPUT_WRITE]: cannot write to ${join(out, 's/helm/runs/s')}: ${blocked}`);
    expect(r.stderr.match(/EF_OUTPUT_WRITE/g)).toHaveLength(1);
    expect(r.code).toBe(0);
    expect(readFileSync(join(out, 's', 'leaderboard.md'), 'utf8')).toContain('pubmed_qa');
    expect(allFiles(out).filter((f) => /\.tmp-\d+$/.test(f))).toEqual([]);
  });
});
