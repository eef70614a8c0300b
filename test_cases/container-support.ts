/**
 * The container test's machinery (container.int.test.ts): a base image made here from Debian's own packages and this
 * machine's Node (no container registry is reachable), kept between runs under a content key, and the commands the
 * test runs with buildah. Everything is a real process; nothing is faked.
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian packages of the base: what npm's install of sqlite3 compiles with (node-gyp: python3, make, g++). */
const BASE_PACKAGES = ['ca-certificates', 'python3', 'make', 'g++'];
const SUITE = 'bookworm';
/** The machine's CA bundle: the npm registry is reached through it here. */
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

const has = (tool: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Why the container test cannot run here, or null. */
export function containerUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'not root (buildah and mmdebstrap need root here)';
  const missing = ['buildah', 'podman', 'mmdebstrap'].filter((t) => !has(t));
  return missing.length > 0 ? `${missing.join(', ')} not installed (.ci/run installs them)` : null;
}

/** Runs a command; its output is returned, and on failure the error carries the command's stderr tail. */
export async function sh(cmd: string, args: readonly string[], timeoutMs = 20 * 60_000): Promise<string> {
  try {
    const { stdout } = await run(cmd, args as string[], { timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    const tail = `${e.stdout ?? ''}\n${e.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(`${cmd} ${args.slice(0, 4).join(' ')} … failed: ${e.message}\n${tail}`);
  }
}

/** Where this machine's Node keeps npm and its headers (`<prefix>/lib/node_modules/npm`, `<prefix>/include/node`). */
function nodePrefix(): string {
  return dirname(dirname(process.execPath));
}

/** The base's content key: the packages, the suite, and the bytes of the Node, npm and CA bundle copied in. */
function baseKey(): string {
  const npm = JSON.parse(readFileSync(join(nodePrefix(), 'lib/node_modules/npm/package.json'), 'utf8')).version;
  return createHash('sha256')
    .update(JSON.stringify({ BASE_PACKAGES, SUITE, npm, node: process.version }))
    .update(readFileSync(process.execPath))
    .update(readFileSync(CA_BUNDLE))
    .digest('hex')
    .slice(0, 16);
}

async function imageExists(name: string): Promise<boolean> {
  try {
    await sh('buildah', ['inspect', '--type', 'image', name], 60_000);
    return true;
  } catch {
    return false;
  }
}

/**
 * mmdebstrap's hook (run on the host, `$1` = the new root): this machine's Node, npm and headers under /usr/local,
 * as the official node images lay them out, npm told to trust the machine's CA bundle.
 */
function nodeHook(): string {
  const p = nodePrefix();
  return [
    'set -e',
    'mkdir -p "$1/usr/local/bin" "$1/usr/local/lib/node_modules" "$1/usr/local/include" "$1/usr/local/etc"',
    `cp ${process.execPath} "$1/usr/local/bin/node"`,
    `cp -a ${p}/lib/node_modules/npm "$1/usr/local/lib/node_modules/npm"`,
    `cp -a ${p}/include/node "$1/usr/local/include/node"`,
    'ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"',
    'ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"',
    `cp ${CA_BUNDLE} "$1${CA_BUNDLE}"`,
    `echo "cafile=${CA_BUNDLE}" > "$1/usr/local/etc/npmrc"`,
  ].join(' && ');
}

/**
 * The local base image (Debian bookworm minbase + this machine's Node), built once per content key and found again
 * by its tag on later runs. Returns its name.
 */
export async function ensureBaseImage(workDir: string): Promise<{ name: string; reused: boolean }> {
  const name = `localhost/eval-factory-test-base:${baseKey()}`;
  if (await imageExists(name)) return { name, reused: true };
  const tar = join(workDir, 'base.tar');
  await sh('mmdebstrap', [
    '--variant=minbase',
    `--include=${BASE_PACKAGES.join(',')}`,
    `--customize-hook=${nodeHook()}`,
    SUITE,
    tar,
  ]);
  await sh('podman', ['import', '--change', 'ENV PATH=/usr/local/bin:/usr/bin:/bin', tar, name]);
  return { name, reused: false };
}
