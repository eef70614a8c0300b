/**
 * The static report's file over a self-written run: one page with everything inline, a policy that forbids the
 * network, data that cannot end its <script> element, and each run's instances packed and complete.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { RunCatalog } from '../data/catalog.js';
import type { InstanceDetail } from '../shared/api-types.js';
import { writeFixtureRun } from '../test-support.js';
import { buildReport, REPORT_CSP, scriptJson } from './build-report.js';

const HOSTILE = '</script><script>alert(1)</script><!--';
let root: string;
let html: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ef-viewer-report-'));
  writeFixtureRun(join(root, 'invented_mcq'), {
    task: 'invented_mcq',
    model: 'lab/model-a',
    metric: 'exact_match',
    rows: Array.from({ length: 12 }, (_, i) =>
      i === 3
        ? { id: `r${i}`, status: 'failed', reason: `server_error: ${HOSTILE}` }
        : { id: `r${i}`, status: 'ok', value: i % 2, answer: i === 5 ? HOSTILE : 'A' },
    ),
  });
  html = (await buildReport(RunCatalog.open([root]), { maxInstances: 10 })).html;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('static report', () => {
  it('forbids every network request and fetches nothing: no src or href to anywhere', () => {
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP.replace(/'/g, '&#39;')}">`,
    );
    expect(html).not.toMatch(/\b(src|href)="(https?:|\/\/)/);
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
  });

  it('keeps untrusted text inside its data elements', () => {
    // Four elements: the report data, one run block, the modules, the loader; nothing an answer could open.
    expect(html.match(/<script/g)).toHaveLength(4);
    expect(html).not.toContain(HOSTILE);
    expect(JSON.parse(scriptJson({ a: HOSTILE }))).toEqual({ a: HOSTILE });
  });

  it('packs the first --max_instances instances of each run, and says how many there are', () => {
    const data = JSON.parse(
      /<script type="application\/json" id="ef-report">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null',
    );
    expect(data.instances.invented_mcq).toEqual({ block: 'ef-run-0', included: 10, total: 12 });
    expect(data.runs.invented_mcq.summary.counts).toMatchObject({ evaluated: 12, failed: 1 });
    const packed = /<script type="application\/octet-stream" id="ef-run-0">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    const details = JSON.parse(gunzipSync(Buffer.from(packed, 'base64')).toString('utf8')) as InstanceDetail[];
    expect(details.map((d) => d.record.id)).toEqual(Array.from({ length: 10 }, (_, i) => `r${i}`));
    expect(details[3].record.reason).toBe(`server_error: ${HOSTILE}`);
    expect(details[3].response?.success).toBe(false);
  });

  it('carries every compiled browser module for the loader', () => {
    const modules = JSON.parse(
      /<script type="application\/json" id="ef-modules">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
    );
    expect(Object.keys(modules)).toEqual(
      expect.arrayContaining(['browser/main.js', 'browser/views/instances.js', 'shared/query.js']),
    );
    expect(Object.values(modules).join('\n')).not.toContain('sourceMappingURL');
  });
});
