/** The real `ef-bench` bin started as the factory prestarts it: `--argv-on-stdin`, then its argv on stdin. */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin.js');

function prestarted(stdin: string | null): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--argv-on-stdin'], { env: { ...process.env, EF_PROGRESS: 'off' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    // Written late on purpose: the engine has loaded its modules and is waiting.
    setTimeout(() => child.stdin.end(stdin ?? undefined), 300);
  });
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
