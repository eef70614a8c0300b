/**
 * A suite killed with SIGKILL halfway: the CLI and its engines die at once, with no chance to clean
 * up. Re-running the same command resumes: finished jobs are skipped, the killed job resumes from its cache (no
 * answer received before the kill is paid for again) and the scores equal an uninterrupted suite's.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { CLI, REPO_ROOT, runCli, tempDir } from './support.js';

const N = 30;
const MODELS = ['org/alpha', 'org/beta'];

/** A PubMedQA-shaped file of invented entries (numeric-string keys, as upstream). */
function writeInventedPubmedQa(dir: string): void {
  const entries: Record<string, unknown> = {};
  for (let i = 0; i < N; i++) {
    entries[String(70000 + i * 13)] = {
      QUESTION: `Does invented exposure ${i} change invented marker ${i % 4}?`,
      CONTEXTS: [`Invented method sentence ${i}.`, `Invented finding sentence ${i}.`],
      LABELS: ['METHODS', 'RESULTS'],
      final_decision: ['yes', 'no', 'maybe'][i % 3],
    };
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'ori_pqal.json'), JSON.stringify(entries));
}

let server: FakeOpenAIServer;
let root: string;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ latencyMs: 80, models: MODELS });
  root = tempDir('ef-suite-kill-');
  writeInventedPubmedQa(join(root, 'data', 'pubmed_qa'));
  writeFileSync(
    join(root, 'suite.conf'),
    `entries: [${MODELS.map((m) => `{description: "pubmed_qa:model=${m}", priority: 1}`).join(', ')}]\n`,
  );
});
afterAll(async () => server.close());

const args = (out: string) => [
  'run_suite',
  '--conf-paths',
  join(root, 'suite.conf'),
  '--models-to-run',
  MODELS.join(','),
  '--suite',
  's',
  '--output_dir',
  out,
  '--model_url',
  server.url,
  '--data_root',
  join(root, 'data'),
  '--parallelism',
  '2',
];
const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0);
const score = (out: string, model: string) =>
  parse(readFileSync(join(out, 's', model, 'pubmed_qa', 'results.yml'), 'utf8')).results.tasks.pubmed_qa.metrics
    .exact_match.scores.mean.value;

describe('run_suite killed with SIGKILL', () => {
  it('resumes with the same command: nothing received is sent again, the scores are the uninterrupted ones', async () => {
    const reference = join(root, 'reference');
    expect((await runCli(args(reference))).code).toBe(0);

    const out = join(root, 'out');
    // Own process group: SIGKILL takes the CLI and every engine it started together.
    const child = spawn(process.execPath, [CLI, ...args(out)], {
      cwd: REPO_ROOT,
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, CI: 'true' },
    });
    const logs = MODELS.map((m) => join(out, 's', m.replace('/', '_'), 'pubmed_qa', 'responses', 'model.jsonl'));
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && logs.reduce((n, f) => n + lines(f), 0) < N / 2)
      await new Promise((r) => setTimeout(r, 20));
    process.kill(-child.pid!, 'SIGKILL');
    await new Promise((r) => child.on('close', r));
    const answered = logs.reduce((n, f) => n + lines(f), 0);
    expect(answered).toBeGreaterThanOrEqual(N / 2);
    expect(answered).toBeLessThan(N * MODELS.length);

    const sentBefore = server.requests.length;
    const again = await runCli(args(out));
    expect(again.stderr).not.toMatch(/^\s+at /m);
    expect(again.code).toBe(0);
    // Every answer logged before the kill was cached first: only the rest (and those in flight) are sent.
    expect(server.requests.length - sentBefore).toBeLessThanOrEqual(N * MODELS.length - answered);
    for (const model of ['org_alpha', 'org_beta']) expect(score(out, model)).toBe(score(reference, model));
    const status = await runCli(['status', join(out, 's')]);
    expect(status.stdout).toContain('2 done');
  }, 180_000);
});
