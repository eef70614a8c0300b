/**
 * An engine bin whose start-up snapshot passes every check the executor can make, but which Node refuses when it
 * starts (a blob of another V8 configuration, not a blob at all, a blob cut short), is started once more from its
 * bundle, with the command line a prestarted engine was given; Node's refusal is said only at debug level.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { spawnNodeScript } from './engine-process.js';
import { engineNodeArgs } from './engine-snapshot.js';

/** A package laid out as the engine's, whose bin prints its arguments and stdin; `blob(path)` writes the blob. */
function engineWithBlob(blob: (path: string) => void) {
  const pkg = join(realpathSync(mkdtempSync(join(tmpdir(), 'ef-snapshot-fallback-'))), 'engine');
  mkdirSync(join(pkg, 'bin'), { recursive: true });
  mkdirSync(join(pkg, 'dist', 'snapshot'), { recursive: true });
  const bin = join(pkg, 'bin', 'ef-bench.js');
  writeFileSync(
    bin,
    `const say = (input) => console.log(JSON.stringify({ argv: process.argv.slice(2), input, execArgv: process.execArgv }));
let input = '';
if (process.argv.includes('--no-stdin')) say(null);
else process.stdin.on('data', (c) => (input += c)).on('end', () => say(input));
`,
  );
  blob(join(pkg, 'dist', 'snapshot', 'ef-bench-1.blob'));
  mkdirSync(join(pkg, 'dist', 'bundle'));
  writeFileSync(join(pkg, 'dist', 'bundle', 'stamp.json'), JSON.stringify({ inputs: [] }));
  utimesSync(join(pkg, 'dist', 'bundle', 'stamp.json'), 1_000, 1_000);
  const meta = {
    blob: 'ef-bench-1.blob',
    node: process.version,
    arch: process.arch,
    execPath: realpathSync(process.execPath),
    bin,
  };
  writeFileSync(join(pkg, 'dist', 'snapshot', 'meta.json'), JSON.stringify(meta));
  return bin;
}

/** A real blob, built under a V8 option: Node started without it refuses the blob (exit 14). */
function otherV8Blob(path: string) {
  const entry = `${path}.js`;
  writeFileSync(entry, "require('node:v8').startupSnapshot.setDeserializeMainFunction(() => {});\n");
  spawnSync(process.execPath, ['--expose-gc', '--snapshot-blob', path, '--build-snapshot', entry]);
}

async function run(bin: string, stdin: 'pipe' | 'ignore', env: Record<string, string> = {}) {
  const child = spawnNodeScript(bin, stdin === 'pipe' ? ['--argv-on-stdin'] : ['run', '--no-stdin'], {
    echo: process.stderr,
    stdin,
    env,
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c));
  child.stderr?.on('data', (c: Buffer) => (stderr += c));
  if (stdin === 'pipe') child.stdin?.end(child.commandLine(['run', '--x']));
  const exit = await child.exited;
  return { exit, stdout, stderr };
}

describe('a start-up snapshot Node refuses', () => {
  const written: string[] = [];
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  afterAll(() => stderr.mockRestore());

  it.each([
    ['of another V8 configuration (exit 14)', otherV8Blob],
    ['not a blob at all (abort)', (path: string) => writeFileSync(path, 'not a blob')],
  ])(
    '%s: the engine starts again from its bundle, a prestarted one with its command line',
    async (_, blob) => {
      const bin = engineWithBlob(blob);
      expect(engineNodeArgs(bin, {})[0]).toBe('--snapshot-blob'); // the blob passes every check made before a start
      for (const stdin of ['pipe', 'ignore'] as const) {
        const r = await run(bin, stdin, { EF_LOG_LEVEL: 'DEBUG' });
        expect(r.exit).toEqual({ exitCode: 0, signal: null, notFound: false });
        expect(r.stderr).toBe('');
        const out = JSON.parse(r.stdout);
        expect(out.execArgv).toEqual([]);
        if (stdin === 'pipe') expect(out.input).toContain('run');
        else expect(out.argv).toEqual(['run', '--no-stdin']);
      }
      // Said once, at debug level.
      expect(written.filter((w) => /Node refused its start-up snapshot/.test(w))).toHaveLength(1);
      written.length = 0;
      await run(bin, 'ignore');
      expect(written).toEqual([]);
    },
    30_000,
  );
});
