import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { CLI, REPO_ROOT, readJsonl, runCli, tempDir, writeRunConfig } from './support.js';

const N = 40;

/** A PubMedQA-shaped file of invented entries (numeric-string keys, as upstream). */
function writeInventedPubmedQa(dir: string): string {
  const entries: Record<string, unknown> = {};
  for (let i = 0; i < N; i++) {
    entries[String(90000 + ((i * 7919) % 1000))] = {
      QUESTION: `Does invented intervention ${i} change invented outcome ${i % 5}?`,
      CONTEXTS: [`Invented background sentence ${i}.`, `Invented result sentence ${i}.`],
      LABELS: ['BACKGROUND', 'RESULTS'],
      final_decision: ['yes', 'no', 'maybe'][i % 3],
    };
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'ori_pqal.json'), JSON.stringify(entries));
  return dir;
}

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ latencyMs: 60 });
});
afterAll(async () => server.close());

const countLines = (file: string) =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;

describe('resume after kill -9', () => {
  it('re-sends only what had not completed and reports the uninterrupted scores', async () => {
    const data = writeInventedPubmedQa(join(tempDir(), 'data'));
    const make = (out: string) =>
      writeRunConfig(tempDir(), {
        config: { type: 'pubmed_qa', output_dir: out, params: { parallelism: 2, extra: { data_path: data } } },
        target: { api_endpoint: { url: server.url, model_id: 'fake-model', type: 'chat' } },
      });
    const reference = join(tempDir(), 'reference');
    expect((await runCli(['run_eval', '--run_config', make(reference)])).code).toBe(0);

    const out = join(tempDir(), 'out');
    const rc = make(out);
    // Own process group, so SIGKILL takes the CLI and the engine together, with no chance to clean up.
    const child = spawn(process.execPath, [CLI, 'run_eval', '--run_config', rc], {
      cwd: REPO_ROOT,
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, CI: 'true' },
    });
    const responses = join(out, 'responses/model.jsonl');
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && countLines(responses) < 10) await new Promise((r) => setTimeout(r, 20));
    process.kill(-child.pid!, 'SIGKILL');
    await new Promise((r) => child.on('close', r));
    const answeredBeforeKill = countLines(responses);
    expect(answeredBeforeKill).toBeGreaterThanOrEqual(10);
    expect(answeredBeforeKill).toBeLessThan(N);

    const sentBefore = server.requests.length;
    const again = await runCli(['run_eval', '--run_config', rc]);
    expect(again.code).toBe(0);
    const resent = server.requests.length - sentBefore;
    // Every answer logged before the kill was cached first, so it is never paid for twice.
    expect(resent).toBeLessThanOrEqual(N - answeredBeforeKill);
    const resumed = parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8'));
    expect(resumed.counts.requests.cached).toBe(N - resent);
    const score = (dir: string) =>
      parse(readFileSync(join(dir, 'results.yml'), 'utf8')).results.tasks.pubmed_qa.metrics.exact_match.scores.mean
        .value;
    expect(score(out)).toBe(score(reference));
    expect(readJsonl(join(out, 'results.jsonl')).every((r) => r.status === 'ok')).toBe(true);
  });
});
