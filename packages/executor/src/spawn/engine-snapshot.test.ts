/**
 * When the executor starts an engine bin from its start-up snapshot (engine-snapshot.ts), on a package laid out as
 * the build lays out packages/engine: bin/ef-bench.js, dist/.tsbuildinfo, dist/snapshot/{ef-bench-ID.blob,meta.json}.
 * Anything that would make the blob wrong here (another Node, another place, older code, preloads a snapshot
 * ignores) starts the engine from its bundle instead, and says why only at debug level.
 */
import { mkdirSync, mkdtempSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, jest } from '@jest/globals';
import { engineNodeArgs } from './engine-snapshot.js';

function engineLayout(meta: Record<string, unknown> = {}) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ef-snapshot-')));
  const pkg = join(root, 'engine');
  for (const dir of ['bin', 'dist/snapshot', 'dist/bundle']) mkdirSync(join(pkg, dir), { recursive: true });
  const bin = join(pkg, 'bin', 'ef-bench.js');
  writeFileSync(bin, '');
  const buildInfo = join(pkg, 'dist', '.tsbuildinfo');
  writeFileSync(buildInfo, '{}');
  const installed = join(root, 'node_modules', 'dep'); // a bundled dependency
  mkdirSync(installed, { recursive: true });
  const stamp = join(pkg, 'dist', 'bundle', 'stamp.json');
  writeFileSync(stamp, JSON.stringify({ inputs: ['../.tsbuildinfo', '../../../node_modules/dep'] }));
  const blob = join(pkg, 'dist', 'snapshot', 'ef-bench-1.blob');
  writeFileSync(blob, 'blob');
  const fields = {
    blob: 'ef-bench-1.blob',
    node: process.version,
    arch: process.arch,
    execPath: realpathSync(process.execPath),
    bin,
    ...meta,
  };
  writeFileSync(join(pkg, 'dist', 'snapshot', 'meta.json'), JSON.stringify(fields));
  for (const file of [buildInfo, installed]) utimesSync(file, 1_000, 1_000);
  utimesSync(stamp, 1_500, 1_500);
  utimesSync(blob, 2_000, 2_000);
  return { bin, blob, buildInfo, installed, stamp };
}

