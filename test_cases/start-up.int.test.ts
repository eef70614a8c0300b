/**
 * What a run loads before its first request (docs/performance.md, "Start-up"): the factory renders the command and
 * the model-configuration templates, compiled at build time, with Handlebars' runtime only, not its compiler; the
 * engine loads SQLite's native addon only for a run that caches; neither loads yargs for a plain command line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from '@jest/globals';
import { type FakeOpenAIServer, runNode, startFakeOpenAIServer } from '@eval-factory/testkit';
import { START_MARKS } from '@eval-factory/types';
import { fixture, REPO_ROOT, runCli, tempDir, writeRunConfig } from './support.js';

/**
 * Node's arguments that make a process write the URL of every file of yargs it loads into `report` (an ES module
 * load hook: yargs is ESM). For tsc's output (not the bundle), where each of yargs' files is its own module.
 */
function reportingYargs(dir: string, report: string): string[] {
  const hooks = join(dir, 'yargs-hooks.mjs');
  writeFileSync(
    hooks,
    "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n" +
      `  if (/[\\\\/]node_modules[\\\\/]yargs[\\\\/]/.test(url)) appendFileSync(${JSON.stringify(report)}, url + '\\n');\n` +
      '  return next(url, context);\n}\n',
  );
  const register = join(dir, 'yargs-register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  return ['--import', pathToFileURL(register).href];
}

const loaded = (report: string) => (existsSync(report) ? readFileSync(report, 'utf8') : '');

/** A run_config of two pubmed_qa fixture instances against `url`, writing into `out`. */
/**
 * The git_hash in results.yml of a successful run in `dir` against `server` (closed after it), with `git` (a shell
 * script) first on PATH.
 */
async function gitHashOfRun(dir: string, server: FakeOpenAIServer, git: string): Promise<unknown> {
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'git'), git, { mode: 0o755 });
  const out = join(dir, 'out');
  try {
    const rc = pubmedRunConfig(dir, out, server.url);
    const env = { PATH: `${bin}:${process.env.PATH}`, CORE_EVALS_GIT_HASH: undefined };
    expect((await runCli(['run_eval', '--run_config', rc], { env })).code).toBe(0);
  } finally {
    await server.close();
  }
  return parse(readFileSync(join(out, 'results.yml'), 'utf8')).git_hash;
}

