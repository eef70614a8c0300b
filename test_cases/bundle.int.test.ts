/**
 * The esbuild bundles of the two programs (scripts/bundle.mjs, docs/performance.md, "Start-up"): each bin
 * runs its bundle only while the bundle is at least as new as every package inside it, and a bundle of the CLI
 * answers `ls` exactly as tsc's output does while reading a handful of files instead of ~50 modules.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { REPO_ROOT, tempDir } from './support.js';

interface Bundler {
  PROGRAMS: readonly { pkg: string; name: string }[];
  bundleProgram(program: { pkg: string; name: string }, outDir: string): Promise<{ modules: number; files: number }>;
}

/**
 * A checkout laid out like this one, with one package (packages/<pkg>): the committed bin, a dist/bin.js and a
 * dist/bundle entry that say who ran; its node_modules links the repository's packages and has a bundled dependency.
 */
function fakePackage(bin: string, name: string) {
  const root = tempDir('ef-bundle-bin-');
  const dir = join(root, 'packages', 'pkg');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  mkdirSync(join(dir, 'dist', 'bundle'), { recursive: true });
  copyFileSync(join(REPO_ROOT, bin), join(dir, 'bin', `${name}.js`));
  // The CLI's bin asks its bundle's early-start.cjs (packages/cli/src/early-start.ts) whether the bundle is fresh.
  if (name === 'eval-factory')
    copyFileSync(
      join(REPO_ROOT, 'packages/cli/dist/bundle/early-start.cjs'),
      join(dir, 'dist', 'bundle', 'early-start.cjs'),
    );
  writeFileSync(join(dir, 'dist', 'bin.js'), "console.log('dist');\n");
  writeFileSync(join(dir, 'dist', 'bundle', `${name}.js`), "console.log('bundle');\n");
  const buildInfo = join(dir, 'dist', '.tsbuildinfo');
  writeFileSync(buildInfo, '{}');
  mkdirSync(join(root, 'node_modules'));
  symlinkSync(join(REPO_ROOT, 'node_modules', '@eval-factory'), join(root, 'node_modules', '@eval-factory'));
  const installed = join(root, 'node_modules', 'dep'); // a bundled dependency
  mkdirSync(installed);
  const stamp = join(dir, 'dist', 'bundle', 'stamp.json');
  writeFileSync(stamp, JSON.stringify({ inputs: ['../.tsbuildinfo', '../../../../node_modules/dep'] }));
  return { dir, buildInfo, installed, stamp };
}

const CLI_BIN = join(REPO_ROOT, 'packages/cli/bin/eval-factory.js');

const run = (file: string, args: string[] = []) =>
  spawnSync(process.execPath, [file, ...args], { encoding: 'utf8', cwd: REPO_ROOT });

