/**
 * A run that takes every instance sends while its data file is still read (load-instances.ts): shown on a file that
 * is a FIFO, written by the test in parts, so the end of the file exists only after the first request has come.
 * With a limit below the data's size the run still draws HELM's seed-0 subsample of the whole file, and a malformed
 * entry in the middle of a streamed file fails the run cleanly: no output file half-written, the answers already
 * received kept in the cache (the fixed file's re-run sends only the rest).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NumpyLegacyRandom } from '@eval-factory/metrics';
import { runNode, startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'bin.js');
const RUN_DIR = 'runs/v1/pubmed_qa__model=fake-model';
const HAVE_MKFIFO = spawnSync('mkfifo', ['--version']).status === 0;

/** Members of an invented ori_pqal.json, PMIDs 30000000 + i for i in [from, to), without the braces. */
function members(from: number, to: number, bad: number | null = null): string {
  return Array.from({ length: to - from }, (_, k) => {
    const i = from + k;
    const entry = {
      QUESTION: `Does factor ${i} matter?`,
      CONTEXTS: [`Context ${i}.`],
      LABELS: ['RESULTS'],
      final_decision: i === bad ? 'perhaps' : ['yes', 'no', 'maybe'][i % 3],
    };
    return `"${30_000_000 + i}": ${JSON.stringify(entry)}`;
  }).join(', ');
}

