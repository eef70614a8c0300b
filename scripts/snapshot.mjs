// Builds the engine's start-up snapshot (docs/performance.md, "Start-up snapshot"): a V8 heap in which every module
// of `ef-bench` up to its `main` is already loaded, so a snapshot-started engine skips loading its bundle (~70 ms of
// CPU on the path to a run's first request). Run by `npm run build` (scripts/bundle.mjs) after the bundles.
//
// Node 20's user-land snapshot runs one CommonJS script with a `require` that only knows Node's built-ins, and it
// cannot hold some of them (node:http, readline, tty, …). So the script is a CommonJS bundle of tsc's output where:
// - a built-in the snapshot cannot hold is a module of getters that `require` it on first use, at run time;
// - a package kept out of the bundle (sqlite3, the optional readers) is `require`d on first use from the file that
//   imports it, at run time (`import()` has no loader in a snapshot; Node 20.19+ `require`s ES modules too);
// - `import.meta.url` is the file's own URL, fixed: the snapshot is used only from the place it was built in
//   (meta.json's `bin`, checked by the executor's engine-snapshot.ts), as the stamp rule keeps it to this build;
// - Node's fetch `Headers` (which loads node:http) is a stand-in while building, linked to the real one when the
//   snapshot is deserialized (the engine's responses only need `instanceof Headers` to hold, clients/loaded-response.ts).
// Nothing of the run's process is frozen into the heap: the engine's bin (packages/engine/src/bin.ts) starts its run
// in the snapshot's main function, and the build fails if module-level code read the environment (see PROLOGUE).
import { spawnSync } from 'node:child_process';
import { mkdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The built-ins a Node 20 snapshot can hold (Node's lib/internal/main/mksnapshot.js); any other loads on first use. */
const SNAPSHOT_BUILTINS = new Set(
  'assert assert/strict buffer console constants crypto diagnostics_channel dns events fs fs/promises net os path path/posix path/win32 process punycode querystring stream stream/promises string_decoder sys timers timers/promises url util util/types v8 vm worker_threads zlib _stream_duplex _stream_passthrough _stream_readable _stream_transform _stream_wrap _stream_writable'.split(
    ' ',
  ),
);
const LATE_BUILTIN = new RegExp(
  `^(node:)?(${builtinModules.filter((m) => !SNAPSHOT_BUILTINS.has(m)).join('|')})$`.replaceAll('/', '\\/'),
);

/**
 * Runs first in the snapshot's script. While building, `process.env` reports any read (a value read by module-level
 * code would be the build's, not the run's), and `Headers` is a stand-in (see the top of this file). One read is
 * harmless: yargs' minimum Node version, checked once against this Node (the only one that can use the blob).
 */
const PROLOGUE = `"use strict";
const __efBuild = require("node:v8").startupSnapshot;
const __efEnvReads = new Set();
const __efEnvSafe = new Set(["YARGS_MIN_NODE_VERSION"]);
const __efEnv = process.env;
process.env = new Proxy(__efEnv, { get: (t, k) => (typeof k === "string" && !__efEnvSafe.has(k) && __efEnvReads.add(k), Reflect.get(t, k)), has: (t, k) => (typeof k === "string" && !__efEnvSafe.has(k) && __efEnvReads.add(k), Reflect.has(t, k)) });
const __efHeaders = Object.getOwnPropertyDescriptor(globalThis, "Headers");
const __efStandIn = function Headers() { throw new TypeError("Headers used while building the start-up snapshot"); };
Object.defineProperty(globalThis, "Headers", { value: __efStandIn, writable: true, configurable: true });
__efBuild.addSerializeCallback(() => {
  process.env = __efEnv;
  if (__efEnvReads.size > 0) throw new Error("module-level code read process.env while building the snapshot: " + [...__efEnvReads].join(", "));
});
__efBuild.addDeserializeCallback(() => {
  Object.defineProperty(globalThis, "Headers", __efHeaders);
  Object.setPrototypeOf(__efStandIn.prototype, globalThis.Headers.prototype);
});
`;

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

/**
 * Builds packages/engine/dist/snapshot/: ef-bench.cjs (the script), ef-bench.blob (the snapshot) and meta.json (what
 * the executor checks before it uses the blob), with bundle.mjs's packages kept `external` and its `plugins` (`import.meta.url`
 * and yargs' help). Returns the blob's size, or null with the reason when Node could not
 * build it (then there is no blob, and engines start from the bundle as before).
 */
export async function buildEngineSnapshot(buildInfo, { external, plugins }) {
  const pkgDir = join(ROOT, 'packages', 'engine');
  const outDir = join(pkgDir, 'dist', 'snapshot');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const script = join(outDir, 'ef-bench.cjs');
  await build({
    entryPoints: [join(pkgDir, 'dist', 'bin.js')],
    outfile: script,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    plugins: [loadedOnUse(external), ...plugins],
    banner: { js: PROLOGUE },
    legalComments: 'none',
    logLevel: 'warning',
  });
  const blob = join(outDir, 'ef-bench.blob');
  const made = spawnSync(
    process.execPath, // Without warnings: Node's (node:module is "not yet fully verified") would open stderr while building.
    ['--no-warnings', '--snapshot-blob', blob, '--build-snapshot', script],
    {
      cwd: outDir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    },
  );
  if (made.status !== 0) {
    rmSync(blob, { force: true });
    const why = `${made.stderr ?? ''}`.split('\n').find((l) => /Error|error:/.test(l)) ?? `exit ${made.status}`;
    return { bytes: null, why: why.trim() };
  }
  const meta = {
    node: process.version,
    arch: process.arch,
    execPath: realpathSync(process.execPath),
    bin: realpathSync(join(pkgDir, 'bin', 'ef-bench.js')),
    buildInfo: buildInfo.map((file) =>
      relative(outDir, resolve(pkgDir, 'dist', 'bundle', file))
        .split('\\')
        .join('/'),
    ),
  };
  writeFileSync(join(outDir, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
  return { bytes: statSync(blob).size, why: null };
}
