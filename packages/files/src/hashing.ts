import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** Hex sha256 of a string (UTF-8) or bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** sha256 and size of a file (data files are a few MB, so reading them whole is fine). */
export async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const data = await readFile(path);
  return { sha256: sha256Hex(data), bytes: data.byteLength };
}

/**
 * JSON with object keys sorted at every level, so the same data always hashes the same
 * (docs/architecture.md: never hash a plain `JSON.stringify` of an unordered object).
 * @example canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }) // '{"a":[{"c":3,"d":2}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    const record = value as Record<string, unknown>;
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
