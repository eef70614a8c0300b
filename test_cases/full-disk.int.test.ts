/**
 * A full disk on a real tmpfs: the run ends with EF_OUTPUT_WRITE (no stack trace, no EF_INTERNAL), no
 * `*.tmp-*` file is left, and after space comes back the same command resumes without paying again for the answers
 * received before the failure. Mounting needs root (CI runs as root); elsewhere the test says it skips.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import { fixture, runCli, tempDir, writeRunConfig } from './support.js';

const mountPoint = join(tempDir('ef-full-disk-'), 'disk');
mkdirSync(mountPoint);
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=120k', 'tmpfs', mountPoint], { stdio: 'ignore' });
  mounted = true;
} catch {
  process.stderr.write('full-disk.int.test.ts: skipped (mounting a tmpfs needs root)\n');
}
afterAll(() => {
  if (mounted) execFileSync('umount', [mountPoint]);
});

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? allFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}

(mounted ? describe : describe.skip)('a full disk', () => {
  it('is EF_OUTPUT_WRITE with nothing half-written, and a re-run with space pays for no answer twice', async () => {
    // Long answers fill the 120 kB disk part-way through the run.
    const server = await startFakeOpenAIServer({ answer: (r) => `${'x'.repeat(3000)} ${r.prompt.length}` });
    try {
      const out = join(mountPoint, 'out');
      const rc = writeRunConfig(tempDir(), {
        config: {
          type: 'medcalc_bench',
          output_dir: out,
          params: { parallelism: 1, extra: { data_path: fixture('medcalc_bench'), allow_data_drift: true } },
        },
        target: { api_endpoint: { url: server.url, model_id: 'fake-model', type: 'chat' } },
      });
      const full = await runCli(['run_eval', '--run_config', rc]);
      expect(full.code).toBe(1);
      expect(full.stderr).toContain('error[EF_OUTPUT_WRITE]');
      expect(full.stderr).not.toContain('EF_INTERNAL');
      expect(full.stderr).not.toMatch(/^\s+at /m);
      expect(allFiles(out).filter((f) => /\.tmp-\d+$/.test(f))).toEqual([]);
      const paidBefore = server.requests.length;

      execFileSync('mount', ['-o', 'remount,size=20m', mountPoint]);
      const again = await runCli(['run_eval', '--run_config', rc]);
      expect(again.code).toBe(0);
      const prompts = server.requests.map((r) => JSON.stringify(r.body));
      const paidTwice = prompts.length - new Set(prompts).size;
      // Asked for again at most: the answer whose own cache write met the full disk, and the one sent while the
      // failed write of the log was still being reported (log lines are written without waiting for the disk).
      expect(paidTwice).toBeLessThanOrEqual(2);
      expect(paidTwice).toBeLessThan(paidBefore);
      expect(paidBefore).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
