/** The real `ef-bench` bin started as the factory prestarts it: `--argv-on-stdin`, then its argv on stdin. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { runNode } from '@eval-factory/testkit';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin.js');

/** The engine as the factory prestarts it; the command is written late on purpose (the engine is waiting by then). */
function prestarted(stdin: string | null) {
  return runNode([BIN, '--argv-on-stdin'], { env: { ...process.env, EF_PROGRESS: 'off' }, stdin, stdinDelayMs: 300 });
}

describe('ef-bench --argv-on-stdin', () => {
  it('runs the command read from stdin', async () => {
    const r = await prestarted('["list"]\n');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.split('\n')).toEqual(expect.arrayContaining(['pubmed_qa', 'medhallu']));
  });

  it('exits quietly with 0 when stdin ends without a command', async () => {
    expect(await prestarted(null)).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('reports a usage error for a command it cannot run', async () => {
    const r = await prestarted('["fly"]\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error\[EF_USAGE\]/);
  });
});
