import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import { CLI, fixture, readJsonl, REPO_ROOT, tempDir, writeRunConfig } from './support.js';

describe('Ctrl-C and SIGTERM', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s stops the engine, keeps what was answered, writes status error, says so in one line and exits %i', async (signal, exitCode) => {
    const server = await startFakeOpenAIServer({ latencyMs: 400 });
    try {
      const out = join(tempDir(), 'out');
      const rc = writeRunConfig(tempDir(), {
        config: {
          type: 'head_qa',
          output_dir: out,
          params: { parallelism: 1, extra: { data_path: fixture('head_qa') } },
        },
        target: { api_endpoint: { url: server.url, model_id: 'fake-model', type: 'chat' } },
      });
      const child = spawn(process.execPath, [CLI, 'run_eval', '--run_config', rc], {
        cwd: REPO_ROOT,
        env: { ...process.env, CI: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
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
      expect(evaluation.status).toBe('error');
      expect(evaluation.errors.map((e: { code: string }) => e.code)).toContain('EF_INTERRUPTED');
      const results = readJsonl(join(out, 'results.jsonl'));
      expect(results.filter((r) => r.status === 'ok').length).toBeGreaterThanOrEqual(1);
      expect(results.filter((r) => r.status === 'failed').every((r) => typeof r.reason === 'string')).toBe(true);
      expect(stderr).not.toMatch(/^\s+at /m);
    } finally {
      await server.close();
    }
  });
});
