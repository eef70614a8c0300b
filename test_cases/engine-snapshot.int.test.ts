/**
 * The engine's start-up snapshot (scripts/snapshot.mjs, written by `npm run build`; docs/performance.md, "Start-up
 * snapshot"): `run_eval` starts its engine from it, and a snapshot-started engine behaves as the bundle-started one:
 * the same files for the same run, its environment read when it runs (not when the snapshot was built), fresh random
 * state in each process, the same errors, and `--debug`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runNode, startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { engineNodeArgs } from '@eval-factory/executor';
import { fixture, REPO_ROOT, runCli, tempDir, writeRunConfig } from './support.js';

const BIN = join(REPO_ROOT, 'packages/engine/bin/ef-bench.js');
const SNAPSHOT = join(REPO_ROOT, 'packages/engine/dist/snapshot');
const BLOB = join(SNAPSHOT, JSON.parse(readFileSync(join(SNAPSHOT, 'meta.json'), 'utf8')).blob);

/** A preload (`NODE_OPTIONS=--require`) that writes each process's Node flags and random draws into `dir`. */
function probe(dir: string): string {
  const file = join(dir, 'probe.cjs');
  writeFileSync(
    file,
    `const { writeFileSync } = require('node:fs');
const { randomUUID } = require('node:crypto');
process.on('exit', () => writeFileSync(require('node:path').join(${JSON.stringify(dir)}, 'probe-' + process.pid + '.json'),
  JSON.stringify({ argv1: process.argv[1], execArgv: process.execArgv, random: Math.random(), uuid: randomUUID() })));
`,
  );
  return file;
}

/** What the probe wrote, for the engine's processes (its bin is argv[1]; the CLI's is another). */
function engineProbes(dir: string): { execArgv: string[]; random: number; uuid: string }[] {
  return readdirSync(dir)
    .filter((f) => f.startsWith('probe-'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')))
    .filter((p) => /packages[\\/]engine[\\/]bin/.test(p.argv1));
}

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);

/** The responses without their times (each run takes its own). */
const untimed = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => ({ ...JSON.parse(line), request_time_s: null, request_datetime: null }));

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ answer: ({ prompt }) => ['A', 'B', 'C', 'D'][prompt.length % 4] as string });
});
afterAll(async () => server.close());

/** head_qa on its fixture through `run_eval`, with the probe in both processes; `env` over the test's own. */
async function runEval(env: Record<string, string> = {}) {
  const dir = tempDir('ef-snapshot-');
  const out = join(dir, 'out');
  const runConfig = writeRunConfig(dir, {
    config: { type: 'head_qa', output_dir: out, params: { parallelism: 4, extra: { data_path: fixture('head_qa') } } },
    target: { api_endpoint: { url: server.url, model_id: 'fake-model', type: 'chat' } },
  });
  const r = await runCli(['run_eval', '--run_config', runConfig], {
    env: { NODE_OPTIONS: `--require ${probe(dir)}`, ...env },
  });
  return { ...r, out, engines: engineProbes(dir) };
}

describe("the engine's start-up snapshot", () => {
  it('is built fresh for this checkout and this Node', () => {
    expect(engineNodeArgs(BIN, {})).toEqual(['--snapshot-blob', BLOB, BIN]);
  });

  it('is built from an ASCII script (one character outside Latin-1 doubles the source it holds)', () => {
    const script = readFileSync(join(SNAPSHOT, 'ef-bench.cjs'), 'latin1');
    expect(script.match(/[^\x00-\x7f]/g)).toBeNull();
  });

  it('starts the engine of run_eval, which writes what a bundle-started engine writes', async () => {
    const snap = await runEval();
    const plain = await runEval({ EF_ENGINE_SNAPSHOT: 'off' });
    for (const r of [snap, plain]) expect(r).toMatchObject({ code: 0, stderr: expect.not.stringMatching(/error\[/) });
    expect(snap.engines.map((e) => e.execArgv)).toEqual([['--snapshot-blob', BLOB]]);
    expect(plain.engines.map((e) => e.execArgv)).toEqual([[]]);
    for (const file of ['results.jsonl', 'instances.jsonl'])
      expect([file, sha(join(snap.out, file))]).toEqual([file, sha(join(plain.out, file))]);
    expect(untimed(join(snap.out, 'responses/model.jsonl'))).toEqual(untimed(join(plain.out, 'responses/model.jsonl')));
    // Each process draws its own random numbers, none frozen into the snapshot.
    expect(snap.engines[0].random).not.toBe(plain.engines[0].random);
    const again = await runEval();
    expect(again.engines[0].random).not.toBe(snap.engines[0].random);
    expect(again.engines[0].uuid).not.toBe(snap.engines[0].uuid);
    // A V8 option for the engine (Node would refuse the blob with it): the engine starts from its bundle.
    const v8Option = await runEval({ NODE_OPTIONS: '--max-old-space-size=2048' });
    expect(v8Option.code).toBe(0);
    expect(readFileSync(join(v8Option.out, 'results.jsonl'), 'utf8')).toBe(
      readFileSync(join(plain.out, 'results.jsonl'), 'utf8'),
    );
  });

  it('reads its environment when it runs, and reports errors and --debug as the bundle-started engine', async () => {
    const dir = tempDir('ef-snapshot-engine-');
    writeFileSync(
      join(dir, 'model_deployments.yaml'),
      `model_deployments:\n  - name: fake-model\n    model_name: fake-model\n    endpoint_type: chat\n    base_url: ${server.url}\n`,
    );
    const run = ['run', '--run-entries', 'pubmed_qa:model=fake-model', '--suite', 'v1', '--model-configs', dir];
    const engine = (node: string[], args: string[], env: Record<string, string>) =>
      runNode([...node, ...args, '--output-path', join(dir, 'out')], {
        env: { ...process.env, EF_PROGRESS: 'off', EF_RETRY_BASE_SECONDS: '0.01', ...env },
        cwd: dir,
      });
    const both = async (args: string[], env: Record<string, string> = {}) => [
      await engine(['--snapshot-blob', BLOB, BIN], args, env),
      await engine([BIN], args, env),
    ];
    const usage = await both([...run, '--no-such-flag']);
    expect(usage[0]).toEqual(usage[1]);
    expect(usage[0]).toMatchObject({ code: 2, stderr: expect.stringMatching(/^error\[EF_USAGE\]/) });
    expect(usage[0].stderr).not.toMatch(/\n\s+at /);
    // No data and EF_OFFLINE=1 (set now, not when the snapshot was built): the download is refused, in the data
    // cache named now. One coded line; with --debug also the stack (whose file names differ: not compared).
    const env = { EF_OFFLINE: '1', EF_DATA_CACHE: join(dir, 'cache') };
    const offline = await both(run, env);
    expect(offline[0]).toEqual(offline[1]);
    expect(offline[0].code).toBe(1);
    expect(offline[0].stderr).toContain(join(dir, 'cache'));
    expect(offline[0].stderr).toMatch(/error\[EF_DATA_DOWNLOAD\].*offline \(EF_OFFLINE=1\)/);
    expect(offline[0].stderr).not.toMatch(/\n\s+at /);
    const debug = await both([...run, '--debug'], env);
    for (const r of debug) {
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/error\[EF_DATA_DOWNLOAD\][\s\S]*\n\s+at /);
    }
  });
});
