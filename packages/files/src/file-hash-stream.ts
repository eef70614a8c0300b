import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * sha256 and size of a file read as a stream, for data files too large to load whole (`hashFile` in
 * `hashing.ts` reads the file into memory, which is fine for the few-MB files most benchmarks use).
 * @example await hashFileStreaming('/data/meds/data/data.parquet') // { sha256: '…', bytes: 123 }
 */
export async function hashFileStreaming(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}
