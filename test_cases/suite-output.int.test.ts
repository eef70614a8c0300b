/**
 * What a 20-job suite prints, through the real CLI against the loopback server: not on a terminal one line per job
 * as it ends (run_eval's summary blocks, the engines' notes and every job's copy of a warning go to the suite's
 * log, which keeps them all); on a terminal (a pseudo-terminal from util-linux `script`) one block redrawn in place.
 */
import { spawn as spawnAsync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { CLI, linkFixtures, REPO_ROOT, runCli, tempDir } from './support.js';

const MODELS = ['org/m1', 'org/m2', 'org/m3', 'org/m4'];
// medhelm_med_qa's fixture is not the upstream file: every job of it warns EF_DATA_DRIFT, word for word.
const BENCHMARKS = ['pubmed_qa', 'head_qa', 'medbullets', 'medhelm_med_qa', 'medcalc_bench'];

let server: FakeOpenAIServer;
let dir: string;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ models: MODELS });
  dir = tempDir('ef-suite-output-');
  linkFixtures(join(dir, 'data'), BENCHMARKS);
});
afterAll(async () => server.close());

/** 4 endpoints × 5 benchmarks, 2 instances each. */
function suiteFile(name: string): string {
  const file = join(dir, `${name}.yml`);
  writeFileSync(
    file,
    `suite: ${name}
targets:
${MODELS.map((m) => `  - api_endpoint: {url: '${server.url}', model_id: ${m}, type: chat}`).join('\n')}
evaluation:
  params: {limit_samples: 2, parallelism: 2}
  tasks:
${BENCHMARKS.map((b) => `    - name: ${b}\n      params: {extra: {data_path: '${join(dir, 'data', b)}'}}`).join('\n')}
`,
  );
  return file;
}

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

describe('run_suite output, not on a terminal', () => {
  it('20 jobs: a line per job, no summary blocks, a repeated warning once; the log keeps every detail', async () => {
    const r = await runCli(['run_suite', '--suite_config', suiteFile('twenty'), '--output_dir', join(dir, 'out')]);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.code).toBe(0);
    const err = lines(r.stderr);
    // One line per job as it ends, counted and aligned, then the suite's own few lines (its log's path, the last
    // overall line, the closing count, the HELM folder and the leaderboard's files, the one warning).
    const jobLines = err.filter((l) => /^\[[ \d]\d\/20\] /.test(l));
    expect(jobLines).toHaveLength(20);
    expect(jobLines[19]).toMatch(/^\[20\/20\] success {2}org\/m\d \w+: 2\/2 requests \(cached 0, failed 0\) in \d+s$/);
    expect(err.length).toBeLessThanOrEqual(20 + 8);
    expect(r.stderr).toContain('suite twenty: jobs 20/20 done | requests 40/40\n');
    expect(r.stderr).toContain('suite twenty: 20 jobs in 20 units: 20 success\n');
    expect(err.filter((l) => l.includes('warning[EF_DATA_DRIFT]'))).toHaveLength(1);
    expect(r.stderr).not.toContain("the project's test fixture");
    // stdout is the leaderboard, not twenty run_eval summaries.
    expect(r.stdout).not.toContain('status: success');
    expect(r.stdout).toContain('# Leaderboard');

    const log = readFileSync(join(dir, 'out', 'twenty', 'suite.log'), 'utf8');
    expect(r.stderr).toContain(`what each job prints: ${join(dir, 'out', 'twenty', 'suite.log')}`);
    for (const m of MODELS) {
      for (const b of BENCHMARKS) {
        expect(log).toMatch(new RegExp(`^\\S+Z ${m} ${b}: status: success \\(${b}, ${m}\\)$`, 'm'));
        expect(log).toMatch(new RegExp(`^\\S+Z ${m} ${b}: requests: +2 total, 0 cached, 0 failed, 0 retried$`, 'm'));
      }
      expect(log).toMatch(new RegExp(`^\\S+Z ${m} medhelm_med_qa: warning\\[EF_DATA_DRIFT\\]: `, 'm'));
      expect(log).toMatch(new RegExp(`^\\S+Z ${m} pubmed_qa: .*the project's test fixture`, 'm'));
    }
    expect(log).toMatch(/^\S+Z {3}success {3}org\/m4 {2}medcalc_bench$/m);
  }, 180_000);
});

const hasScript = spawnSync('script', ['--version']).status === 0;

describe('run_suite output on a terminal', () => {
  // util-linux `script` runs the CLI on a pseudo-terminal; without it the view's terminal rendering is covered by
  // suite-progress/view.test.ts only.
  (hasScript ? it : it.skip)(
    'one block redrawn in place under the job lines; no summary blocks',
    async () => {
      const out = join(dir, 'tty');
      const command = [process.execPath, CLI, 'run_suite', '--suite_config', suiteFile('tty'), '--output_dir', out]
        .map((a) => `'${a}'`)
        .join(' ');
      const env = { ...process.env, EF_RETRY_BASE_SECONDS: '0.01', COLUMNS: '200' } as Record<string, string>;
      delete env.CI;
      delete env.EF_PROGRESS;
      const r = await new Promise<{ code: number | null; text: string }>((resolve) => {
        const child = spawnAsync('script', ['-qec', command, '/dev/null'], { cwd: REPO_ROOT, env });
        let text = '';
        child.stdout.on('data', (c: Buffer) => (text += c.toString('utf8')));
        child.on('close', (code) => resolve({ code, text }));
      });
      expect(r.code).toBe(0);
      // The cursor hidden while the block is drawn, the block cleared before each new line and drawn again, the
      // cursor shown at the end.
      expect(r.text).toContain('\x1b[?25l');
      expect(r.text).toMatch(/\r\x1b\[\d+A\x1b\[J\[ ?\d+\/20\] success/);
      expect(r.text).toContain('\x1b[?25h');
      expect(r.text).toMatch(/ {2}org\/m\d: jobs \d+\/5/);
      expect(r.text).not.toContain('status: success');
      expect(r.text.match(/\[[ \d]\d\/20\] success/g)).toHaveLength(20);
    },
    180_000,
  );
});
