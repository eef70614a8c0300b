import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordingContext, startLoopback, tempDir } from '../shared/test-support.js';
import type { LoopbackServer } from '../shared/test-support.js';
import { MTSAMPLES_REVISION, pyQuote } from './download.js';
import type { MtsamplesEndpoints } from './download.js';
import { loadMtsamplesReplicate } from './load.js';

const FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'fixture', 'mtsamples_processed');
const FILES = new Map(readdirSync(FOLDER).map((name) => [name, readFileSync(join(FOLDER, name))]));
const REPO = '/repos/raulista1997/benchmarkdata/git/trees';
const RAW = `/raulista1997/benchmarkdata/${MTSAMPLES_REVISION}/mtsamples_processed/`;

let server: LoopbackServer;

/** A fake GitHub: the commit's root tree, the folder's tree (in server order, not sorted) and the raw files. */
beforeAll(async () => {
  server = await startLoopback((req, res) => {
    const path = req.url ?? '';
    const json = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (path === `${REPO}/${MTSAMPLES_REVISION}`) {
      return json({
        sha: 'root',
        tree: [
          { path: 'README.md', type: 'blob', sha: 'r' },
          { path: 'mtsamples_processed', type: 'tree', sha: 'folder-sha' },
        ],
        truncated: false,
      });
    }
    if (path === `${REPO}/folder-sha`) {
      return json({
        sha: 'folder-sha',
        tree: [...FILES.keys()].reverse().map((name) => ({ path: name, type: 'blob', sha: 'x' })),
        truncated: false,
      });
    }
    const name = path.startsWith(RAW) ? decodeURIComponent(path.slice(RAW.length)) : null;
    const body = name === null ? undefined : FILES.get(name);
    if (body === undefined) {
      res.statusCode = 404;
      return void res.end('not found');
    }
    res.end(body);
  });
});
afterAll(() => server.close());

const endpoints = (rawPrefix = ''): MtsamplesEndpoints => ({
  apiBase: server.baseUrl,
  rawBase: `${server.baseUrl}${rawPrefix}`,
  fetchOptions: { retries: 0, retryDelayMs: 1, timeoutMs: 5000 },
  concurrency: 3,
});

describe('mtsamples_replicate download (git trees listing + raw files at the pinned commit)', () => {
  it('lists with two API calls, fetches each .txt once with Python-quoted names, caches, then reloads offline', async () => {
    const cacheDir = await tempDir();
    const ctx = recordingContext({ cacheDir, allowDataDrift: true });
    const before = server.requests.length;
    const loaded = await loadMtsamplesReplicate(ctx, endpoints());
    const calls = server.requests.slice(before);
    expect(calls.slice(0, 2)).toEqual([`${REPO}/${MTSAMPLES_REVISION}`, `${REPO}/folder-sha`]);
    expect(calls.slice(2).sort()).toEqual(
      [...FILES.keys()]
        .filter((n) => n.endsWith('.txt'))
        .map((n) => RAW + pyQuote(n))
        .sort(),
    );
    expect(calls).toContain(`${RAW}Discharge%20Summary%20-%20Pneumonia%20%26%20Sepsis.txt`);
    expect(calls).toContain(`${RAW}Radiology%20-%20Chest%20X-ray%20%28Findings%20only%29.txt`);
    expect(loaded.data.num_rows).toBe(8);
    expect(loaded.instances.filter((x) => x.variant === undefined)).toHaveLength(5);
    expect(loaded.instances.filter((x) => x.variant === 'corrected')).toHaveLength(7);
    // The fixture is not the pinned upstream: drift is allowed here, so it warns.
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
    expect(await readdir(join(cacheDir, 'datasets', 'mtsamples_replicate'))).toEqual(['mtsamples_processed']);
    const again = await loadMtsamplesReplicate(ctx, endpoints());
    expect(server.requests.length - before).toBe(calls.length);
    expect(again.instances).toEqual(loaded.instances);
  });

  it('rejects a folder that does not match the pinned checksum with EF_DATA_CHECKSUM and caches nothing', async () => {
    const cacheDir = await tempDir();
    await expect(loadMtsamplesReplicate(recordingContext({ cacheDir }), endpoints())).rejects.toMatchObject({
      code: 'EF_DATA_CHECKSUM',
    });
    expect(await readdir(join(cacheDir, 'datasets', 'mtsamples_replicate'))).toEqual([]);
  });

  it('turns a missing file into EF_DATA_DOWNLOAD naming its URL and caches nothing', async () => {
    const cacheDir = await tempDir();
    const ctx = recordingContext({ cacheDir, allowDataDrift: true });
    await expect(loadMtsamplesReplicate(ctx, endpoints('/elsewhere'))).rejects.toMatchObject({
      code: 'EF_DATA_DOWNLOAD',
      message: expect.stringContaining('/elsewhere/raulista1997/'),
    });
    expect(await readdir(join(cacheDir, 'datasets', 'mtsamples_replicate'))).toEqual([]);
  });

  it.each([
    ['a commit without the folder', { sha: 'root', tree: [], truncated: false }],
    [
      'a truncated listing',
      { sha: 'root', tree: [{ path: 'mtsamples_processed', type: 'tree', sha: 'f' }], truncated: true },
    ],
    ['a response without a tree list', { message: 'API rate limit exceeded' }],
  ])('reports %s as EF_DATA_FORMAT', async (_label, body) => {
    const bad = await startLoopback((_req, res) => res.end(JSON.stringify(body)));
    try {
      const ctx = recordingContext({ cacheDir: await tempDir(), allowDataDrift: true });
      await expect(
        loadMtsamplesReplicate(ctx, { apiBase: bad.baseUrl, rawBase: bad.baseUrl, fetchOptions: { retries: 0 } }),
      ).rejects.toMatchObject({ code: 'EF_DATA_FORMAT' });
    } finally {
      await bad.close();
    }
  });
});

describe('pyQuote (urllib.parse.quote)', () => {
  it.each([
    ['1-year-old Exam - H&P.txt', '1-year-old%20Exam%20-%20H%26P.txt'],
    ["Crohn's (a)*!~_.txt", 'Crohn%27s%20%28a%29%2A%21~_.txt'],
    ['Caf\u00e9 note.txt', 'Caf%C3%A9%20note.txt'],
    ['a/b.txt', 'a/b.txt'],
  ])('%s → %s', (name, quoted) => {
    expect(pyQuote(name)).toBe(quoted);
  });
});
