/**
 * What a run's factory loads before it hands the command line to the engine (docs/performance.md, "Start-up"): the
 * command and the model-configuration templates are compiled at build time, so rendering them needs only Handlebars'
 * runtime, not its compiler.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { fixture, REPO_ROOT, tempDir, writeRunConfig } from './support.js';

describe('start-up of run_eval', () => {
  it("renders the command and the model configs with Handlebars' runtime: its compiler is never loaded", () => {
    const dir = tempDir('ef-start-up-');
    // tsc's output (not the bundle), so that Node's own module cache shows every file of Handlebars that loaded.
    const preload = join(dir, 'handlebars-parts.cjs');
    writeFileSync(
      preload,
      "process.on('exit', () => {\n  const files = Object.keys(require.cache);\n" +
        '  const has = (re) => files.some((f) => re.test(f));\n' +
        '  process.stderr.write(`runtime: ${has(/handlebars[\\\\/]runtime\\.js$/)}, compiler: ${has(/handlebars[\\\\/]compiler[\\\\/]/)}\\n`);\n});\n',
    );
    const rc = writeRunConfig(dir, {
      config: {
        type: 'pubmed_qa',
        output_dir: join(dir, 'out'),
        params: { limit_samples: 2, extra: { data_path: fixture('pubmed_qa') } },
      },
      target: { api_endpoint: { url: 'http://127.0.0.1:9/v1', model_id: 'm', type: 'chat' } },
    });
    const cli = join(REPO_ROOT, 'packages/cli/dist/bin.js');
    const run = spawnSync(process.execPath, ['--require', preload, cli, 'run_eval', '--run_config', rc, '--dry_run'], {
      encoding: 'utf8',
      cwd: REPO_ROOT,
      env: { ...process.env, CI: 'true' },
    });
    expect(run.stdout).toContain('ef-bench');
    expect(run.stderr).toMatch(/^runtime: true, compiler: false$/m);
  }, 60_000);
});
