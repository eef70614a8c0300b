import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { customDryRunSection, customResolveOptions, formatPrompts } from './custom-benchmarks.js';

describe('formatPrompts', () => {
  it('prints a heading and one block per prompt, numbered against all requests', () => {
    const text = formatPrompts(
      [
        { instanceId: 'q01', messages: [{ role: 'user', content: 'Question: one\nAnswer:' }] },
        { instanceId: 'q02', messages: [{ role: null, content: 'two' }] },
      ],
      10,
    );
    expect(text).toBe(
      '\nFirst prompts:\n\n--- prompt 1 of 10 (instance q01) ---\nQuestion: one\nAnswer:\n\n--- prompt 2 of 10 (instance q02) ---\ntwo\n',
    );
  });

  it('shows each message of a chat request with a system prompt under its role', () => {
    const text = formatPrompts(
      [
        {
          instanceId: 'a',
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'Hi' },
          ],
        },
      ],
      1,
    );
    expect(text).toContain('--- prompt 1 of 1 (instance a) ---\n[system]\nBe brief.\n[user]\nHi\n');
  });

  it('says so when there is nothing to send', () => {
    expect(formatPrompts([], 0)).toBe('\nFirst prompts:\n\n(the benchmark builds no requests)\n');
  });
});

describe('customResolveOptions', () => {
  it('gives the run_config folder, and reads the benchmarks folder only when asked', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-cli-custom-'));
    writeFileSync(join(dir, 'quiz.yml'), 'name: my_quiz\n');
    const options = customResolveOptions({ run_config: 'configs/x.yml' }, { EF_BENCHMARKS_DIR: dir });
    expect(options.runConfigDir).toBe(resolve('configs'));
    const listed = options.customBenchmarks as () => readonly { name: string; file: string }[];
    expect(listed().map((b) => [b.name, b.file])).toEqual([['my_quiz', join(dir, 'quiz.yml')]]);
  });

  it('a missing folder fails only when it is read', () => {
    const options = customResolveOptions({ benchmarks_dir: join(tmpdir(), 'ef-surely-absent-dir') });
    expect(options.runConfigDir).toBeNull();
    expect(() => (options.customBenchmarks as () => unknown)()).toThrow(/Custom benchmarks folder not found/);
  });
});

describe('customDryRunSection', () => {
  it('adds nothing for a built-in task (and starts no engine)', async () => {
    await expect(customDryRunSection(null, {} as never)).resolves.toBe('');
  });
});
