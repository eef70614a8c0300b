import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { asOutputError, makeOutputDirSync, OUTPUT_DIR_HINT } from './output-error.js';

const base = () => mkdtempSync(join(tmpdir(), 'ef-output-dir-'));

describe('makeOutputDirSync', () => {
  it('makes the missing levels and accepts an existing folder', () => {
    const dir = join(base(), 'a', 'b');
    makeOutputDirSync(dir);
    makeOutputDirSync(dir);
    expect(existsSync(dir)).toBe(true);
  });

  it.each([
    ['a file at the folder itself', (b: string) => [join(b, 'f'), join(b, 'f')]],
    ['a file above the folder', (b: string) => [join(b, 'f', 'runs', 'x'), join(b, 'f')]],
  ])('%s: EF_OUTPUT_WRITE naming the folder and the file in the way', (_, paths) => {
    const [folder, file] = paths(base()) as [string, string];
    writeFileSync(file, 'x');
    expect(() => makeOutputDirSync(folder)).toThrow(
      expect.objectContaining({
        code: 'EF_OUTPUT_WRITE',
        message: `cannot write to ${folder}: ${folder === file ? 'not a folder' : `${file} is not a folder`} (ENOTDIR)`,
        hint: `Move away ${file}, or choose another config.output_dir (--output_dir), a folder you can write to.`,
      }),
    );
  });

  it('a folder with no permission: EF_OUTPUT_WRITE with the errno and the hint given', () => {
    const locked = join(base(), 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    const asRoot = process.getuid?.() === 0; // root writes anywhere: the errno below is then ENOENT under /proc
    const folder = asRoot ? '/proc/ef_output_dir_test/x' : join(locked, 'out');
    expect(() => makeOutputDirSync(folder, 'do this')).toThrow(
      expect.objectContaining({
        code: 'EF_OUTPUT_WRITE',
        message: `cannot write to ${folder}: ${asRoot ? 'ENOENT' : 'EACCES'}`,
        hint: 'do this',
      }),
    );
  });
});

describe('asOutputError', () => {
  it.each([
    'ENOSPC',
    'EDQUOT',
  ])('a full disk (%s) keeps its own message and hint: the answers are in cache.db', (code) => {
    const full = Object.assign(new Error(`${code}: no space left on device, mkdir`), { code, path: '/out/logs' });
    const fail = () =>
      asOutputError('/out/logs', OUTPUT_DIR_HINT, () => {
        throw full;
      });
    expect(fail).toThrow(
      expect.objectContaining({
        code: 'EF_OUTPUT_WRITE',
        message: `cannot write /out/logs: no space left on the device (${code})`,
        hint: expect.stringContaining('answers already received are in cache.db'),
      }),
    );
  });

  it('no permission: the hint given, with nothing to move away', () => {
    const fail = () =>
      asOutputError('/out', OUTPUT_DIR_HINT, () => {
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      });
    expect(fail).toThrow(expect.objectContaining({ message: 'cannot write to /out: EACCES', hint: OUTPUT_DIR_HINT }));
    expect(OUTPUT_DIR_HINT).not.toMatch(/move away/i);
  });
});
