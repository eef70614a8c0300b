/**
 * A real Ctrl-C: the terminal signals the whole process group, so the CLI and the engine both get SIGINT (and the
 * CLI forwards its own), and an impatient user presses it again while the partial results are written. However many
 * signals arrive, the stopped run keeps its documented partial results.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import { readJsonl, runCli, startHeadQaRun } from './support.js';

describe('Ctrl-C to the whole process group', () => {
  it('27.13 SIGINT to the whole group, again and again until the run ends, still leaves results.jsonl, counts and an honest status', async () => {
    const server = await startFakeOpenAIServer({ latencyMs: 400 });
    try {
      // Its own process group, as a shell starts a foreground job: -pid signals the CLI and the engine alike.
      const { out, child } = startHeadQaRun(server.url, { parallelism: 1, detached: true });
      let stderr = '';
      child.stderr.on('data', (c) => (stderr += c));
      // Exit 130; or SIGINT itself when a press lands in the last instant of the process's exit, after every file is
      // written (Node has dropped its handlers by then): a shell, Slurm or Kubernetes reports 130 either way.
      const closed = new Promise((resolve) => child.on('close', (code, sig) => resolve(sig === 'SIGINT' ? 130 : code)));
      const responses = join(out, 'responses/model.jsonl');
      while (!(existsSync(responses) && readFileSync(responses, 'utf8').includes('\n'))) {
        await new Promise((r) => setTimeout(r, 25));
      }
      const group = -(child.pid as number);
      let ended = false;
      void closed.then(() => (ended = true));
      // Ctrl-C, then pressed again and again until the run has ended: while it waits for the answer in flight and
      // while it writes what it has (each signal also reaches the engine a second time, forwarded by the CLI).
      let presses = 0;
      for (; !ended; presses++) {
        try {
          process.kill(group, 'SIGINT');
        } catch {
          break; // the group has just ended
        }
        await new Promise((r) => setTimeout(r, 30));
      }
      expect(await closed).toBe(130);
      expect(presses).toBeGreaterThan(1);
      expect(stderr).toMatch(/^interrupted: \d+ answers? kept, re-run the same command to resume$/m);
      expect(stderr).not.toMatch(/^\s+at /m);
      const evaluation = parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8'));
      expect(evaluation.status).toBe('interrupted');
      expect(evaluation.counts.instances.evaluated).toBeGreaterThan(0);
      const results = readJsonl(join(out, 'results.jsonl'));
      expect(results.length).toBe(evaluation.counts.instances.evaluated);
      expect(results.filter((r) => r.status === 'ok').length).toBeGreaterThanOrEqual(1);
      expect(results.filter((r) => r.status === 'failed')).toEqual([]);
      const status = await runCli(['status', out]);
      expect(status.stdout).toMatch(/interrupted: \d+ of \d+ scored; re-run to resume/);
      expect(status.stdout).not.toContain('null');
    } finally {
      await server.close();
    }
  });
});
