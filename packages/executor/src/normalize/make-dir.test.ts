import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { makeDirSync } from './make-dir.js';

describe('makeDirSync', () => {
  it('creates missing levels and accepts existing folders', () => {
    const base = mkdtempSync(join(tmpdir(), 'ef-mkdir-'));
    makeDirSync(join(base, 'a', 'b', 'c'));
    makeDirSync(join(base, 'a', 'b', 'c'));
    expect(statSync(join(base, 'a', 'b', 'c')).isDirectory()).toBe(true);
  });

  it.each([
    [
      'a path under a file',
      (base: string) => {
        writeFileSync(join(base, 'f'), 'x');
        return join(base, 'f', 'sub');
      },
      'ENOTDIR',
    ],
    [
      'a file where the folder should be',
      (base: string) => {
        writeFileSync(join(base, 'f'), 'x');
        return join(base, 'f');
      },
      'ENOTDIR',
    ],
    [
      "a folder /proc will not make (Node's own recursive mkdir loops forever here)",
      () => '/proc/ef_make_dir_test/x',
      'ENOENT',
    ],
  ])('%s: throws with the errno, never loops', (_, pathOf, code) => {
    const base = mkdtempSync(join(tmpdir(), 'ef-mkdir-'));
    const path = pathOf(base);
    expect(() => makeDirSync(path)).toThrow(expect.objectContaining({ code }));
    if (!path.startsWith('/proc')) expect(existsSync(join(path, 'sub'))).toBe(false);
  });
});
