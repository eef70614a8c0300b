#!/usr/bin/env node
// Bundles the two programs, the CLI (`eval-factory`) and the engine (`ef-bench`), with esbuild after `tsc -b`: each
// process then reads a few files instead of hundreds of modules (docs/performance.md, "Start-up").
// Input is tsc's output (packages/<pkg>/dist/bin.js), so tsc stays the only compiler; esbuild only joins files.
// The output goes to packages/<pkg>/dist/bundle/: one entry file plus the chunks of what each command loads lazily
// (`splitting`), so `ls` still reads only what it needs. Run by `npm run build` after `tsc -b`. It also writes
// framework.yml parsed (packages/config/dist/framework.parsed.json, see config's framework-preparsed.ts) and its
// command compiled (packages/executor/dist/command-templates.json, see executor's render/precompiled.ts) and parsed
// (packages/config/dist/command-asts.json, see config's command-ast.ts), and the model-config templates compiled
// (packages/model-configs/dist/templates.precompiled.json, see model-configs' templates.ts), and the engine's
// start-up snapshot (scripts/snapshot.mjs).
//
// Three things keep the bundle behaving like the unbundled files:
// - `import.meta.url` is rewritten, per file, to that file's own URL (tsc's output or the dependency's file), so every
//   relative look-up (framework.yml, templates, shipped fixtures, the viewer's assets, package.json versions,
//   createRequire, yargs' locales) resolves from where the code was, not from the bundle.
// - Native and optional packages stay external (loaded from node_modules at run time).
// - `stamp.json` lists the tsc build-info files of the packages inside and the node_modules folders of the
//   dependencies inside; the bin (packages/<pkg>/bin/*.js) runs the bundle only while none of them is newer than the
//   stamp, so a `tsc -b` or an `npm install` without this step never runs stale code.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The programs bundled: `pkg` is the folder under packages/, `name` the bundle's entry file (its bin's name). */
export const PROGRAMS = Object.freeze([
  // early-start.cjs: what the bin runs first, as one CommonJS file (packages/cli/src/early-start.ts).
  { pkg: 'cli', name: 'eval-factory', early: 'early-start' },
  { pkg: 'engine', name: 'ef-bench' },
]);

/**
 * Kept out of the bundles: sqlite3 is a native addon; the rest are heavy optional readers and browser drivers loaded
 * only by the commands or benchmarks that need them (they resolve from node_modules as before).
 */
const EXTERNAL = ['sqlite3', 'playwright-core', 'apache-arrow', 'hyparquet', 'read-excel-file', 'kubernetes-models'];

/**
 * Rewrites each bundled file as it is loaded:
 * - `import.meta.url` becomes that file's own URL, computed from the bundle's URL (see the top of this file);
 * - in tsc's output, a first-use load `createRequire(import.meta.url)('x')` (config's YAML parser, kept off `ls`;
 *   Handlebars' runtime) becomes `require('x')`, which esbuild bundles and still runs on first use only: the process
 *   then holds one copy, not a bundled one plus ~40–70 files of another read from node_modules during a run's
 *   start-up. The whole of Handlebars (its compiler) is the exception: every template a run renders is compiled at
 *   build time, so it stays in node_modules and is read only for a template the build did not see, rather than
 *   ~240 KB of code compiled into each run's start-up. (`lazyLoader` in the benchmarks is left alone: those parsers
 *   stay in node_modules until a benchmark needs them.)
 */
function ownFileContext(outDir, base = 'import.meta.url') {
  return sourceRewriter((path) => {
    const rel = relative(outDir, path).split('\\').join('/');
    return `new URL(${JSON.stringify(rel)}, ${base}).href`;
  });
}

/** The URL of a CommonJS output file, which has no `import.meta` (ownFileContext's `base` for one). */
const CJS_FILE_URL = 'require("node:url").pathToFileURL(__filename)';