let server: FakeOpenAIServer;
let dir: string;
let firstRequest: () => void = () => undefined;
beforeAll(async () => {
  server = await startFakeOpenAIServer({
    answer: async () => {
      firstRequest();
      return 'A';
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'ef-streamed-load-'));
  writeFileSync(
    join(dir, 'model_deployments.yaml'),
    `model_deployments:\n  - name: fake-model\n    model_name: fake-model\n    endpoint_type: chat\n    base_url: ${server.url}\n    request_url: ${server.url}/chat/completions\n`,
  );
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function run(out: string, dataPath: string, extra: readonly string[] = []) {
  const args = ['run', '--run-entries', 'pubmed_qa:model=fake-model', '--suite', 'v1', '--output-path', out];
  return runNode([BIN, ...args, '--model-configs', dir, '--data-path', dataPath, '--n', '8', ...extra], {
    env: { ...process.env, EF_PROGRESS: 'off', EF_DATA_CACHE: join(dir, 'data-cache') },
  });
}

/** A FIFO the test writes in parts: `first`, then, once the server has a request, `rest` and the end. */
function fifoFile(name: string): string {
  const path = join(dir, name);
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
  return path;
}

/** Resolves at the server's next request; fails the test if none comes in `ms` (the engine waits for the file's end). */
function nextRequest(ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no request was sent before the end of the data file')), ms);
    firstRequest = () => {
      clearTimeout(timer);
      firstRequest = () => undefined;
      resolve();
    };
  });
}

const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n');
const resultIds = (out: string) => lines(join(out, 'results.jsonl')).map((l) => JSON.parse(l).instance_id as string);

describe('a run streamed from its data file', () => {
  const fifo = HAVE_MKFIFO ? it : it.skip;
  if (!HAVE_MKFIFO) process.stderr.write('streamed-load: FIFO tests skipped: mkfifo is not available\n');

  fifo('sends its first requests before the end of the file is written, and evaluates every instance', async () => {
    const data = fifoFile('growing.json');
    const out = mkdtempSync(join(dir, 'out-'));
    const requested = nextRequest(30_000);
    const running = run(out, data);
    const writer = createWriteStream(data);
    writer.write(`{${members(0, 700)}, `);
    // The rest is written whatever happens, so an engine that waits for the end of the file still ends.
    const sent = await requested.then(
      () => null,
      (error: Error) => error,
    );
    writer.end(`${members(700, 1200)}}`);
    const r = await running;
    expect(sent).toBeNull();
    expect(r.stderr).not.toMatch(/error\[/);
    expect(r.code).toBe(0);
    expect(resultIds(out)).toEqual(Array.from({ length: 1200 }, (_, i) => `id${i}`));
    expect(lines(join(out, 'instances.jsonl'))).toHaveLength(1200);
    const summary = JSON.parse(readFileSync(join(out, RUN_DIR, 'ef_summary.json'), 'utf8'));
    expect(summary.data).toMatchObject({ num_rows: 1200, num_instances: 1200, num_evaluated: 1200, subsample: null });
    expect(summary.counts.instances).toEqual({ evaluated: 1200, scored: 1200, failed: 0, unscored: 0 });
  });

  it('reports an error that comes before its first answer, with instances.jsonl written and no temp file left', async () => {
    // Without a cache the loader waits after one instance per lane for the first answer; the responses log cannot
    // be opened (a file where its folder goes), so the run fails before any answer comes.
    const data = join(dir, 'early-error.json');
    writeFileSync(data, `{${members(0, 3000)}}`);
    const out = mkdtempSync(join(dir, 'out-'));
    writeFileSync(join(out, 'responses'), '');
    const r = await run(out, data, ['--disable-cache']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error\[EF_/);
    expect(lines(join(out, 'instances.jsonl'))).toHaveLength(3000);
    expect(readdirSync(out).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it("draws HELM's seed-0 subsample of the whole file when the limit is below its size", async () => {
    const data = join(dir, 'limited.json');
    writeFileSync(data, `{${members(0, 40)}}`);
    const out = mkdtempSync(join(dir, 'out-'));
    const r = await run(out, data, ['--max-eval-instances', '7']);
    expect(r.code).toBe(0);
    const order = new NumpyLegacyRandom(0).permutation(40).slice(0, 7);
    expect(resultIds(out)).toEqual(order.map((i) => `id${i}`));
    const summary = JSON.parse(readFileSync(join(out, RUN_DIR, 'ef_summary.json'), 'utf8'));
    expect(summary.data).toMatchObject({ num_instances: 40, num_evaluated: 7, subsample: { limit: 7 } });
  });

  fifo('fails cleanly on a malformed entry in the middle of the file, keeping the answers it paid for', async () => {
    const data = fifoFile('broken.json');
    const out = mkdtempSync(join(dir, 'out-'));
    server.requests.length = 0;
    const requested = nextRequest(30_000);
    const running = run(out, data);
    const writer = createWriteStream(data);
    writer.write(`{${members(0, 700)}, `);
    const sent = await requested.then(
      () => null,
      (error: Error) => error,
    );
    writer.end(`${members(700, 1200, 900)}}`);
    const r = await running;
    expect(sent).toBeNull();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('EF_DATA_FORMAT');
    expect(r.stderr).toContain('PMID 30000900');
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    // Nothing half-written: no results, instances or HELM files, and no temp file left.
    expect(existsSync(join(out, 'results.jsonl'))).toBe(false);
    expect(existsSync(join(out, 'instances.jsonl'))).toBe(false);
    expect(existsSync(join(out, RUN_DIR, 'scenario_state.json'))).toBe(false);
    expect(readdirSync(out).filter((f) => f.includes('.tmp-'))).toEqual([]);
    const paid = server.requests.length;
    expect(paid).toBeGreaterThan(0);

    // The fixed file: every answer received before the failure comes from the cache, only the rest is sent.
    const fixed = join(dir, 'fixed.json');
    writeFileSync(fixed, `{${members(0, 1200)}}`);
    server.requests.length = 0;
    const again = await run(out, fixed);
    expect(again.code).toBe(0);
    expect(server.requests.length).toBe(1200 - paid);
    const summary = JSON.parse(readFileSync(join(out, RUN_DIR, 'ef_summary.json'), 'utf8'));
    expect(summary.counts.requests).toMatchObject({ total: 1200, cached: paid, succeeded: 1200 });
  });

  fifo('interrupted while the file is read, it still reads it to its end and reports every instance', async () => {
    const data = fifoFile('interrupted.json');
    const out = mkdtempSync(join(dir, 'out-'));
    const requested = nextRequest(30_000);
    const args = ['run', '--run-entries', 'pubmed_qa:model=fake-model', '--suite', 'v1', '--output-path', out];
    const child = spawn(process.execPath, [BIN, ...args, '--model-configs', dir, '--data-path', data, '--n', '1'], {
      env: { ...process.env, EF_PROGRESS: 'off', EF_DATA_CACHE: join(dir, 'data-cache') },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const writer = createWriteStream(data);
    writer.write(`{${members(0, 700)}, `);
    const sent = await requested.then(
      () => null,
      (error: Error) => error,
    );
    child.kill('SIGINT');
    writer.end(`${members(700, 1200)}}`);
    expect(sent).toBeNull();
    expect(await exited).toBe(130);
    const results = lines(join(out, 'results.jsonl')).map((l) => JSON.parse(l));
    // Instances read after the signal are in the results too, each one not sent.
    expect(results.map((r) => r.instance_id)).toEqual(Array.from({ length: 1200 }, (_, i) => `id${i}`));
    const answered = results.filter((r) => r.status === 'ok').length;
    const notSent = results.filter((r) => r.status === 'unscored' && /^not sent/.test(r.reason)).length;
    expect(answered + notSent).toBe(1200);
    expect(answered).toBeGreaterThan(0);
    expect(lines(join(out, 'instances.jsonl'))).toHaveLength(1200);
  });

  it.each([
    ['an empty object', '{}', 'EF_NO_INSTANCES'],
    ['a malformed first entry', '{"1": {"QUESTION": 1}}', 'EF_DATA_FORMAT'],
  ])('fails on %s (%s) before anything is sent, with %s', async (_label, text, code) => {
    const data = join(dir, `${code}.json`);
    writeFileSync(data, text);
    const out = mkdtempSync(join(dir, 'out-'));
    server.requests.length = 0;
    const r = await run(out, data);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(code);
    expect(server.requests).toEqual([]);
  });
});
