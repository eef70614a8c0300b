import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import { readJsonl, runCli, startHeadQaRun } from './support.js';

describe('Ctrl-C and SIGTERM', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s stops the engine, keeps what was answered, marks the run interrupted (in-flight requests not sent, not failed), says so in one line, exits %i; the re-run resumes', async (signal, exitCode) => {
    const server = await startFakeOpenAIServer({ latencyMs: 400 });
    try {
      const { out, runConfig: rc, child } = startHeadQaRun(server.url, { parallelism: 1 });
      let stderr = '';
      child.stderr.on('data', (c) => (stderr += c));
      // Interrupt once the first answer is in the responses log.
      const deadline = Date.now() + 20_000;
      while (
        Date.now() < deadline &&
        !(
          existsSync(join(out, 'responses/model.jsonl')) &&
          readFileSync(join(out, 'responses/model.jsonl'), 'utf8').includes('\n')
        )
      ) {
        await new Promise((r) => setTimeout(r, 50));
      }
      child.kill(signal);
      const code = await new Promise((resolve) => child.on('close', resolve));
      expect(code).toBe(exitCode);
      expect(stderr).toMatch(/^interrupted: \d+ answers? kept, re-run the same command to resume$/m);
      expect(stderr).not.toContain('exited with');
      const evaluation = parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8'));
      expect(evaluation.status).toBe('interrupted');
      expect(evaluation.errors.map((e: { code: string }) => e.code)).toContain('EF_INTERRUPTED');
      const results = readJsonl(join(out, 'results.jsonl'));
      const answered = results.filter((r) => r.status === 'ok').length;
      expect(answered).toBeGreaterThanOrEqual(1);
      // The request in flight when the signal came was not answered: not sent, never a failure.
      expect(results.filter((r) => r.status === 'failed')).toEqual([]);
      const notSent = results.filter(
        (r) => r.status === 'unscored' && /^not sent: the run was interrupted/.test(r.reason),
      );
      expect(notSent.length).toBe(results.length - answered);
      expect(evaluation.counts.instances.not_sent).toBe(notSent.length);
      expect(readJsonl(join(out, 'responses/model.jsonl')).every((r) => r.result.success === true)).toBe(true);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(readFileSync(join(out, 'logs/eval-factory.log'), 'utf8').trimEnd().split('\n').pop()).toMatch(
        / final: status interrupted; instances: \d+ evaluated.*requests: \d+ total.*\d+ not sent; runtime /,
      );
      // NeMo Evaluator's launcher reports KILLED (not FAILED) by this marker; only SIGTERM writes it, as NeMo does.
      const marker = join(out, '.nemo_evaluator_interrupted');
      if (signal === 'SIGTERM') expect(JSON.parse(readFileSync(marker, 'utf8')).signal).toBe('SIGTERM');
      else expect(existsSync(marker)).toBe(false);
      expect(Number(readFileSync(join(out, 'progress'), 'utf8'))).toBe(answered);

      // summarize shows it; the same command again resumes and sends only what was not answered.
      const summary = await runCli(['summarize', out]);
      expect(summary.stdout).toContain('interrupted: re-run to resume');
      const sentBefore = server.requests.length;
      const again = await runCli(['run_eval', '--run_config', rc]);
      expect(again.code).toBe(0);
      expect(parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8')).status).toBe('success');
      expect(server.requests.length - sentBefore).toBe(notSent.length);
      expect(existsSync(marker)).toBe(false); // the finished re-run is not reported KILLED
      expect(Number(readFileSync(join(out, 'progress'), 'utf8'))).toBe(results.length);
    } finally {
      await server.close();
    }
  });
});