describe('bundled programs', () => {
  it.each([
    ['packages/cli/bin/eval-factory.js', 'eval-factory'],
    ['packages/engine/bin/ef-bench.js', 'ef-bench'],
  ])('%s runs the bundle while it is fresh, tsc output otherwise', (bin, name) => {
    const { dir, buildInfo, installed, stamp } = fakePackage(bin, name);
    const binFile = join(dir, 'bin', `${name}.js`);
    const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);
    at(buildInfo, 1_000);
    at(installed, 1_000);
    at(stamp, 2_000);
    expect(run(binFile).stdout).toBe('bundle\n');
    at(buildInfo, 3_000); // a `tsc -b` after the bundle
    expect(run(binFile).stdout).toBe('dist\n');
    at(stamp, 3_000);
    expect(run(binFile).stdout).toBe('bundle\n');
    at(installed, 4_000); // npm installed another version of the dependency after the bundle
    expect(run(binFile).stdout).toBe('dist\n');
    at(stamp, 4_000);
    expect(run(binFile).stdout).toBe('bundle\n');
    writeFileSync(stamp, '{not json');
    expect(run(binFile).stdout).toBe('dist\n');
  });

  it('a bundle of the CLI lists the tasks as tsc output does, reading at most 12 files', async () => {
    const { PROGRAMS, bundleProgram } = (await import(
      pathToFileURL(join(REPO_ROOT, 'scripts/bundle.mjs')).href
    )) as Bundler;
    const out = tempDir('ef-bundle-cli-');
    const { modules } = await bundleProgram(PROGRAMS.find((p) => p.pkg === 'cli')!, join(out, 'bundle'));
    expect(modules).toBeGreaterThan(100);
    // Every module Node loads (ES modules and CommonJS files alike) is written to a list by a loader hook.
    const list = join(out, 'loaded.txt');
    writeFileSync(
      join(out, 'hooks.mjs'),
      `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(list)}, url + '\\n');\n  return next(url, context);\n}\n`,
    );
    writeFileSync(
      join(out, 'register.mjs'),
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(out, 'hooks.mjs')).href)});\n`,
    );
    const bundled = spawnSync(
      process.execPath,
      ['--import', pathToFileURL(join(out, 'register.mjs')).href, join(out, 'bundle', 'eval-factory.js'), 'ls'],
      { encoding: 'utf8', cwd: REPO_ROOT },
    );
    const unbundled = run(join(REPO_ROOT, 'packages/cli/dist/bin.js'), ['ls']);
    expect(bundled.status).toBe(0);
    expect(bundled.stdout).toBe(unbundled.stdout);
    expect(bundled.stdout).toMatch(/^helm: \n {2}\* pubmed_qa\n/);
    const loaded = readFileSync(list, 'utf8').trim().split('\n');
    expect(loaded.filter((url) => !url.includes('/bundle/'))).toEqual([]);
    expect(loaded.length).toBeLessThanOrEqual(12);
  }, 60_000);

  it("the engine's bundle loads the custom-benchmark code (its schema checks, its regex engine) only for a custom run", async () => {
    const { PROGRAMS, bundleProgram } = (await import(
      pathToFileURL(join(REPO_ROOT, 'scripts/bundle.mjs')).href
    )) as Bundler;
    const out = join(tempDir('ef-bundle-engine-'), 'bundle');
    await bundleProgram(PROGRAMS.find((p) => p.pkg === 'engine')!, out);
    // The files every run reads: the entry and the chunks it imports statically, transitively.
    const eager = new Set(['ef-bench.js']);
    for (const file of eager)
      for (const [, chunk] of readFileSync(join(out, file), 'utf8').matchAll(
        /^(?:import|export)\b[^;]*?from "\.\/([^"]+)";$/gms,
      ))
        eager.add(chunk!);
    const text = [...eager].map((file) => readFileSync(join(out, file), 'utf8')).join('\n');
    expect(text).toContain('// packages/engine/dist/runner/resolve-run.js');
    expect(text).not.toContain('// node_modules/re2js/');
    expect(text).not.toContain('// packages/custom-benchmarks/dist/');
  }, 60_000);

  it("yargs' help printer and its Unicode tables are built only when a help text is printed", () => {
    // A preload counts the Intl.Segmenters made (cliui and string-width make three when loaded) and prints the count.
    const preload = join(tempDir('ef-bundle-help-'), 'count-segmenters.mjs');
    writeFileSync(
      preload,
      'let made = 0;\nconst Real = Intl.Segmenter;\nIntl.Segmenter = function (...a) { made++; return new Real(...a); };\n' +
        "process.on('exit', () => process.stderr.write(`segmenters: ${made}\\n`));\n",
    );
    const counted = (bin: string, args: string[], input = '') =>
      spawnSync(process.execPath, ['--import', pathToFileURL(preload).href, join(REPO_ROOT, bin), ...args], {
        encoding: 'utf8',
        cwd: REPO_ROOT,
        input,
      });
    const engine = 'packages/engine/bin/ef-bench.js';
    const prestarted = counted(engine, ['--argv-on-stdin']);
    expect(prestarted.status).toBe(0);
    expect(prestarted.stderr).toBe('segmenters: 0\n');
    const listed = counted('packages/cli/bin/eval-factory.js', ['ls', '--debug']);
    expect(listed.stdout).toMatch(/^helm: \n {2}\* pubmed_qa\n/);
    expect(listed.stderr).toMatch(/^segmenters: 0$/m); // after its --debug lines
    const help = counted(engine, ['run', '--help']);
    expect(help.stdout).toContain('--run-entries');
    expect(help.stderr).not.toMatch(/^segmenters: 0$/m);
  });

  it("the CLI starts a run's engine from its bundle's early-start.cjs, before any of the bundle's ES modules loads", () => {
    // A loader hook lists every file loaded; a preload adds `spawn` to the list when a process is spawned.
    const dir = tempDir('ef-bundle-spawn-');
    const list = join(dir, 'loaded.txt');
    writeFileSync(
      join(dir, 'hooks.mjs'),
      `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(list)}, url + '\\n');\n  return next(url, context);\n}\n`,
    );
    writeFileSync(
      join(dir, 'preload.mjs'),
      `import { register, syncBuiltinESMExports } from 'node:module';\nimport childProcess from 'node:child_process';\nimport { appendFileSync } from 'node:fs';\n` +
        `register(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n` +
        `const spawn = childProcess.spawn;\nchildProcess.spawn = (...a) => { appendFileSync(${JSON.stringify(list)}, 'spawn\\n'); return spawn(...a); };\nsyncBuiltinESMExports();\n`,
    );
    // The run stops at its config (no such file); its engine, started by then, reads end of input and exits.
    const preload = pathToFileURL(join(dir, 'preload.mjs')).href;
    const cli = spawnSync(
      process.execPath,
      ['--import', preload, CLI_BIN, 'run_eval', '--run_config', join(dir, 'none.yml')],
      { encoding: 'utf8', cwd: REPO_ROOT },
    );
    expect(cli.stderr).toContain('EF_FILE_NOT_FOUND');
    const loaded = readFileSync(list, 'utf8').trim().split('\n');
    const beforeSpawn = loaded.slice(0, loaded.indexOf('spawn'));
    expect(loaded).toContain('spawn');
    expect(beforeSpawn.filter((url) => url.includes('/packages/cli/dist/bundle/'))).toEqual([]);
    expect(loaded.length - beforeSpawn.length).toBeGreaterThan(10); // the rest of the CLI loads after
  });

  it("the CLI's bundle holds Handlebars' runtime but not its compiler (a template the build did not compile loads it)", () => {
    const dir = join(REPO_ROOT, 'packages/cli/dist/bundle');
    const text = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    expect(text).toContain('// node_modules/handlebars/dist/cjs/handlebars.runtime.js');
    expect(text).not.toContain('// node_modules/handlebars/dist/cjs/handlebars/compiler/');
    expect(text).not.toContain('// node_modules/source-map/');
  });
});
