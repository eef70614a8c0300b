import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { OUTPUT_DIR_HINT, SUITE_DIR_HINT } from './output-error.js';
import { writeFileAtomic } from './write-atomic.js';

describe('writeFileAtomic', () => {
  it.each([
    ["no hint given: the run output folder's", undefined, OUTPUT_DIR_HINT],
    ["a suite's file: the suite folder's", SUITE_DIR_HINT, SUITE_DIR_HINT],
  ])('a file where its folder should be: EF_OUTPUT_WRITE with %s hint, and nothing written', async (_, given, hint) => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-write-atomic-'));
    writeFileSync(join(dir, 'slurm'), 'in the way\n');
    await expect(writeFileAtomic(join(dir, 'slurm', 'run.sbatch'), 'x', given)).rejects.toMatchObject({
      code: 'EF_OUTPUT_WRITE',
      hint: `Move away ${join(dir, 'slurm')}, or ${hint.charAt(0).toLowerCase()}${hint.slice(1)}`,
    });
    expect(readdirSync(dir)).toEqual(['slurm']);
  });
});
