import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveDataFile, resolveStreamedDataFile } from './data-files.js';
import type { ResolveDataFileOptions } from './data-files.js';
import { sha256Hex } from './hashing.js';
import { recordingContext, startLoopback, tempDir } from '../../benchmarks/test-support/shared/test-support.js';
import type { LoopbackServer, RecordingContext } from '../../benchmarks/test-support/shared/test-support.js';

const BODY = 'invented data file\n';
const BODY_SHA = sha256Hex(BODY);
const OTHER_SHA = sha256Hex('something else');

let server: LoopbackServer;
let flakyCalls = 0;

beforeAll(async () => {
  server = await startLoopback((req, res) => {
    if (req.url === '/data.txt') return void res.end(BODY);
    if (req.url === '/flaky.txt' && flakyCalls++ === 0) {
      res.statusCode = 503;
      return void res.end('busy');
    }
    if (req.url === '/flaky.txt') return void res.end(BODY);
    res.statusCode = 404;
    res.end('not found');
  });
});
afterAll(() => server.close());

async function setup(fields: Partial<RecordingContext> = {}): Promise<{ ctx: RecordingContext; cacheDir: string }> {
  const cacheDir = await tempDir();
  return { ctx: recordingContext({ cacheDir, ...fields }), cacheDir };
}

function options(ctx: RecordingContext, overrides: Partial<ResolveDataFileOptions> = {}): ResolveDataFileOptions {
  const fast = { retries: 1, retryDelayMs: 1, timeoutMs: 5000 };
  return {
    benchmark: 'bench',
    fileName: 'data.txt',
    url: `${server.baseUrl}/data.txt`,
    sha256: BODY_SHA,
    ctx,
    fetchOptions: fast,
    ...overrides,
  };
}

describe('resolveDataFile: download and cache', () => {
  it('downloads once into <cacheDir>/datasets/<benchmark>/ and then hits the cache without a request', async () => {
    const { ctx, cacheDir } = await setup();
    const before = server.requests.length;
    const first = await resolveDataFile(options(ctx));
    const expectedPath = join(cacheDir, 'datasets', 'bench', 'data.txt');
    expect(first).toEqual({ path: expectedPath, sha256: BODY_SHA, bytes: Buffer.byteLength(BODY) });
    expect(await readFile(expectedPath, 'utf8')).toBe(BODY);
    const second = await resolveDataFile(options(ctx));
    expect(second).toEqual(first);
    expect(server.requests.length - before).toBe(1);
    expect(await readdir(join(cacheDir, 'datasets', 'bench'))).toEqual(['data.txt']); // no temp file left behind
  });

  it('rejects a download whose checksum differs and leaves nothing in the cache', async () => {
    const { ctx, cacheDir } = await setup();
    await expect(resolveDataFile(options(ctx, { sha256: OTHER_SHA }))).rejects.toMatchObject({
      code: 'EF_DATA_CHECKSUM',
    });
    expect(await readdir(join(cacheDir, 'datasets', 'bench'))).toEqual([]);
  });

  it('accepts a checksum mismatch with allowDataDrift, warning EF_DATA_DRIFT', async () => {
    const { ctx } = await setup({ allowDataDrift: true });
    const info = await resolveDataFile(options(ctx, { sha256: OTHER_SHA }));
    expect(info.sha256).toBe(BODY_SHA);
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
  });

  it('verifies a cached file too: a damaged copy is EF_DATA_CHECKSUM with expected and actual hashes', async () => {
    const { ctx, cacheDir } = await setup();
    await mkdir(join(cacheDir, 'datasets', 'bench'), { recursive: true });
    await writeFile(join(cacheDir, 'datasets', 'bench', 'data.txt'), 'damaged');
    const error = await resolveDataFile(options(ctx)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'EF_DATA_CHECKSUM' });
    expect((error as Error).message).toContain(BODY_SHA);
    expect((error as Error).message).toContain(sha256Hex('damaged'));
  });

  it('accepts any file when the checksum is unpinned (null)', async () => {
    const { ctx } = await setup();
    const info = await resolveDataFile(options(ctx, { sha256: null }));
    expect(info.sha256).toBe(BODY_SHA);
    expect(ctx.warnings).toEqual([]);
  });

  it('turns HTTP 404 into EF_DATA_DOWNLOAD naming the URL, without retrying', async () => {
    const { ctx } = await setup();
    const url = `${server.baseUrl}/missing.txt`;
    const before = server.requests.length;
    const error = await resolveDataFile(options(ctx, { url })).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'EF_DATA_DOWNLOAD' });
    expect((error as Error).message).toContain(url);
    expect((error as Error).message).toContain('404');
    expect((error as { hint: string }).hint).toContain('extra.data_path');
    expect(server.requests.length - before).toBe(1);
  });

  it('retries a 503 and then succeeds', async () => {
    const { ctx } = await setup();
    const info = await resolveDataFile(options(ctx, { url: `${server.baseUrl}/flaky.txt` }));
    expect(info.sha256).toBe(BODY_SHA);
    expect(flakyCalls).toBe(2);
  });

  it('turns a refused connection into EF_DATA_DOWNLOAD', async () => {
    const { ctx } = await setup();
    const closed = await startLoopback(() => undefined);
    await closed.close();
    await expect(resolveDataFile(options(ctx, { url: `${closed.baseUrl}/data.txt` }))).rejects.toMatchObject({
      code: 'EF_DATA_DOWNLOAD',
    });
  });

  it('uses a custom download function when given one', async () => {
    const { ctx } = await setup();
    const info = await resolveDataFile(options(ctx, { download: (tmp) => writeFile(tmp, BODY) }));
    expect(info.sha256).toBe(BODY_SHA);
  });
});

