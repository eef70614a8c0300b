import { describe, it, expect } from '@jest/globals';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { cleanupTempDirs, makeTempDir, withTempDir } from './temp-dir.js';

describe('makeTempDir', () => {
  it('creates a fresh folder with the prefix and removes it with its content', async () => {
    const dir = await makeTempDir('ef-kit-');
    expect(basename(dir.path).startsWith('ef-kit-')).toBe(true);
    await writeFile(join(dir.path, 'x.txt'), 'x');
    await dir.cleanup();
    expect(existsSync(dir.path)).toBe(false);
    await dir.cleanup();
  });

  it('rejects a prefix with a path separator', async () => {
    await expect(makeTempDir('../escape')).rejects.toThrow(/path separator/);
  });

  it('cleanupTempDirs removes every folder not cleaned yet', async () => {
    const [a, b] = [await makeTempDir('ef-a-'), await makeTempDir('ef-b-')];
    await cleanupTempDirs();
    expect([existsSync(a.path), existsSync(b.path)]).toEqual([false, false]);
  });

  it('withTempDir removes the folder even when the callback throws', async () => {
    let seen = '';
    await expect(
      withTempDir('ef-w-', async (path) => {
        seen = path;
        throw new Error('inside');
      }),
    ).rejects.toThrow('inside');
    expect(seen).not.toBe('');
    expect(existsSync(seen)).toBe(false);
    expect(tmpdir()).toBeTruthy();
  });
});