function pubmedRunConfig(dir: string, out: string, url: string, adapterConfig?: Record<string, unknown>): string {
  const endpoint = { url, model_id: 'm', type: 'chat', ...(adapterConfig ? { adapter_config: adapterConfig } : {}) };
  return writeRunConfig(dir, {
    config: {
      type: 'pubmed_qa',
      output_dir: out,
      params: { limit_samples: 2, extra: { data_path: fixture('pubmed_qa') } },
    },
    target: { api_endpoint: endpoint },
  });
}

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
    const rc = pubmedRunConfig(dir, join(dir, 'out'), 'http://127.0.0.1:9/v1');
    const cli = join(REPO_ROOT, 'packages/cli/dist/bin.js');
    const run = spawnSync(process.execPath, ['--require', preload, cli, 'run_eval', '--run_config', rc, '--dry_run'], {
      encoding: 'utf8',
      cwd: REPO_ROOT,
      env: { ...process.env, CI: 'true' },
    });
    expect(run.stdout).toContain('ef-bench');
    expect(run.stderr).toMatch(/^runtime: true, compiler: false$/m);
  }, 60_000);

  it.each([
    [false, false],
    [true, true],
  ])(
    "with use_caching %s, the engine loads SQLite's native addon: %s",
    async (caching, loaded) => {
      const dir = tempDir('ef-start-up-');
      // Each process of the run appends, on exit, whether sqlite3 was loaded (externals of the bundle load through Node).
      const report = join(dir, 'sqlite3.txt');
      const preload = join(dir, 'sqlite3-loaded.cjs');
      writeFileSync(
        preload,
        "process.on('exit', () => require('node:fs').appendFileSync(" +
          `${JSON.stringify(report)}, \`\${/engine/.test(process.argv[1]) ? 'engine' : 'factory'} ` +
          '${Object.keys(require.cache).some((f) => /node_modules[\\\\/]sqlite3[\\\\/]/.test(f))}\\n`));\n',
      );
      const server = await startFakeOpenAIServer({ answer: () => 'yes' });
      try {
        const rc = pubmedRunConfig(dir, join(dir, 'out'), server.url, { use_caching: caching });
        const run = await runCli(['run_eval', '--run_config', rc], { env: { NODE_OPTIONS: `--require ${preload}` } });
        expect(run.code).toBe(0);
      } finally {
        await server.close();
      }
      expect(readFileSync(report, 'utf8')).toContain(`engine ${loaded}\n`);
    },
    60_000,
  );

  it('both processes mark their start-up steps, in order (START_MARKS, read by bench/startup.mjs)', async () => {
    const dir = tempDir('ef-start-up-');
    const report = join(dir, 'marks.txt');
    const preload = join(dir, 'marks.cjs');
    writeFileSync(
      preload,
      "process.on('exit', () => require('node:fs').appendFileSync(" +
        `${JSON.stringify(report)}, performance.getEntriesByType('mark').map((m) => m.name + '\\n').join('')));\n`,
    );
    const server = await startFakeOpenAIServer({ answer: () => 'yes' });
    try {
      const rc = pubmedRunConfig(dir, join(dir, 'out'), server.url);
      const run = await runCli(['run_eval', '--run_config', rc], { env: { NODE_OPTIONS: `--require ${preload}` } });
      expect(run.code).toBe(0);
    } finally {
      await server.close();
    }
    const marks = readFileSync(report, 'utf8').trim().split('\n');
    const factory: string[] = [START_MARKS.engineStarted, START_MARKS.commandHandedOver];
    const engine: string[] = [
      START_MARKS.engineLoaded,
      START_MARKS.commandRead,
      START_MARKS.dataReady,
      START_MARKS.endpointOpen,
    ];
    expect(marks.filter((m) => factory.includes(m))).toEqual(factory);
    expect(marks.filter((m) => engine.includes(m))).toEqual(engine);
  }, 60_000);

  it('neither process loads yargs for a plain command line; each does for any other (here --debug)', async () => {
    const dir = tempDir('ef-start-up-');
    const report = join(dir, 'yargs.txt');
    const server = await startFakeOpenAIServer({ answer: () => 'yes' });
    const out = join(dir, 'out');
    try {
      const rc = pubmedRunConfig(dir, out, server.url, { use_caching: false });
      const factory = join(REPO_ROOT, 'packages/cli/dist/bin.js');
      const env = { ...process.env, CI: 'true', EF_PROGRESS: 'off' };
      const runEval = (extra: string[]) =>
        runNode([...reportingYargs(dir, report), factory, 'run_eval', '--run_config', rc, ...extra], {
          cwd: REPO_ROOT,
          env,
        });
      expect((await runEval([])).code).toBe(0);
      expect(loaded(report)).toBe('');
      expect((await runEval(['--debug'])).code).toBe(0);
      expect(loaded(report)).toMatch(/yargs/);
      // The engine (tsc's output) with the command line the factory handed over, in the model configs it wrote.
      rmSync(report, { force: true });
      const engine = join(REPO_ROOT, 'packages/engine/dist/bin.js');
      const line = ['run', '--run-entries', 'pubmed_qa:model=m', '--suite', 'pubmed_qa', '--output-path', out];
      const args = [...line, '--model-configs', join(out, 'model_configs'), '--max-eval-instances', '2'];
      const runEngine = (extra: string[]) =>
        runNode([...reportingYargs(dir, report), engine, ...args, '--data-path', fixture('pubmed_qa'), ...extra], {
          env,
        });
      expect((await runEngine(['--disable-cache'])).code).toBe(0);
      expect(loaded(report)).toBe('');
      expect((await runEngine(['--disable-cache', '--debug'])).code).toBe(0);
      expect(loaded(report)).toMatch(/yargs/);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('hands the engine its command line without waiting for git: the git hash is read while the run goes on', async () => {
    const dir = tempDir('ef-start-up-');
    const sent = join(dir, 'first-request');
    const server = await startFakeOpenAIServer({
      answer: () => {
        writeFileSync(sent, '');
        return 'yes';
      },
    });
    // A `git` that answers once the engine has sent a request: had the factory waited for it before handing the
    // engine its command line, it would give up after 20 s with another hash.
    const [seen, gaveUp] = ['1'.repeat(40), '0'.repeat(40)];
    const git = `#!/bin/sh\nfor i in $(seq 200); do [ -e '${sent}' ] && { echo ${seen}; exit 0; }; sleep 0.1; done\necho ${gaveUp}\n`;
    expect(await gitHashOfRun(dir, server, git)).toBe(seen);
  }, 60_000);

  it('ends a run whose git never answers: git is killed at its deadline and results.yml says the hash is unknown', async () => {
    const dir = tempDir('ef-start-up-');
    const server = await startFakeOpenAIServer({ answer: () => 'yes' });
    const pidFile = join(dir, 'git.pid');
    // It reads its stdin first (a wrapper that does waited forever on the pipe it was given), then hangs.
    const git = `#!/bin/sh\ncat >/dev/null\necho $$ > '${pidFile}'\nexec sleep 1000\n`;
    expect(await gitHashOfRun(dir, server, git)).toBeNull();
    // Killed, not left behind (gone, or a zombie until its new parent reaps it).
    const stat = `/proc/${readFileSync(pidFile, 'utf8').trim()}/stat`;
    expect(existsSync(stat) ? readFileSync(stat, 'utf8').split(') ')[1][0] : 'gone').toMatch(/^(gone|Z)$/);
  }, 60_000);
});
