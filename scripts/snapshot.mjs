// Builds the engine's start-up snapshot (docs/architecture.md, "Start-up"): a V8 heap in which every module
// of `ef-bench` up to its `main` is already loaded, so a snapshot-started engine skips loading its bundle (~60 ms of
// CPU on the path to a run's first request). Run by `npm run build` (scripts/bundle.mjs) after the bundles.
//
// Node 20's user-land snapshot runs one CommonJS script with a `require` that only knows Node's built-ins, and it
// cannot hold some of them (node:http, readline, tty, …). So the script is a CommonJS bundle of tsc's output where:
// - a built-in the snapshot cannot hold is a module of getters that `require` it on first use, at run time;
// - a package kept out of the bundle (sqlite3, the optional readers) is `require`d on first use from the file that
//   imports it, at run time (`import()` has no loader in a snapshot; Node 20.19+ `require`s ES modules too);
// - `import.meta.url` is the file's own URL, fixed: the snapshot is used only from the place it was built in
//   (meta.json's `bin`, checked by the executor's engine-snapshot.ts), as the stamp rule keeps it to this build;
// - scripts/snapshot-prologue.cjs runs first: it keeps the build's environment out of the heap, lists the files read
//   while building, and stands in for Node's fetch `Headers` (which loads node:http).
// Nothing of the run's process is frozen into the heap: the engine's bin (packages/engine/src/bin.ts) starts its run
// in the snapshot's main function.
import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PROLOGUE = join(ROOT, 'scripts', 'snapshot-prologue.cjs');

/**
 * The built-ins a Node 20 snapshot can hold (Node's lib/internal/main/mksnapshot.js); any other loads on first use.
 * worker_threads is listed there but left out here: a Worker made by a snapshot-started process whose snapshot holds
 * it dies at its start (Node 20.20: the worker's process.cwd() reads a counter the deserialised main thread never
 * set), while one made after a first-use load starts as usual.
 */
const SNAPSHOT_BUILTINS = new Set(
  'assert assert/strict buffer console constants crypto diagnostics_channel dns events fs fs/promises net os path path/posix path/win32 process punycode querystring stream stream/promises string_decoder sys timers timers/promises url util util/types v8 vm zlib _stream_duplex _stream_passthrough _stream_readable _stream_transform _stream_wrap _stream_writable'.split(
    ' ',
  ),
);
const LATE_BUILTIN = new RegExp(
  `^(node:)?(${builtinModules.filter((m) => !SNAPSHOT_BUILTINS.has(m)).join('|')})$`.replaceAll('/', '\\/'),
);

/** Built-ins the snapshot cannot hold, and packages kept out of the bundle: each `require`d on first use. */
function loadedOnUse(external) {
  return {
    name: 'loaded-on-use',
    setup(b) {
      b.onResolve({ filter: LATE_BUILTIN }, (args) =>
        args.namespace === 'late-builtin'
          ? { path: args.path, external: true }
          : { path: args.path, namespace: 'late-builtin' },
      );
      b.onLoad({ filter: /./, namespace: 'late-builtin' }, async (args) => {
        // Its export names, read here: esbuild copies them as getters, so none loads the module before it is used.
        const names = Object.keys(await import(args.path)).filter((k) => k !== 'default');
        return { contents: gettersModule(`require(${JSON.stringify(args.path)})`, names), loader: 'js' };
      });
      if (external.length === 0) return;
      b.onResolve({ filter: new RegExp(`^(${external.join('|')})(/|$)`) }, (args) => ({
        path: args.path,
        namespace: 'external-on-use',
        pluginData: args.importer,
      }));
      b.onLoad({ filter: /./, namespace: 'external-on-use' }, (args) => {
        const from = JSON.stringify(args.pluginData);
        const load = `require("node:module").createRequire(${from})(${JSON.stringify(args.path)})`;
        return { contents: `module.exports = ${load};\n`, loader: 'js' };
      });
    },
  };
}

