/**
 * How the engine's start-up snapshot is built (scripts/snapshot.mjs), on a small package laid out as the engine's:
 * its main function runs in the process that starts from the blob, with that process's environment and arguments;
 * module-level code that reads the environment or draws a random number while the snapshot is built fails the build (no blob: engines then
 * start from their bundle), a file it reads is listed in meta.json for the executor's freshness check, and fetch's
 * `Headers` (which a Node 20 snapshot cannot hold) is linked to the started process's own.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { REPO_ROOT, tempDir } from './support.js';

type Build = (opts: {
  external: string[];
  plugins: unknown[];
  pkgDir: string;
  timeoutMs?: number;
}) => Promise<{ bytes: number | null; why: string | null; blob?: string }>;

/** The blobs in the package's snapshot folder. */
const blobs = (pkgDir: string) => readdirSync(join(pkgDir, 'dist', 'snapshot')).filter((f) => f.endsWith('.blob'));

/** A package with bin/ef-bench.js and a dist/bin.js of `source` (an ES module, as tsc writes the engine's). */
function fakeEngine(source: (pkgDir: string) => string): string {
  const pkgDir = join(tempDir('ef-snapshot-build-'), 'engine');
  mkdirSync(join(pkgDir, 'bin'), { recursive: true });
  mkdirSync(join(pkgDir, 'dist'), { recursive: true });
  writeFileSync(join(pkgDir, 'bin', 'ef-bench.js'), '');
  writeFileSync(join(pkgDir, 'dist', 'bin.js'), source(pkgDir));
  writeFileSync(join(pkgDir, 'notes.txt'), 'read at build time');
  return pkgDir;
}

async function build(pkgDir: string, timeoutMs?: number) {
  const { buildEngineSnapshot } = (await import(pathToFileURL(join(REPO_ROOT, 'scripts/snapshot.mjs')).href)) as {
    buildEngineSnapshot: Build;
  };
  return buildEngineSnapshot({ external: [], plugins: [], pkgDir, ...(timeoutMs ? { timeoutMs } : {}) });
}

const MAIN = `import { startupSnapshot } from 'node:v8';
const main = () => console.log(JSON.stringify({ env: process.env.EF_PROBE ?? null, argv: process.argv.slice(2), notes }));
if (startupSnapshot.isBuildingSnapshot()) startupSnapshot.setDeserializeMainFunction(main);
else main();
`;