describe('engineNodeArgs', () => {
  const written: string[] = [];
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  afterEach(() => {
    written.length = 0;
  });
  afterAll(() => stderr.mockRestore());

  it('starts a fresh snapshot built here by this Node', () => {
    const { bin, blob } = engineLayout();
    expect(engineNodeArgs(bin, {})).toEqual(['--snapshot-blob', blob, bin]);
  });

  it('starts from the bundle after a tsc build newer than the blob, saying so at debug level', () => {
    const { bin, buildInfo } = engineLayout();
    utimesSync(buildInfo, 3_000, 3_000);
    expect(engineNodeArgs(bin, {})).toEqual([bin]);
    expect(written).toEqual([]);
    expect(engineNodeArgs(bin, { EF_LOG_LEVEL: 'DEBUG' })).toEqual([bin]);
    expect(written.join('')).toMatch(/^engine: starts from its bundle: its snapshot is older than .*\.tsbuildinfo/);
  });

  it('starts from the bundle after a bundled dependency is updated, or a bundle newer than the blob (one rule with the bins)', () => {
    const { bin, installed } = engineLayout();
    utimesSync(installed, 3_000, 3_000); // npm installed another version of the dependency since the build
    expect(engineNodeArgs(bin, { EF_LOG_LEVEL: 'DEBUG' })).toEqual([bin]);
    expect(written.join('')).toMatch(/its snapshot is older than .*node_modules\/dep /);
    const other = engineLayout();
    utimesSync(other.stamp, 3_000, 3_000); // bundled again, the blob not rewritten
    expect(engineNodeArgs(other.bin, {})).toEqual([other.bin]);
  });

  it('starts from the bundle when a file read while the blob was built has changed since', () => {
    const { bin, buildInfo } = engineLayout({ read: ['../../package.json'] });
    const manifest = join(buildInfo, '..', '..', 'package.json');
    writeFileSync(manifest, '{"version":"1.0.0"}');
    utimesSync(manifest, 1_500, 1_500);
    expect(engineNodeArgs(bin, {})).toHaveLength(3);
    utimesSync(manifest, 3_000, 3_000);
    expect(engineNodeArgs(bin, {})).toEqual([bin]);
  });

  it('starts from the bundle when another Node built the blob (Node would abort on it)', () => {
    const { bin } = engineLayout({ node: 'v20.0.0' });
    expect(engineNodeArgs(bin, { EF_LOG_LEVEL: 'DEBUG' })).toEqual([bin]);
    expect(written.join('')).toMatch(/built by Node v20\.0\.0/);
    expect(engineNodeArgs(engineLayout({ execPath: '/elsewhere/node' }).bin, {})).toHaveLength(1);
    expect(engineNodeArgs(engineLayout({ arch: 'other' }).bin, {})).toHaveLength(1);
  });

  it('starts from the bundle when the blob was built for a bin in another place (a moved checkout), saying so', () => {
    const moved = engineLayout({ bin: '/moved/engine/bin/ef-bench.js' }).bin;
    expect(engineNodeArgs(moved, {})).toEqual([moved]);
    expect(written).toEqual([]);
    expect(engineNodeArgs(moved, { EF_LOG_LEVEL: 'DEBUG' })).toEqual([moved]);
    expect(written.join('')).toMatch(
      /its snapshot was built for \/moved\/engine\/bin\/ef-bench\.js, not .*npm run build/,
    );
  });

  it('says why once per process, not once per engine (a suite starts many)', () => {
    const { bin, buildInfo } = engineLayout();
    utimesSync(buildInfo, 3_000, 3_000);
    for (let i = 0; i < 3; i++) expect(engineNodeArgs(bin, { EF_LOG_LEVEL: 'DEBUG' })).toEqual([bin]);
    expect(written).toHaveLength(1);
  });

  it('starts from the bundle when the blob is missing; any other program has nothing to say', () => {
    const { bin, blob } = engineLayout();
    writeFileSync(join(blob, '..', 'meta.json'), '{not json');
    expect(engineNodeArgs(bin, { EF_LOG_LEVEL: 'DEBUG' })).toEqual([bin]);
    // Any other JavaScript program has no snapshot at all: nothing to say about it.
    expect(written).toEqual([]);
  });

  it('starts from the bundle when NODE_OPTIONS has an option not known to be safe with it, or when switched off', () => {
    const { bin, blob } = engineLayout();
    // A V8 option: Node would refuse the blob (exit 14).
    expect(engineNodeArgs(bin, { NODE_OPTIONS: '--max-old-space-size=4096', EF_LOG_LEVEL: 'DEBUG' })).toEqual([bin]);
    expect(written.join('')).toMatch(/NODE_OPTIONS has --max-old-space-size, which a snapshot-started engine/);
    expect(engineNodeArgs(bin, { NODE_OPTIONS: '--no-warnings --expose-gc' })).toEqual([bin]);
    // Ignored by a snapshot-started Node.
    expect(engineNodeArgs(bin, { NODE_OPTIONS: '--import /x/otel.mjs' })).toEqual([bin]);
    expect(engineNodeArgs(bin, { NODE_OPTIONS: '--experimental-loader=/x/l.mjs' })).toEqual([bin]);
    expect(engineNodeArgs(bin, { EF_ENGINE_SNAPSHOT: 'off' })).toEqual([bin]);
    expect(engineNodeArgs(bin, { NODE_OPTIONS: '--require /x/probe.cjs -r=/x/b.cjs --no-warnings' })).toEqual([
      '--snapshot-blob',
      blob,
      bin,
    ]);
  });
});