/** A CommonJS module whose exports are `names`, each read from `load` (evaluated once, on the first read). */
function gettersModule(load, names) {
  const getters = names.map((n) => `  get ${JSON.stringify(n)}() { return load()[${JSON.stringify(n)}]; },`);
  return `let loaded;\nconst load = () => (loaded ??= ${load});\nmodule.exports = {\n${getters.join('\n')}\n};\n`;
}

/** How long Node may take to build the blob: it writes it once the event loop is empty, which a handle or a timer
 * left by module-level code would keep from ever happening. */
const BUILD_TIMEOUT_MS = 120_000;

/**
 * Builds packages/engine/dist/snapshot/: ef-bench.cjs (the script), ef-bench-ID.blob (the snapshot) and meta.json
 * (the blob's name and what the executor checks before it uses it), with bundle.mjs's packages kept `external` and
 * its `plugins` (`import.meta.url` and yargs' help); `pkgDir` is another package laid out as the engine's (a test's). Returns the
 * blob's size, or null with the reason when it could not be built (then there is no blob, and engines start from
 * the bundle as before): it is optional, so nothing here fails the build.
 */
export async function buildEngineSnapshot({
  external,
  plugins,
  pkgDir = join(ROOT, 'packages', 'engine'),
  timeoutMs = BUILD_TIMEOUT_MS,
}) {
  const outDir = join(pkgDir, 'dist', 'snapshot');
  clearOut(outDir);
  const script = join(outDir, 'ef-bench.cjs');
  try {
    await bundleScript(pkgDir, script, external, plugins);
  } catch (error) {
    // esbuild's first error (a top-level await, for one, has no CommonJS form).
    const first = error.errors?.[0];
    return { bytes: null, why: first ? `esbuild: ${first.text}` : String(error.message ?? error) };
  }
  // A name of its own: an engine spawned meanwhile opens the blob the meta.json it read names, whole.
  const name = `ef-bench-${Date.now().toString(36)}.blob`;
  const blob = join(outDir, name);
  const { found, why } = writeBlob(script, blob, timeoutMs);
  if (why !== null) {
    rmSync(blob, { force: true });
    rmSync(join(outDir, 'meta.json'), { force: true });
    return { bytes: null, why };
  }
  const meta = {
    blob: name,
    node: process.version,
    arch: process.arch,
    execPath: realpathSync(process.execPath),
    bin: realpathSync(join(pkgDir, 'bin', 'ef-bench.js')),
    // The files module-level code read while the snapshot was built (snapshot-prologue.cjs): their content is in it.
    read: found.filesRead.map((file) => relative(outDir, file).split('\\').join('/')),
  };
  // Last, and whole (a rename): until then engines use the blob the previous one names, which stays until the next build.
  writeFileSync(join(outDir, 'meta.json.tmp'), `${JSON.stringify(meta, null, 2)}\n`);
  renameSync(join(outDir, 'meta.json.tmp'), join(outDir, 'meta.json'));
  return { bytes: statSync(blob).size, why: null, blob };
}

/** Removes what the previous builds left in `outDir`, but the blob its meta.json names (an engine may be opening it). */
function clearOut(outDir) {
  mkdirSync(outDir, { recursive: true });
  const kept = readJson(join(outDir, 'meta.json'))?.blob;
  for (const file of readdirSync(outDir))
    if (file !== 'meta.json' && file !== kept) rmSync(join(outDir, file), { recursive: true, force: true });
}

/** The snapshot's script: a CommonJS bundle of the engine's tsc output, the prologue first. */
async function bundleScript(pkgDir, script, external, plugins) {
  await build({
    entryPoints: [join(pkgDir, 'dist', 'bin.js')],
    outfile: script,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    plugins: [loadedOnUse(external), ...plugins],
    // Strict, as the ES-module bundle is; the prologue in its own scope, so its names cannot meet the bundle's.
    banner: { js: `"use strict";\n{\n${readFileSync(PROLOGUE, 'utf8')}}\n` },
    legalComments: 'none',
    logLevel: 'silent',
  });
  const text = await asciiComments(readFileSync(script, 'utf8'));
  writeFileSync(script, text);
  if (/[^\x00-\x7f]/.test(text))
    console.log(
      "bundle: the engine snapshot's script keeps characters outside ASCII (in code, not only comments): a larger blob",
    );
}

