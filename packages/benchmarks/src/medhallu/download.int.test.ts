import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordingContext, startFakeRowsApi, tempDir } from '../shared/test-support.js';
import type { LoopbackServer } from '../shared/test-support.js';
import { loadMedhallu } from './load.js';
import { medhalluRowsDigest, parseMedhalluRows } from './rows.js';

const JSONL = join(dirname(fileURLToPath(import.meta.url)), 'fixture', 'medhallu_pqa_labeled.jsonl');
const FIXTURE_ROWS = readFileSync(JSONL, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Record<string, unknown>);
/** Smaller than the client asks for, so the loader must page by offset. */
const SERVER_PAGE = 3;

let server: LoopbackServer;

/** A fake datasets-server `/rows`; `/truncated/rows` marks a cell, `/broken/rows` serves a row without Knowledge. */
beforeAll(async () => {
  server = await startFakeRowsApi({
    rows: FIXTURE_ROWS,
    pageSize: SERVER_PAGE,
    truncatedCell: 'Knowledge',
    serveRow: (row, pathname) => (pathname.startsWith('/broken') ? { ...row, Knowledge: undefined } : row),
  });
});
afterAll(() => server.close());

const fast = { retries: 0, retryDelayMs: 1, timeoutMs: 5000 };
const CACHED = (cacheDir: string) => join(cacheDir, 'datasets', 'medhallu', 'medhallu_pqa_labeled.jsonl');

describe('medhallu download through the datasets-server rows API', () => {
  it('pages until num_rows_total, caches hub-shaped JSONL, then loads from the cache without requests', async () => {
    const cacheDir = await tempDir();
    const ctx = recordingContext({ cacheDir, allowDataDrift: true });
    const before = server.requests.length;
    const loaded = await loadMedhallu(ctx, { rowsApi: `${server.baseUrl}/rows`, fetchOptions: fast });
    const calls = server.requests.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toContain(
      'dataset=UTAustin-AIHealth%2FMedHallu&config=pqa_labeled&split=train&offset=0&length=100',
    );
    expect(calls[1]).toContain('offset=3');
    expect(loaded.instances).toHaveLength(16);
    expect(loaded.data.num_rows).toBe(4);
    const cachedRows = parseMedhalluRows(await readFile(CACHED(cacheDir), 'utf8'), CACHED(cacheDir));
    expect(medhalluRowsDigest(cachedRows)).toBe(
      medhalluRowsDigest(parseMedhalluRows(readFileSync(JSONL, 'utf8'), JSONL)),
    );
    // All served fields are kept, in the served order.
    expect(Object.keys(cachedRows[0])).toEqual(Object.keys(FIXTURE_ROWS[0]));
    // The fixture is not the pinned upstream: drift is allowed here, so it warns.
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
    await loadMedhallu(ctx, { rowsApi: `${server.baseUrl}/rows`, fetchOptions: fast });
    expect(server.requests.length - before).toBe(2);
  });

  it('rejects rows that do not match the pinned count and digest with EF_DATA_CHECKSUM', async () => {
    const ctx = recordingContext({ cacheDir: await tempDir() });
    await expect(loadMedhallu(ctx, { rowsApi: `${server.baseUrl}/rows`, fetchOptions: fast })).rejects.toMatchObject({
      code: 'EF_DATA_CHECKSUM',
      message: expect.stringContaining('expected 1000 rows'),
    });
  });

  it.each([
    ['an HTTP error', '/missing/api', 'EF_DATA_DOWNLOAD'],
    ['truncated cells', '/truncated/rows', 'EF_DATA_DOWNLOAD'],
    ['a row without Knowledge', '/broken/rows', 'EF_DATA_FORMAT'],
  ])('turns %s into %s and leaves no cache file', async (_label, path, code) => {
    const cacheDir = await tempDir();
    const ctx = recordingContext({ cacheDir, allowDataDrift: true });
    await expect(loadMedhallu(ctx, { rowsApi: `${server.baseUrl}${path}`, fetchOptions: fast })).rejects.toMatchObject({
      code,
    });
    await expect(readFile(CACHED(cacheDir))).rejects.toThrow();
  });
});
