/**
 * The engine started early by `run_eval` (docs/architecture.md, "Start-up"), seen from outside as real processes:
 * a run is carried out by the prestarted engine, and a run that stops on a config error or a dry run leaves no
 * engine process behind. Processes are found through /proc (Linux; skipped elsewhere).
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import { fixture, runCli, tempDir, writeRunConfig } from './support.js';

const HAVE_PROC = existsSync('/proc/self/cmdline');
const maybe = HAVE_PROC ? describe : describe.skip;

/** Pids of the prestarted engines (`--argv-on-stdin`) whose working folder is `cwd`. */
function prestartedEnginesIn(cwd: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (cmdline.includes('--argv-on-stdin') && readlinkSync(`/proc/${pid}/cwd`) === cwd) found.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function noneLeft(cwd: string): Promise<boolean> {
  for (let i = 0; i < 60 && prestartedEnginesIn(cwd).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
  return prestartedEnginesIn(cwd).length === 0;
}

maybe('prestarted engine', () => {
  it('carries out the run, the only engine started (and is gone after it)', async () => {
    const server = await startFakeOpenAIServer({ latencyMs: 300 });
    try {
      const cwd = tempDir();
      const rc = writeRunConfig(cwd, {
        config: {
          type: 'pubmed_qa',
          output_dir: join(cwd, 'out'),
          params: { parallelism: 1, limit_samples: 3, extra: { data_path: fixture('pubmed_qa') } },
        },
        target: { api_endpoint: { url: server.url, model_id: 'fake-model', type: 'chat' } },
      });
      let ended = false;
      const run = runCli(['run_eval', '--run_config', rc], { cwd }).finally(() => (ended = true));
      // Every engine seen while the run lasts: the installed bin starts it (early-start.ts), and the CLI must not
      // start one of its own as well.
      const seen = new Set<string>();
      while (!ended) {
        for (const pid of prestartedEnginesIn(cwd)) seen.add(pid);
        await new Promise((r) => setTimeout(r, 10));
      }
      const result = await run;
      expect(result.code).toBe(0);
      expect(seen.size).toBe(1);
      expect(server.requests.filter((r) => r.kind === 'chat')).toHaveLength(3);
      expect(await noneLeft(cwd)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it.each([
    [
      'a config error',
      (rc: string) => ['run_eval', '--run_config', rc, '--overrides', 'config.params.parallelism=many'],
      1,
    ],
    ['a dry run', (rc: string) => ['run_eval', '--run_config', rc, '--dry_run'], 0],
    ['a usage error', (rc: string) => ['run_eval', '--run_config', rc, '--no_such_flag'], 2],
  ])('leaves no engine process behind after %s', async (_name, args, code) => {
    const cwd = tempDir();
    const rc = writeRunConfig(cwd, {
      config: {
        type: 'pubmed_qa',
        output_dir: join(cwd, 'out'),
        params: { extra: { data_path: fixture('pubmed_qa') } },
      },
      target: { api_endpoint: { url: 'http://127.0.0.1:9/v1', model_id: 'fake-model', type: 'chat' } },
    });
    const result = await runCli(args(rc), { cwd });
    expect(result.code).toBe(code);
    expect(await noneLeft(cwd)).toBe(true);
  });
});
