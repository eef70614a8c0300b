/**
 * The viewer's HTTP server on a loopback port over a self-written run: the page, its modules, the JSON API with
 * paging and filters, and what it refuses (other hosts, other methods, paths outside its modules). Needs the
 * browser build (`npm test` builds first).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunCatalog } from '../data/catalog.js';
import type { InstanceDetail, InstancePage, OverviewView } from '../shared/api-types.js';
import { writeFixtureRun } from '../test-support.js';
import { startViewerServer, type ViewerServer } from './http-server.js';

let root: string;
let server: ViewerServer;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ef-viewer-http-'));
  writeFixtureRun(join(root, 'runs', 'invented_mcq'), {
    task: 'invented_mcq',
    model: 'lab/model-a',
    metric: 'exact_match',
    rows: Array.from({ length: 30 }, (_, i) =>
      i === 4
        ? { id: `r${i}`, status: 'failed', reason: 'timeout: no answer after 600 s' }
        : { id: `r${i}`, status: 'ok', value: i % 2 },
    ),
  });
  server = await startViewerServer({ catalog: RunCatalog.open([root]), port: 0 });
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A raw GET (no URL normalisation, any Host header), for the refusals. */
function rawGet(
  path: string,
  host = `127.0.0.1:${server.port}`,
  method = 'GET',
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const getJson = async <T>(path: string): Promise<T> => {
  const res = await fetch(new URL(path, server.url));
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe('viewer server', () => {
  it('listens on 127.0.0.1 and serves the page with a policy that allows nothing from elsewhere', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const res = await rawGet('/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<script type="module" src="/assets/browser/main.js"></script>');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves the compiled browser modules, and nothing outside them', async () => {
    const main = await rawGet('/assets/browser/main.js');
    expect(main.status).toBe(200);
    expect(main.headers['content-type']).toMatch(/^text\/javascript/);
    expect((await rawGet('/assets/shared/query.js')).status).toBe(200);
    for (const path of [
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/browser/..%2f..%2f..%2fpackage.json',
      '/assets/browser/main.d.ts',
      '/assets/server/routes.js',
      '/assets/nothing.js',
    ]) {
      expect((await rawGet(path)).status).toBe(404);
    }
  });

  it('answers only to its own names (no DNS rebinding) and only GET / HEAD', async () => {
    expect((await rawGet('/api/overview', 'attacker.example:80')).status).toBe(421);
    expect((await rawGet('/api/overview', `localhost:${server.port}`)).status).toBe(200);
    expect((await rawGet('/api/overview', undefined, 'POST')).status).toBe(405);
  });

  it('gives the overview, a run, and pages of instances filtered by verdict', async () => {
    const o = await getJson<OverviewView>('/api/overview');
    expect(o.runs.map((r) => [r.id, r.state])).toEqual([['invented_mcq', 'partial']]);
    const page = await getJson<InstancePage>('/api/runs/invented_mcq/instances?page=2&page_size=10');
    expect(page).toMatchObject({ total: 30, pages: 3, query: { page: 2, page_size: 10 } });
    expect(page.rows.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => `r${i + 10}`));
    const failed = await getJson<InstancePage>('/api/runs/invented_mcq/instances?verdict=failed');
    expect(failed.rows.map((r) => [r.id, r.reason])).toEqual([['r4', 'timeout: no answer after 600 s']]);
    const detail = await getJson<InstanceDetail>('/api/runs/invented_mcq/instance?id=r4&trial=0');
    expect(detail.record.reason).toBe('timeout: no answer after 600 s');
  });

  it('says what was not found', async () => {
    const res = await rawGet('/api/runs/nope');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ error: 'not found: run nope' });
    expect((await rawGet('/api/runs/invented_mcq/instance?id=zz')).status).toBe(404);
  });
});
