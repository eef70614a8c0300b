import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordingContext, startFakeRowsApi, tempDir } from '../shared/test-support.js';
import type { LoopbackServer } from '../shared/test-support.js';
import { loadHeadQa } from './load.js';
import { headQaRowsDigest, parseHeadQaRows } from './rows.js';

const JSONL = join(dirname(fileURLToPath(import.meta.url)), 'fixture', 'test_en.hf_like.jsonl');
const FIXTURE_ROWS = readFileSync(JSONL, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Record<string, unknown>);
/** Smaller than the client asks for, so the loader must page by offset. */
const SERVER_PAGE = 4;

let server: LoopbackServer;

/** A fake datasets-server `/rows`: images as objects (as the hub serves them), `/truncated/rows` marks a cell. */
beforeAll(async () => {
  server = await startFakeRowsApi({
    rows: FIXTURE_ROWS,
    pageSize: SERVER_PAGE,
    truncatedCell: 'qtext',
    serveRow: (row) => ({
      ...row,
      image: row.image === null ? null : { src: 'https://example.org/img.jpg', height: 10, width: 10 },
    }),
  });
});
afterAll(() => server.close());

const fast = { retries: 0, retryDelayMs: 1, timeoutMs: 5000 };

describe('head_qa download through the datasets-server rows API', () => {
  it('pages until num_rows_total, caches hub-shaped JSONL, then loads from the cache without requests', async () => {
    const cacheDir = await tempDir();
    const ctx = recordingContext({ cacheDir, allowDataDrift: true });
    const before = server.requests.length;
    const loaded = await loadHeadQa(ctx, { rowsApi: `${server.baseUrl}/rows`, fetchOptions: fast });
    const calls = server.requests.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toContain('dataset=dvilares%2Fhead_qa&config=en&split=test&offset=0&length=100');
    expect(calls[1]).toContain('offset=4');
    expect(loaded.instances).toHaveLength(5);
    expect(loaded.data.num_rows).toBe(6);
    const cached = join(cacheDir, 'datasets', 'head_qa', 'test_en.hf_like.jsonl');
    const cachedRows = parseHeadQaRows(await readFile(cached, 'utf8'), cached);
    expect(headQaRowsDigest(cachedRows)).toBe(headQaRowsDigest(parseHeadQaRows(readFileSync(JSONL, 'utf8'), JSONL)));
    // The fixture is not the pinned upstream: drift is allowed here, so it warns.
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
    await loadHeadQa(ctx, { rowsApi: `${server.baseUrl}/rows`, fetchOptions: fast });
    expect(server.requests.length - before).toBe(2);
  });

  it('rejects rows that do not match the pinned digest with EF_DATA_CHECKSUM', async () => {
    const ctx = recordingContext({ cacheDir: await tempDir() });
    await expect(loadHeadQa(ctx, { rowsApi: `${server.baseUrl}/rows`, fetchOptions: fast })).rejects.toMatchObject({
      code: 'EF_DATA_CHECKSUM',
    });
  });

  it('uses config es for language es and warns that it is unpinned', async () => {
    const ctx = recordingContext({ cacheDir: await tempDir(), args: { language: 'es', category: null } });
    const before = server.requests.length;
    await loadHeadQa(ctx, { rowsApi: `${server.baseUrl}/rows`, fetchOptions: fast });
    expect(server.requests[before]).toContain('config=es');
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_UNPINNED']);
  });

  it.each([
    ['an HTTP error', '/missing/api'],
    ['truncated cells', '/truncated/rows'],
  ])('turns %s into EF_DATA_DOWNLOAD and leaves no cache file', async (_label, path) => {
    const cacheDir = await tempDir();
    const ctx = recordingContext({ cacheDir, allowDataDrift: true });
    await expect(loadHeadQa(ctx, { rowsApi: `${server.baseUrl}${path}`, fetchOptions: fast })).rejects.toMatchObject({
      code: 'EF_DATA_DOWNLOAD',
    });
    await expect(readFile(join(cacheDir, 'datasets', 'head_qa', 'test_en.hf_like.jsonl'))).rejects.toThrow();
  });
});
