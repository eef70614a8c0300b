import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { staleBundleInput } from '@eval-factory/types/bundle-stamp';

/** Set to `off` to start every engine from its bundle (a comparison, or a snapshot suspected of a fault). */
const ENGINE_SNAPSHOT_ENV = 'EF_ENGINE_SNAPSHOT';

/** What scripts/snapshot.mjs records beside the blob, about the Node and the bin it was built for. */
interface SnapshotMeta {
  /** The blob's file name in the snapshot's folder (each build writes a new one, and meta.json last). */
  readonly blob: string;
  readonly node: string;
  readonly arch: string;
  readonly execPath: string;
  readonly bin: string;
  /** Files read while it was built, relative to its folder: a newer one means the blob holds an older content. */
  readonly read?: readonly string[];
}

/**
 * Node's arguments that run the JavaScript bin `script`: `[script]`, or for the engine's bin with a usable start-up
 * snapshot (docs/architecture.md, "Start-up") `['--snapshot-blob', blob, script]`. The blob is used only when it was
 * built for this very bin (its place: the snapshot holds file paths), by this Node binary (Node exits on another's
 * blob), while the bundle it was built with is fresh (the bins' rule: types' bundle-stamp.ts) and it is at least as
 * new as the bundle's stamp and every file read while it was built (the engine's package.json, for its version),
 * and NODE_OPTIONS holds only options known to be safe with it (SAFE_OPTIONS); otherwise the engine starts from its bundle as before, and says why only at debug level
 * (EF_LOG_LEVEL=DEBUG, set by `--debug`). `env` is the engine's environment.
 * @example spawn(process.execPath, [...engineNodeArgs(script, env), '--argv-on-stdin'], { env })
 */
export function engineNodeArgs(script: string, env: NodeJS.ProcessEnv = process.env): string[] {
  if (env[ENGINE_SNAPSHOT_ENV] === 'off') return [script];
  const dir = resolve(dirname(script), '..', 'dist', 'snapshot');
  const found = usableBlob(dir, script);
  const why = typeof found === 'string' ? found : unsafeOptions(env.NODE_OPTIONS);
  if (why === null) return ['--snapshot-blob', (found as { blob: string }).blob, resolve(script)];
  if (why !== NONE) debugNote(env, `starts from its bundle: ${why}`);
  return [script];
}

const noted = new Set<string>();

/**
 * Says at debug level (EF_LOG_LEVEL=DEBUG in `env`, set by `--debug`) why an engine does not use its snapshot: once
 * per process and reason, since a suite starts many engines for the same reason.
 */
export function debugNote(env: NodeJS.ProcessEnv, why: string): void {
  if (env.EF_LOG_LEVEL !== 'DEBUG' || noted.has(why)) return;
  noted.add(why);
  process.stderr.write(`engine: ${why}\n`);
}

/**
 * Node options a snapshot-started engine takes as a bundle-started one does. Any other keeps the bundle: a V8 option
 * (`--max-old-space-size`, `--expose-gc`…) makes Node refuse the blob (exit 14), and `--import` or a loader is
 * ignored by a snapshot-started Node; one not listed here is not known to be safe. `--require` works.
 */
const SAFE_OPTIONS = new Set([
  '--require',
  '-r',
  '--no-warnings',
  '--trace-warnings',
  '--no-deprecation',
  '--trace-deprecation',
  '--unhandled-rejections',
  '--dns-result-order',
  '--use-openssl-ca',
  '--use-bundled-ca',
  '--openssl-legacy-provider',
  '--max-http-header-size',
  '--title',
  '--enable-source-maps',
]);

/** Why NODE_OPTIONS needs the bundle (its first option not known to be safe), or null. */
function unsafeOptions(options: string | undefined): string | null {
  const words = (options ?? '').split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const name = words[i].split('=')[0];
    if (!SAFE_OPTIONS.has(name)) return `NODE_OPTIONS has ${name}, which a snapshot-started engine may not take`;
    // `--require FILE`: the next word is its file.
    if ((name === '--require' || name === '-r') && !words[i].includes('=')) i++;
  }
  return null;
}

/** No snapshot beside this script at all (any program other than the engine's bin): nothing to say. */
const NONE = 'no snapshot';

/** The blob in `dir` that can start `script` here, or why there is none. */
function usableBlob(dir: string, script: string): { blob: string } | string {
  let meta: SnapshotMeta;
  let blobMs: number;
  try {
    meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as SnapshotMeta;
    blobMs = statSync(join(dir, meta.blob)).mtimeMs;
  } catch {
    return NONE;
  }
  if (meta.bin !== realpath(script))
    return `its snapshot was built for ${meta.bin}, not ${realpath(script)} (a moved checkout: run \`npm run build\`)`;
  if (meta.node !== process.version || meta.arch !== process.arch || meta.execPath !== realpath(process.execPath))
    return `its snapshot was built by Node ${meta.node} (${meta.execPath}), this is ${process.version} (${process.execPath})`;
  const bundle = resolve(dir, '..', 'bundle');
  const stale =
    staleBundleInput(pathToFileURL(`${bundle}/`)) ??
    [join(bundle, 'stamp.json'), ...(meta.read ?? []).map((file) => join(dir, file))].find(
      (file) => !(mtimeMs(file) <= blobMs),
    );
  return stale === undefined
    ? { blob: join(dir, meta.blob) }
    : `its snapshot is older than ${stale} (run \`npm run build\`)`;
}

function realpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function mtimeMs(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