/** What both kinds of output (the ES-module bundle with its chunks, the one CommonJS file) are built with. */
const COMMON_OPTIONS = Object.freeze({
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

/** ownFileContext's rewriting, with `urlOf(path)` as the expression that replaces `import.meta.url` in `path`. */
function sourceRewriter(urlOf) {
  return {
    name: 'own-file-context',
    setup(b) {
      b.onLoad({ filter: /\.m?js$/ }, (args) => {
        let text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        if (/[\\/]packages[\\/][^\\/]+[\\/]dist[\\/]/.test(args.path))
          text = text.replaceAll(/\bcreateRequire\(import\.meta\.url\)\((?=['"](?!handlebars['"]))/g, 'require(');
        return {
          contents: text.replaceAll('import.meta.url', urlOf(args.path)),
          loader: 'js',
          resolveDir: dirname(args.path),
        };
      });
    },
  };
}

/**
 * yargs imports its help printer (cliui) and string-width for `--help` and error messages only, but their modules
 * build Unicode tables when loaded (three `Intl.Segmenter`s and `\p{…}` regular expressions: ~35 ms of CPU, in each
 * process, before a run's first request). Imported from yargs' platform shim, each becomes a function that
 * `require`s the real module on its first call: esbuild bundles it behind a lazy initialiser, so it runs only when
 * a help text is printed.
 */
function helpOnlyOnUse() {
  const FROM_YARGS_SHIM = /[\\/]yargs[\\/]lib[\\/]platform-shims[\\/]/;
  return {
    name: 'help-only-on-use',
    setup(b) {
      b.onResolve({ filter: /^(cliui|string-width)$/ }, async (args) => {
        if (!FROM_YARGS_SHIM.test(args.importer) || args.pluginData === 'real') return undefined;
        const real = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'real' });
        if (real.errors.length > 0) return { errors: real.errors };
        return { path: real.path, namespace: 'on-first-use' };
      });
      b.onLoad({ filter: /./, namespace: 'on-first-use' }, (args) => ({
        contents: `export default function onFirstUse(...args) { return require(${JSON.stringify(args.path)}).default(...args); }\n`,
        loader: 'js',
        resolveDir: dirname(args.path),
      }));
    },
  };
}

/**
 * The folders in node_modules of the dependencies bundled from `inputs` (esbuild's metafile paths). npm installs a
 * package, new or updated, into a folder it makes then, so a folder newer than the stamp holds code the bundle has
 * not (packages/types' bundle-stamp.ts). npm's own record (.package-lock.json) would not do: `npm prune` after the
 * build, as the container image runs, rewrites it without changing a bundled package.
 */
function dependencyFolders(inputs) {
  const folders = new Set();
  for (const input of inputs) {
    const path = input.replace(/^[\w-]{2,}:/, ''); // a plugin's namespace (on-first-use:/…/cliui)
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(relative(ROOT, resolve(ROOT, path)).split('\\').join('/'));
    if (m) folders.add(join(ROOT, m[1]));
  }
  return [...folders].sort();
}

/**
 * Bundles one program from tsc's output into `outDir` (default packages/<pkg>/dist/bundle, where its bin looks)
 * and writes the stamp. Returns the metafile's counts.
 * @example await bundleProgram(PROGRAMS[0], '/tmp/x') // → { modules: 499, files: 38, bytes: 1441792 }
 */
export async function bundleProgram({ pkg, name, early }, outDir = join(ROOT, 'packages', pkg, 'dist', 'bundle')) {
  const pkgDir = join(ROOT, 'packages', pkg);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    entryPoints: { [name]: join(pkgDir, 'dist', 'bin.js') },
    outdir: outDir,
    // Chunks sit beside the entry: the rewritten import.meta.url assumes every output file is in outDir.
    chunkNames: 'chunk-[hash]',
    ...COMMON_OPTIONS,
    splitting: true,
    format: 'esm',
    plugins: [helpOnlyOnUse(), ownFileContext(outDir)],
    // Bundled CommonJS packages call require() for Node built-ins; an ES module has no require of its own.
    banner: {
      js: "import { createRequire as __efCreateRequire } from 'node:module'; const require = __efCreateRequire(import.meta.url);",
    },
  });
  const inputFiles = Object.keys(result.metafile.inputs);
  if (early) inputFiles.push(...(await bundleEarly(join(pkgDir, 'dist', `${early}.js`), join(outDir, `${early}.cjs`))));
  // The workspace packages inside, by their tsc build-info file (written whenever tsc -b rebuilds the package).
  const packages = new Set();
  for (const input of inputFiles) {
    const m = /^packages\/([^/]+)\/dist\//.exec(relative(ROOT, resolve(ROOT, input)).split('\\').join('/'));
    if (m) packages.add(m[1]);
  }
  const buildInfo = [...packages].sort().map((p) => {
    const file = join(ROOT, 'packages', p, 'dist', '.tsbuildinfo');
    statSync(file); // fails loudly if a package has none
    return file;
  });
  const inputs = [...buildInfo, ...dependencyFolders(inputFiles)];
  const stamp = { inputs: inputs.map((file) => relative(outDir, file).split('\\').join('/')) };
  writeFileSync(join(outDir, 'stamp.json'), `${JSON.stringify(stamp, null, 2)}\n`);
  return {
    modules: Object.keys(result.metafile.inputs).length,
    files: Object.keys(result.metafile.outputs).length,
    bytes: Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0),
  };
}

/**
 * `entry` (tsc's output) as one CommonJS file `outFile`, without chunks: a bin's first step, read whole and at once
 * (`require`), before the bundle's chain of ES modules loads. Written before the stamp, which then covers it too.
 * What it bundles (early-start.ts and what it imports: types' exports, the executor's spawn code) must have a
 * CommonJS form: no top-level await, or the build fails. Returns its inputs (esbuild's metafile paths).
 */
async function bundleEarly(entry, outFile) {
  const result = await build({
    ...COMMON_OPTIONS,
    entryPoints: [entry],
    outfile: outFile,
    format: 'cjs',
    plugins: [ownFileContext(dirname(outFile), CJS_FILE_URL)],
  });
  return Object.keys(result.metafile.inputs);
}

/**
 * framework.yml, parsed once here instead of at every start-up (written only when JSON carries it exactly), and its
 * command templates compiled as the executor compiles them at run time and parsed as config parses them.
 */
export async function prepareFramework() {
  const config = await import(pathToFileURL(join(ROOT, 'packages/config/dist/index.js')).href);
  const executor = await import(pathToFileURL(join(ROOT, 'packages/executor/dist/index.js')).href);
  const parsedOut = fileURLToPath(config.PREPARSED_FRAMEWORK_URL);
  const commandsOut = fileURLToPath(executor.PRECOMPILED_COMMANDS_URL);
  const astsOut = fileURLToPath(config.PREPARSED_COMMANDS_URL);
  const modelConfigs = await import(pathToFileURL(join(ROOT, 'packages/model-configs/dist/index.js')).href);
  const yamlTemplatesOut = fileURLToPath(modelConfigs.PRECOMPILED_TEMPLATES_URL);
  rmSync(yamlTemplatesOut, { force: true });
  writeFileSync(yamlTemplatesOut, modelConfigs.precompiledTemplatesJson());
  rmSync(parsedOut, { force: true });
  rmSync(astsOut, { force: true });
  rmSync(commandsOut, { force: true });
  const file = join(ROOT, 'framework.yml');
  const text = readFileSync(file, 'utf8');
  const value = config.parseYamlText(text, file);
  // Validated here, so that `ls` can take the pre-parsed value without the schema (config's framework-definition.ts);
  // an invalid framework.yml is not pre-parsed, and every command reports it as before.
  let valid = true;
  try {
    config.validateFramework(value, file);
  } catch {
    valid = false;
  }
  const json = valid ? config.preparsedFrameworkJson(text, value) : null;
  if (json === null) console.log('bundle: framework.yml not pre-parsed (a value JSON cannot carry)');
  else writeFileSync(parsedOut, json);
  const commands = [value?.defaults?.command, ...(value?.evaluations ?? []).map((e) => e?.defaults?.command)];
  const templates = [...new Set(commands.filter((c) => typeof c === 'string'))];
  writeFileSync(commandsOut, executor.precompiledCommandsJson(templates));
  writeFileSync(astsOut, config.commandAstsJson(templates));
}

async function main() {
  await prepareFramework();
  for (const program of PROGRAMS) {
    const { modules, files, bytes } = await bundleProgram(program);
    console.log(
      `bundle: packages/${program.pkg}/dist/bundle/${program.name}.js — ${modules} modules → ${files} files, ${(bytes / 1024).toFixed(0)} KiB`,
    );
  }
  // The engine's start-up snapshot, from the same build (used while the bundle is fresh and it is newer). It is
  // optional: whatever goes wrong, the build goes on without it and engines start from their bundle.
  const { bytes, why, blob } = await engineSnapshot().catch((error) => ({ bytes: null, why: error.message }));
  if (bytes === null) console.log(`bundle: no start-up snapshot for the engine (${why}); it starts from its bundle`);
  else console.log(`bundle: ${relative(ROOT, blob)} — ${(bytes / 1024 / 1024).toFixed(1)} MiB`);
}

async function engineSnapshot() {
  const { buildEngineSnapshot } = await import('./snapshot.mjs');
  return buildEngineSnapshot({
    external: EXTERNAL,
    // `import.meta.url` as a fixed URL: the snapshot is used only where it was built (scripts/snapshot.mjs).
    plugins: [helpOnlyOnUse(), sourceRewriter((path) => JSON.stringify(pathToFileURL(path).href))],
  });
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) await main();
