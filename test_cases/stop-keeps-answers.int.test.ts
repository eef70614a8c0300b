/**
 * A graceful stop keeps the answers in flight: they are paid for, so the run waits for them (up to its stop grace)
 * and caches them, and the resume never sends a prompt twice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import { readJsonl, runCli, startHeadQaRun } from './support.js';

describe('SIGTERM with answers in flight', () => {
  it('27.19 the answers in flight when SIGTERM came are kept: after the resume no prompt was sent twice', async () => {
    // Every answer waits until the run has been told to stop: four requests are on the wire when SIGTERM comes.
    let answer = () => undefined as void;
    const stopped = new Promise<void>((resolve) => (answer = resolve));
    const server = await startFakeOpenAIServer({ answer: async () => (await stopped, 'A') });
    try {
      const { out, runConfig: rc, child } = startHeadQaRun(server.url, { parallelism: 4 });
      let stderr = '';
      child.stderr.on('data', (c) => (stderr += c));
      const closed = new Promise((resolve) => child.on('close', resolve));
      while (server.requests.length < 4) await new Promise((r) => setTimeout(r, 20));
      child.kill('SIGTERM'); // as Kubernetes stops a pod: to its first process, which forwards it
      // The answers come after the engine was told to stop (a moment for the forwarded signal to arrive).
      await new Promise((r) => setTimeout(r, 300));
      answer();
      expect(await closed).toBe(143);
      expect(stderr).toMatch(/^interrupted: 4 answers kept, re-run the same command to resume$/m);
      const interrupted = parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8'));
      expect(interrupted.status).toBe('interrupted');
      expect(readJsonl(join(out, 'results.jsonl')).filter((r) => r.status === 'ok')).toHaveLength(4);

      expect((await runCli(['run_eval', '--run_config', rc])).code).toBe(0);
      const prompts = server.requests.map((r) => JSON.stringify(r.body));
      expect(new Set(prompts).size).toBe(prompts.length);
      const resumed = parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8'));
      expect(resumed.status).toBe('success');
      expect(resumed.counts.requests.cached).toBe(4);
    } finally {
      answer();
      await server.close();
    }
  });
});
