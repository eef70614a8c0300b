import { describe, expect, it } from '@jest/globals';
import { main } from './main.js';
import { refuseRepeatedFlags } from './repeated-flags.js';

function refusal(argv: Record<string, unknown>, lists: string[]): string | null {
  try {
    refuseRepeatedFlags(argv, lists);
    return null;
  } catch (error) {
    return `${(error as { code: string }).code}: ${(error as Error).message}`;
  }
}

describe('refuseRepeatedFlags', () => {
  it.each([
    [{ _: ['run_eval'], output_dir: ['a', 'b'] }, [], 'EF_USAGE: --output_dir is given 2 times; it takes one value'],
    [
      { _: [], 'local-path': ['a', 'b', 'c'], localPath: ['a', 'b', 'c'] },
      [],
      'EF_USAGE: --local-path is given 3 times; it takes one value',
    ],
    [{ _: [], d: [true, true] }, [], 'EF_USAGE: -d is given 2 times; it takes one value'],
    [{ _: ['run_eval'], overrides: ['a=1', 'b=2'] }, ['overrides'], null],
    [{ _: ['serve'], dirs: ['x', 'y'] }, ['dirs'], null],
    [{ _: ['run_eval', 'extra'], output_dir: 'a' }, [], null],
  ])('%j (lists %j) → %s', (argv, lists, said) => expect(refusal(argv, lists)).toBe(said));
});

async function stderrOf(argv: string[]): Promise<{ code: number; text: string }> {
  const writes: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string) => writes.push(String(chunk)) > 0) as typeof process.stderr.write;
  try {
    return { code: await main(argv), text: writes.join('') };
  } finally {
    process.stderr.write = write;
  }
}

describe('the CLI', () => {
  it('lets a list flag repeat (--overrides), reading the command being parsed', async () => {
    const { text } = await stderrOf([
      'run_eval',
      '--overrides',
      'a=1',
      '--overrides',
      'b=2',
      '--run_config',
      '/nonexistent.yml',
      '--dry_run',
    ]);
    expect(text).not.toContain('times; it takes one value');
    expect(text).toContain('/nonexistent.yml');
  });

  it('refuses a one-value flag given twice with EF_USAGE (exit 2), before anything runs', async () => {
    const { code, text } = await stderrOf([
      'run_eval',
      '--output_dir',
      '/nonexistent/a',
      '--output_dir',
      '/nonexistent/b',
      '--dry_run',
    ]);
    expect(code).toBe(2);
    expect(text).toContain('--output_dir is given 2 times');
  });
});