describe('resolveDataFile: extra.data_path', () => {
  it("uses a data_path file as is; a different hash only warns (it is the user's copy)", async () => {
    const dir = await tempDir();
    const file = join(dir, 'my-copy.txt');
    await writeFile(file, 'my own edited copy');
    const { ctx } = await setup({ dataPath: file });
    const before = server.requests.length;
    const info = await resolveDataFile(options(ctx));
    expect(info.path).toBe(file);
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
    expect(server.requests.length).toBe(before);
  });

  it('finds fileName inside a data_path folder, or an alternative name', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'data.txt'), BODY);
    const { ctx } = await setup({ dataPath: dir });
    expect((await resolveDataFile(options(ctx))).path).toBe(join(dir, 'data.txt'));
    expect(ctx.warnings).toEqual([]);
    const alt = await resolveDataFile(options(ctx, { fileName: 'absent.txt', alternativeFileNames: ['data.txt'] }));
    expect(alt.path).toBe(join(dir, 'data.txt'));
  });

  it.each([
    ['a missing path', (dir: string) => join(dir, 'nope.txt'), 'nope.txt'],
    ['a folder without the file', (dir: string) => dir, 'data.txt'],
  ])('reports %s as EF_DATA_NOT_FOUND naming the path', async (_label, pathOf, named) => {
    const dir = await tempDir();
    const { ctx } = await setup({ dataPath: pathOf(dir) });
    const error = await resolveDataFile(options(ctx)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'EF_DATA_NOT_FOUND' });
    expect((error as Error).message).toContain(join(dir, named));
    expect((error as { hint: string }).hint).toContain('extra.data_path');
  });
});

describe('resolveStreamedDataFile', () => {
  it("hashes the user's own file as it is read, and says it differs from the pin only then", async () => {
    const dir = await tempDir();
    const file = join(dir, 'data.txt');
    await writeFile(file, 'my own copy\n');
    const { ctx } = await setup({ dataPath: dir });
    const streamed = await resolveStreamedDataFile(options(ctx));
    expect(streamed.path).toBe(file);
    expect(ctx.warnings).toEqual([]);
    streamed.onBytes(Buffer.from('my own '));
    streamed.onBytes(Buffer.from('copy\n'));
    const expected = { path: file, sha256: sha256Hex('my own copy\n'), bytes: 12 };
    expect(streamed.info()).toEqual(expected);
    expect(streamed.info()).toEqual(expected); // asked again: the same, warned once
    expect(ctx.warnings).toEqual([{ code: 'EF_DATA_DRIFT', message: expect.stringContaining(file) }]);
  });

  it('verifies a cached copy before it is read: a damaged one is EF_DATA_CHECKSUM at once', async () => {
    const { ctx, cacheDir } = await setup();
    await mkdir(join(cacheDir, 'datasets', 'bench'), { recursive: true });
    await writeFile(join(cacheDir, 'datasets', 'bench', 'data.txt'), 'damaged');
    await expect(resolveStreamedDataFile(options(ctx))).rejects.toMatchObject({ code: 'EF_DATA_CHECKSUM' });
    const good = await setup();
    const streamed = await resolveStreamedDataFile(options(good.ctx));
    expect(streamed.info()).toEqual({ path: streamed.path, sha256: BODY_SHA, bytes: Buffer.byteLength(BODY) });
  });
});
