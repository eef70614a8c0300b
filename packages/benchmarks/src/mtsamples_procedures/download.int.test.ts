import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordingContext, startLoopback, tempDir } from '../shared/test-support.js';
import type { LoopbackServer } from '../shared/test-support.js';
import type { MtsamplesEndpoints } from '../mtsamples_replicate/download.js';
import { loadMtsamplesProcedures, PROCEDURES_SOURCE } from './load.js';

const FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'fixture', PROCEDURES_SOURCE.folder);
const FILES = new Map(readdirSync(FOLDER).map((name) => [name, readFileSync(join(FOLDER, name))]));
const TREES = '/repos/raulista1997/benchmarkdata/git/trees';
const RAW = `/raulista1997/benchmarkdata/${PROCEDURES_SOURCE.revision}/${PROCEDURES_SOURCE.folder}/`;

let server: LoopbackServer;

/** A fake GitHub serving the pinned commit's tree, the folder's tree and the raw files (by their decoded name). */
beforeAll(async () => {
  server = await startLoopback((req, res) => {
    const path = req.url ?? '';
    const json = (body: unknown) => void res.end(JSON.stringify(body));
    if (path === `${TREES}/${PROCEDURES_SOURCE.revision}`)
      return json({ tree: [{ path: PROCEDURES_SOURCE.folder, type: 'tree', sha: 'proc-sha' }], truncated: false });
    if (path === `${TREES}/proc-sha`)
      return json({
        tree: [...FILES.keys()].map((name) => ({ path: name, type: 'blob', sha: 'x' })),
        truncated: false,
      });
    const body = path.startsWith(RAW) ? FILES.get(decodeURIComponent(path.slice(RAW.length))) : undefined;
    if (body === undefined) {
      res.statusCode = 404;
      return void res.end('not found');
    }
    res.end(body);
  });
});
afterAll(() => server.close());

const endpoints: () => MtsamplesEndpoints = () => ({
  apiBase: server.baseUrl,
  rawBase: server.baseUrl,
  fetchOptions: { retries: 0, retryDelayMs: 1, timeoutMs: 5000 },
  concurrency: 2,
});

describe('mtsamples_procedures download (pinned commit, names encoded)', () => {
  it('downloads every .txt file (the # name as %23), so the corrected set has the file HELM loses', async () => {
    const cacheDir = await tempDir();
    const before = server.requests.length;
    const loaded = await loadMtsamplesProcedures(recordingContext({ cacheDir, allowDataDrift: true }), endpoints());
    expect(server.requests.slice(before)).toContain(`${RAW}Vascular%20Note%20Sample%20Report%20%232.txt`);
    expect(loaded.instances.filter((x) => x.variant === undefined)).toHaveLength(3);
    expect(loaded.instances.filter((x) => x.variant === 'corrected')).toHaveLength(4);
    expect(
      (await readdir(join(cacheDir, 'datasets', 'mtsamples_procedures', PROCEDURES_SOURCE.folder))).sort(),
    ).toEqual([...FILES.keys()].filter((n) => n.endsWith('.txt')).sort());
  });

  it('a folder that differs from the pin is EF_DATA_CHECKSUM and leaves nothing in the cache', async () => {
    const cacheDir = await tempDir();
    await expect(loadMtsamplesProcedures(recordingContext({ cacheDir }), endpoints())).rejects.toMatchObject({
      code: 'EF_DATA_CHECKSUM',
    });
    expect(await readdir(join(cacheDir, 'datasets', 'mtsamples_procedures')).catch(() => [])).toEqual([]);
  });
});