describe('building the start-up snapshot', () => {
  it('runs main in the started process, with its environment and arguments; lists the files read', async () => {
    const pkgDir = fakeEngine(
      (dir) => `import { readFileSync } from 'node:fs';
const notes = readFileSync(${JSON.stringify(join(dir, 'notes.txt'))}, 'utf8');
${MAIN}`,
    );
    const { blob } = await build(pkgDir);
    const snapshot = join(pkgDir, 'dist', 'snapshot');
    const meta = JSON.parse(readFileSync(join(snapshot, 'meta.json'), 'utf8'));
    expect(meta.read).toEqual(['../../notes.txt']);
    expect(blob).toBe(join(snapshot, meta.blob));
    const started = spawnSync(
      process.execPath,
      ['--snapshot-blob', blob as string, join(pkgDir, 'bin', 'ef-bench.js'), 'run', '--x'],
      { encoding: 'utf8', env: { ...process.env, EF_PROBE: 'set at run time' } },
    );
    expect(started.stderr).toBe('');
    expect(JSON.parse(started.stdout)).toEqual({
      env: 'set at run time',
      argv: ['run', '--x'],
      notes: 'read at build time',
    });
  }, 60_000);

  it('starts a worker thread in the started process from a module that imports worker_threads at its top', async () => {
    const pkgDir = fakeEngine(
      () => `import { startupSnapshot } from 'node:v8';
import { Worker } from 'node:worker_threads';
const main = () => {
  const code = "require('node:worker_threads').parentPort.postMessage(process.cwd())";
  const worker = new Worker(code, { eval: true, execArgv: [] });
  worker.on('message', (cwd) => { console.log(JSON.stringify({ cwd })); void worker.terminate(); });
  worker.on('error', (error) => console.log(JSON.stringify({ error: error.message })));
};
if (startupSnapshot.isBuildingSnapshot()) startupSnapshot.setDeserializeMainFunction(main);
else main();
`,
    );
    const { blob } = await build(pkgDir);
    const started = spawnSync(
      process.execPath,
      ['--snapshot-blob', blob as string, join(pkgDir, 'bin', 'ef-bench.js')],
      {
        encoding: 'utf8',
        cwd: pkgDir,
      },
    );
    expect(JSON.parse(started.stdout)).toEqual({ cwd: pkgDir });
  }, 60_000);

  it("links a class made a kind of fetch's Headers at build time to the real Headers of the started process", async () => {
    const pkgDir = fakeEngine(
      () => `import { startupSnapshot } from 'node:v8';
class Own {}
Object.setPrototypeOf(Own.prototype, Headers.prototype);
const main = () => console.log(JSON.stringify({ own: new Own() instanceof Headers, real: new Headers({ a: '1' }).get('a') }));
if (startupSnapshot.isBuildingSnapshot()) startupSnapshot.setDeserializeMainFunction(main);
else main();
`,
    );
    const { blob } = await build(pkgDir);
    const started = spawnSync(
      process.execPath,
      ['--snapshot-blob', blob as string, join(pkgDir, 'bin', 'ef-bench.js')],
      {
        encoding: 'utf8',
      },
    );
    expect(started.stderr).toBe('');
    expect(JSON.parse(started.stdout)).toEqual({ own: true, real: '1' });
  }, 60_000);

  it.each([
    ['ASCII when only comments have other characters', '', true],
    ['as written when code has one (a raw template, whose text an escape would change)', ', raw: String.raw`→`', false],
  ])(
    'keeps the script %s (one outside Latin-1 doubles its size in the blob)',
    async (_, raw, ascii) => {
      const pkgDir = fakeEngine(
        () => `import { startupSnapshot } from 'node:v8';
class Arrow {
  /** name → value, and so on… 👋 */
  text() { return 'a → b … 👋 é'; }
}
const main = () => console.log(JSON.stringify({ text: new Arrow().text()${raw} }));
if (startupSnapshot.isBuildingSnapshot()) startupSnapshot.setDeserializeMainFunction(main);
else main();
`,
      );
      const { blob } = await build(pkgDir);
      const script = readFileSync(join(pkgDir, 'dist', 'snapshot', 'ef-bench.cjs'), 'latin1');
      expect(/^[\x00-\x7f]*$/.test(script)).toBe(ascii);
      const started = spawnSync(
        process.execPath,
        ['--snapshot-blob', blob as string, join(pkgDir, 'bin', 'ef-bench.js')],
        {
          encoding: 'utf8',
        },
      );
      expect(started.stderr).toBe('');
      expect(JSON.parse(started.stdout)).toEqual({ text: 'a → b … 👋 é', ...(raw ? { raw: '→' } : {}) });
    },
    60_000,
  );

  it('fails, leaving no blob, when module-level code draws a random number (every engine would draw the same)', async () => {
    const pkgDir = fakeEngine(
      () => `import { randomUUID } from 'node:crypto';\nconst notes = [Math.random(), randomUUID()];\n${MAIN}`,
    );
    expect(await build(pkgDir)).toEqual({
      bytes: null,
      why: 'module-level code read Math.random, crypto.randomUUID while building the snapshot',
    });
    expect(blobs(pkgDir)).toEqual([]);
  }, 60_000);

  it('fails, leaving no blob, when module-level code reads the environment', async () => {
    const pkgDir = fakeEngine(() => `const notes = process.env.EF_PROBE_AT_LOAD ?? 'none';\n${MAIN}`);
    const { bytes, why } = await build(pkgDir);
    expect(bytes).toBeNull();
    expect(why).toBe('module-level code read process.env.EF_PROBE_AT_LOAD while building the snapshot');
    expect(blobs(pkgDir)).toEqual([]);
    expect(existsSync(join(pkgDir, 'dist', 'snapshot', 'meta.json'))).toBe(false);
  }, 60_000);

  it('leaves no blob, without failing, when the script has no CommonJS form (a top-level await)', async () => {
    const pkgDir = fakeEngine(() => `const notes = await Promise.resolve('late');\n${MAIN}`);
    const { bytes, why } = await build(pkgDir);
    expect(bytes).toBeNull();
    expect(why).toMatch(/^esbuild: Top-level await is currently not supported with the "cjs" output format/);
    expect(existsSync(join(pkgDir, 'dist', 'snapshot', 'meta.json'))).toBe(false);
  }, 60_000);

  it('leaves no blob when module-level code keeps Node from building it (a timer left running)', async () => {
    const pkgDir = fakeEngine(() => `setInterval(() => {}, 1000);\nconst notes = 'none';\n${MAIN}`);
    expect(await build(pkgDir, 3_000)).toEqual({
      bytes: null,
      why: 'Node took over 3 s (module-level code left a handle or a timer open?)',
    });
    expect(blobs(pkgDir)).toEqual([]);
  }, 60_000);

  it('writes each blob under a new name, and meta.json naming it last; the blob named before stays for one build', async () => {
    const pkgDir = fakeEngine(() => `const notes = 'none';\n${MAIN}`);
    const meta = () => JSON.parse(readFileSync(join(pkgDir, 'dist', 'snapshot', 'meta.json'), 'utf8'));
    const first = await build(pkgDir);
    const firstBytes = readFileSync(first.blob as string);
    expect(meta().blob).toBe(basename(first.blob as string));
    // An engine that read the first meta.json opens the first blob, whole, while the next is built and after.
    const second = await build(pkgDir);
    expect(second.blob).not.toBe(first.blob);
    expect(meta().blob).toBe(basename(second.blob as string));
    expect(readFileSync(first.blob as string).equals(firstBytes)).toBe(true);
    const third = await build(pkgDir);
    expect(blobs(pkgDir).sort()).toEqual([basename(second.blob as string), basename(third.blob as string)].sort());
    expect(readdirSync(join(pkgDir, 'dist', 'snapshot'))).not.toContain('meta.json.tmp');
  }, 60_000);

  it('fails, leaving no blob, when module-level code copies the environment or reads the time, folders or stdio', async () => {
    const pkgDir = fakeEngine(
      () => `import { homedir, tmpdir } from 'node:os';
const env = { ...process.env };
const notes = [Date.now(), new Date(), process.cwd(), homedir(), tmpdir(), crypto.randomUUID(), process.stdout.columns];
const later = () => new Date(); // in a function: read when it runs
${MAIN}`,
    );
    const { bytes, why } = await build(pkgDir);
    expect(bytes).toBeNull();
    const reads = 'Date.now(), new Date(), process.cwd(), os.homedir(), os.tmpdir(), crypto.randomUUID, process.stdout';
    const module = /\(\S*engine\/dist\/bin\.js\)/;
    expect(why).toMatch(/^module-level code read process\.env \(all of it\), /);
    for (const read of reads.split(', '))
      expect(why).toMatch(new RegExp(`${read.replace(/[().]/g, '\\$&')} ${module.source}`));
    expect(blobs(pkgDir)).toEqual([]);
  }, 60_000);
});
