/**
 * writeJsonlAtomic's failure paths, since lines in memory and a loader's batches share one loop: whatever fails
 * mid-file (the loader, a line, the disk), the file at the path is what it was and no `*.tmp-<pid>` is left.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { writeJsonlAtomic } from './atomic.js';

/** A folder holding `x.jsonl` from an earlier run: the file a failed write must leave as it was. */
function earlierFile(): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ef-jsonl-'));
  const path = join(dir, 'x.jsonl');
  writeFileSync(path, '"earlier"\n');
  return { dir, path };
}

/**
 * About 6.5 MB of lines: two are more than the writer queues before it waits for the disk (8 MB), so by the failure
 * the temp file is open and written to (fewer lines in memory would all be queued before the file even opened).
 */
const batch = (n: number) => Array.from({ length: 50_000 }, (_, i) => ({ n, i, text: 'x'.repeat(100) }));

function expectUntouched({ dir, path }: { dir: string; path: string }): void {
  expect(readFileSync(path, 'utf8')).toBe('"earlier"\n');
  expect(readdirSync(dir)).toEqual(['x.jsonl']);
}

describe('writeJsonlAtomic that fails mid-file', () => {
  it("a loader's error after some batches: that error, the earlier file kept, no temp file", async () => {
    const folder = earlierFile();
    async function* failing(): AsyncGenerator<object[]> {
      yield batch(0);
      await new Promise((resolve) => setImmediate(resolve));
      yield batch(1);
      throw new Error('EF_DATA_FORMAT at line 100001');
    }
    await expect(writeJsonlAtomic(folder.path, failing())).rejects.toThrow('line 100001');
    expectUntouched(folder);
  });

  it.each([
    ['lines in memory', (lines: object[]) => lines],
    [
      "a loader's batches",
      async function* (lines: object[]) {
        yield lines.slice(0, 60_000);
        yield lines.slice(60_000);
      },
    ],
  ])('a line that cannot be written (%s): its error, the earlier file kept, no temp file', async (_, given) => {
    const folder = earlierFile();
    const lines: object[] = [...batch(0), ...batch(1), { n: 2n }];
    await expect(writeJsonlAtomic(folder.path, given(lines) as Iterable<object>)).rejects.toThrow(/BigInt/);
    expectUntouched(folder);
  });
});