/**
 * `script` with every character outside ASCII written as its `\u` escape, where that changes only comments. V8 keeps
 * the script's source in the blob, and one character outside Latin-1 anywhere in it (esbuild keeps some comments,
 * with their "→" and "…") makes it keep all of it at two bytes a character: 3 MB more for every engine to read as it
 * starts (~14 ms of CPU). esbuild writes such characters in code as escapes already (its default ASCII charset), but
 * for a raw template, whose text an escape would change: so the escaped script is checked to be the same program
 * as the first (esbuild's minified form of each, without comments, is the same), and kept only then.
 */
export async function asciiComments(script) {
  const escaped = script.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (escaped === script) return script;
  const program = async (text) => (await transform(text, { minify: true, format: 'cjs', logLevel: 'silent' })).code;
  return (await program(escaped)) === (await program(script)) ? escaped : script;
}

/** Node builds the blob from `script`; what the prologue found while it ran, or why there is no usable blob. */
function writeBlob(script, blob, timeoutMs) {
  const made = spawnSync(
    process.execPath, // Without warnings: Node's (node:module is "not yet fully verified") would open stderr while building.
    ['--no-warnings', '--snapshot-blob', blob, '--build-snapshot', script],
    { cwd: dirname(script), encoding: 'utf8', env: { PATH: process.env.PATH ?? '' }, timeout: timeoutMs },
  );
  if (made.error?.code === 'ETIMEDOUT')
    return { why: `Node took over ${timeoutMs / 1000} s (module-level code left a handle or a timer open?)` };
  const found = made.status === 0 ? readJson(join(dirname(script), 'snapshot-build.json')) : null;
  if (found === null)
    return {
      why: (`${made.stderr ?? ''}`.split('\n').find((l) => /Error|error:/.test(l)) ?? `exit ${made.status}`).trim(),
    };
  const frozen = [
    ...found.envRead.map((v) => (v === '*' ? 'process.env (all of it)' : `process.env.${v}`)),
    ...found.randomDrawn,
    ...processReads(readFileSync(script, 'utf8'), found.processRead),
  ];
  if (frozen.length > 0) return { why: `module-level code read ${frozen.join(', ')} while building the snapshot` };
  return { found, why: null };
}

/**
 * Reads of the process by module-level code that are known to be harmless, by what was read and the module that read
 * it: yargs' platform shim keeps the width of the build's stdout (none: a pipe) as its default for help texts, which
 * the engine's own help sets from the terminal when it prints.
 */
const HARMLESS_READS = [{ what: 'process.stdout', module: /node_modules\/yargs\/lib\/platform-shims\// }];

/**
 * What module-level code read of the process (snapshot-prologue.cjs's `processRead`: the script's line of each frame),
 * each named with its module (the path esbuild writes before each module's code), but the HARMLESS_READS and the
 * reads made by Node's own code (a built-in's, while it loads).
 */
function processReads(script, reads) {
  const lines = script.split('\n');
  // The banner: "use strict", "{", the prologue, "}".
  const prologueEnd = readFileSync(PROLOGUE, 'utf8').split('\n').length + 2;
  const moduleAt = (line) => {
    for (let i = line - 1; i >= prologueEnd; i--) {
      const m = /^\/\/ (\S+\.[cm]?[jt]s)$/.exec(lines[i]);
      if (m) return m[1];
    }
    return 'the script';
  };
  const named = reads
    .map(({ what, lines: frames }) => ({ what, line: frames.find((n) => n === 0 || n > prologueEnd) }))
    .filter((r) => r.line !== undefined && r.line > 0)
    .map(({ what, line }) => ({ what, module: moduleAt(line) }));
  const harmful = named.filter((r) => !HARMLESS_READS.some((h) => h.what === r.what && h.module.test(r.module)));
  return [...new Set(harmful.map((r) => `${r.what} (${r.module})`))];
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}
