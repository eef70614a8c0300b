/**
 * Two runs into one output folder: the second stops with EF_OUTPUT_LOCKED naming the first, before it
 * writes or sends anything; the first finishes untouched and frees the folder; a lock left by kill -9 is taken over.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { CLI, fixture, REPO_ROOT, runCli, tempDir, writeRunConfig } from './support.js';

const LOCK = '.eval-factory.lock';

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A fake model whose answers wait for `release()`, and a head_qa run_config against it: a run started on it stays
 * in flight until the test lets it go, however slow the machine.
 */
async function heldRun(): Promise<{ server: FakeOpenAIServer; release: () => void; out: string; rc: string }> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = await startFakeOpenAIServer({ answer: async () => (await released, 'A') });
  const out = join(tempDir(), 'out');
  const rc = writeRunConfig(tempDir(), {
    config: { type: 'head_qa', output_dir: out, params: { parallelism: 1, extra: { data_path: fixture('head_qa') } } },
    target: { api_endpoint: { url: server.url, model_id: 'fake-model', type: 'chat' } },
  });
  return { server, release, out, rc };
}

describe('one run per output folder', () => {
  it('a second run into a busy folder gets EF_OUTPUT_LOCKED, sends nothing, and the first completes', async () => {
    // The first run's answers wait until the second run has ended: the two always overlap.
    const { server, release, out, rc } = await heldRun();
    try {
      const first = spawn(process.execPath, [CLI, 'run_eval', '--run_config', rc], {
        cwd: REPO_ROOT,
        env: { ...process.env, CI: 'true' },
        stdio: 'ignore',
      });
      const firstDone = new Promise<number | null>((resolve) => first.on('close', resolve));
      await until(() => server.requests.length > 0, 'the first run to send');
      const runConfigBefore = readFileSync(join(out, 'run_config.yml'), 'utf8');
      const sentBefore = server.requests.length;

      const second = await runCli(['run_eval', '--run_config', rc]);
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(new RegExp(`EF_OUTPUT_LOCKED.*in use by run pid ${first.pid} on `));
      expect(second.stderr).not.toMatch(/^\s+at /m);
      expect(readFileSync(join(out, 'run_config.yml'), 'utf8')).toBe(runConfigBefore);
      release();

      expect(await firstDone).toBe(0);
      // Every request came from the first run: one per instance, none twice.
      const prompts = server.requests.map((r) => JSON.stringify(r.body));
      expect(new Set(prompts).size).toBe(prompts.length);
      expect(server.requests.length).toBeGreaterThanOrEqual(sentBefore);
      expect(parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8')).status).toBe('success');
      expect(existsSync(join(out, LOCK))).toBe(false);
    } finally {
      release();
      await server.close();
    }
  });

  it('a lock left by kill -9 is taken over by the next run on the same host', async () => {
    // Answers wait until the first run is killed, so it is always killed mid-run.
    const { server, release, out, rc } = await heldRun();
    try {
      const killed = spawn(process.execPath, [CLI, 'run_eval', '--run_config', rc], {
        cwd: REPO_ROOT,
        env: { ...process.env, CI: 'true' },
        stdio: 'ignore',
        detached: true,
      });
      await until(() => existsSync(join(out, LOCK)) && server.requests.length > 0, 'the first run to lock and send');
      process.kill(-killed.pid!, 'SIGKILL'); // the CLI and its engine, as kill -9 of a job would
      await new Promise((resolve) => killed.on('close', resolve));
      expect(existsSync(join(out, LOCK))).toBe(true);
      release();
      const rerun = await runCli(['run_eval', '--run_config', rc]);
      expect(rerun.stderr).not.toContain('EF_OUTPUT_LOCKED');
      expect(rerun.code).toBe(0);
    } finally {
      release();
      await server.close();
    }
  });
});
