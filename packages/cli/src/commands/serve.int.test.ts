/**
 * The viewer on real runs (two models × two benchmarks, made by the built CLI against the
 * loopback fake server, one instance failing on purpose), `serve` started on a free port and its pages driven in
 * headless Chromium; then `report` opened from file:// with every other request aborted. Numbers are checked
 * against each run's results.yml and results.jsonl; a screenshot of each page goes to test-output/screenshots/.
 * Skips, saying why, when /usr/bin/chromium is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { parse, stringify } from 'yaml';
import {
  cleanupTempDirs,
  demoAnswer,
  makeTempDir,
  startFakeOpenAIServer,
  type FakeOpenAIServer,
  runNode,
  textSink,
} from '@eval-factory/testkit';
import { reportCommand } from './report.js';
import { serveCommand } from './serve.js';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
// The committed bin: the esbuild bundle while it is fresh (npm run build), so the viewer's assets are found from it too.
const CLI = join(REPO, 'packages/cli/bin/eval-factory.js');
const CHROMIUM = '/usr/bin/chromium';
const SHOTS = join(REPO, 'test-output', 'screenshots');
const MODELS = ['model-a', 'model-b'];
const BENCHMARKS = ['pubmed_qa', 'head_qa'];
/** The invented question whose request the fake server fails (max_retries 0): one failed instance per model. */
const FAILING = 'invented factor 7 ';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium)
  process.stderr.write(
    `serve.int.test: skipped, ${CHROMIUM} is absent (install Debian's chromium to run the browser tests)\n`,
  );
const describeBrowser = haveChromium ? describe : describe.skip;

function runCli(args: readonly string[]) {
  return runNode([CLI, ...args], { cwd: REPO, env: { ...process.env, CI: 'true' } });
}

/** 60 invented PubMedQA-shaped rows (random words, not real abstracts). */
function writeInventedPubmedQa(dir: string): string {
  const words = 'cohort dose marker serum trial outcome risk week'.split(' ');
  const data: Record<string, unknown> = {};
  for (let i = 0; i < 60; i++) {
    data[String(20_000_000 + i)] = {
      QUESTION: `Does invented factor ${i} change the imaginary ${words[i % words.length]} level?`,
      CONTEXTS: [`Invented background ${i}: ${words.slice(0, 1 + (i % 7)).join(' ')}.`],
      LABELS: ['BACKGROUND'],
      final_decision: ['yes', 'no', 'maybe'][i % 3],
    };
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'ori_pqal.json'), JSON.stringify(data));
  return dir;
}

let fake: FakeOpenAIServer;
let root: string;
let url: string;
const stop = new AbortController();
let serving: Promise<number>;
let context: BrowserContext;

const runDir = (model: string, benchmark: string) => join(root, model, benchmark);
const mainOf = (model: string, benchmark: string) =>
  parse(readFileSync(join(runDir(model, benchmark), 'results.yml'), 'utf8')).results.tasks[benchmark].metrics
    .exact_match.scores.mean as { value: number; stats: { count: number } };
const resultsOf = (model: string, benchmark: string) =>
  readFileSync(join(runDir(model, benchmark), 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

async function open(page: Page, hash: string): Promise<void> {
  await page.goto(`${url}${hash}`);
  await page.locator('#app[aria-busy="false"]').waitFor();
}

/** Waits until the instance table shows `n` rows (the page's CSP forbids evaluating strings, so no waitForFunction). */
async function waitForRows(page: Page, n: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await page.locator('tr[data-instance]').count()) === n) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`the instance table never showed ${n} row(s)`);
}

beforeAll(async () => {
  if (!haveChromium) return;
  fake = await startFakeOpenAIServer({
    answer: (r) => demoAnswer(r.model === 'model-b' ? { ...r, prompt: `${r.prompt}\n#b` } : r),
    faults: (r) =>
      r.kind === 'chat' && JSON.stringify(r.body).includes(FAILING) ? { kind: 'server_error', status: 503 } : null,
  });
  root = (await makeTempDir('ef-serve-int-')).path;
  const pubmed = writeInventedPubmedQa(join(root, 'data'));
  for (const model of MODELS) {
    for (const benchmark of BENCHMARKS) {
      const config = join(root, `${model}-${benchmark}.yml`);
      const dataPath = benchmark === 'pubmed_qa' ? pubmed : join(REPO, 'packages/benchmarks/src', benchmark, 'fixture');
      writeFileSync(
        config,
        stringify({
          config: {
            type: benchmark,
            output_dir: runDir(model, benchmark),
            params: { parallelism: 4, max_retries: 0, extra: { data_path: dataPath, allow_data_drift: true } },
          },
          target: { api_endpoint: { url: fake.url, model_id: model, type: 'chat' } },
        }),
      );
      const r = await runCli(['run_eval', '--run_config', config]);
      if (r.code !== 0) throw new Error(`run_eval ${model} ${benchmark} exited ${r.code}: ${r.stderr}`);
    }
  }
  const out = textSink();
  serving = serveCommand({ runs: [root], port: 0 }, out, textSink(), stop.signal);
  for (let i = 0; i < 200 && !/http:\/\/\S+/.test(out.text); i++) await new Promise((r) => setTimeout(r, 50));
  url = /http:\/\/\S+/.exec(out.text)?.[0] ?? '';
  mkdirSync(SHOTS, { recursive: true });
  context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'ef-chromium-')), {
    executablePath: CHROMIUM,
    viewport: { width: 1360, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 180_000);

afterAll(async () => {
  await context?.close();
  stop.abort();
  await serving;
  await fake?.close();
  await cleanupTempDirs();
});

describeBrowser('serve, in headless Chromium', () => {
  it("shows the leaderboard with each run's results.yml value, interval and count", async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await open(page, '');
    for (const model of MODELS) {
      for (const benchmark of BENCHMARKS) {
        const cell = page.locator(
          `[data-testid="leaderboard"] tr[data-model="${model}"] td[data-scenario^="${benchmark}"]`,
        );
        const main = mainOf(model, benchmark);
        await expect(cell.locator('.cell-val').textContent()).resolves.toBe(main.value.toFixed(4));
        await expect(cell.textContent()).resolves.toContain(`n = ${main.stats.count}`);
        await expect(cell.locator('.cell-ci').textContent()).resolves.toMatch(/^\[\d\.\d{4}, \d\.\d{4}\]$/);
      }
    }
    await expect(
      page.locator('[data-testid="leaderboard"] tr[data-model="model-a"] td[data-scenario="pubmed_qa"]').textContent(),
    ).resolves.toContain('partial: 1 failed');
    expect(await page.locator('svg.score-bars').count()).toBe(BENCHMARKS.length);
    await page.screenshot({ path: join(SHOTS, 'leaderboard.png'), fullPage: true });
    // Everything came from the viewer itself: no CDN, no font, no beacon.
    expect(requested.filter((r) => !r.startsWith(url))).toEqual([]);
    await page.close();
  });

  it('shows a run page with its metrics, counts and latency histogram', async () => {
    const page = await context.newPage();
    await open(page, '#/run/model-a%2Fpubmed_qa');
    const main = mainOf('model-a', 'pubmed_qa');
    await expect(page.locator('tr[data-metric="exact_match"] .metric-value').textContent()).resolves.toBe(
      main.value.toFixed(4),
    );
    await expect(page.locator('[data-testid="count-evaluated"] .v').textContent()).resolves.toBe('60');
    await expect(page.locator('[data-testid="count-failed"] .v').textContent()).resolves.toBe('1');
    expect(await page.locator('svg.latency-histogram rect.bar').count()).toBeGreaterThan(0);
    await expect(page.locator('[data-testid="warn-list"]').textContent()).resolves.toContain('EF_INSTANCES_FAILED');
    await page.screenshot({ path: join(SHOTS, 'run.png'), fullPage: true });
    await page.close();
  });

  it('pages, filters and searches the instances, and shows the failed one with its error', async () => {
    const page = await context.newPage();
    await open(page, '#/run/model-a%2Fpubmed_qa/instances?page_size=25');
    await expect(page.locator('[data-testid="page-label"]').first().textContent()).resolves.toBe(
      'Page 1 of 3 · 60 matching',
    );
    await page.locator('[data-testid="next"]').first().click();
    await page
      .locator('[data-testid="page-label"]', { hasText: /^Page 2 / })
      .first()
      .waitFor();
    expect(await page.locator('tr[data-instance]').count()).toBe(25);
    await page.screenshot({ path: join(SHOTS, 'instances.png'), fullPage: true });
    const failed = resultsOf('model-a', 'pubmed_qa').filter((r) => r.status === 'failed');
    expect(failed).toHaveLength(1);
    await page.locator('a.chip[data-verdict="failed"]').click();
    await waitForRows(page, 1);
    await page.locator('input[type=search]').fill('invented factor 12 ');
    await page.locator('[data-testid="no-rows"]').waitFor();
    await page.locator('a.chip[data-verdict="all"]').click();
    await waitForRows(page, 1);
    await open(page, `#/run/model-a%2Fpubmed_qa/instance?id=${encodeURIComponent(failed[0].instance_id)}&trial=0`);
    await expect(page.locator('[data-testid="instance-error"]').textContent()).resolves.toContain(failed[0].reason);
    await expect(page.locator('[data-testid="prompt"]').textContent()).resolves.toContain(FAILING);
    await page.screenshot({ path: join(SHOTS, 'instance-failed.png'), fullPage: true });
    await page.close();
  });

  it('shows an answered instance: prompt, raw output, references and metric', async () => {
    const page = await context.newPage();
    const answered = resultsOf('model-b', 'head_qa')[0];
    await open(page, `#/run/model-b%2Fhead_qa/instance?id=${encodeURIComponent(answered.instance_id)}&trial=0`);
    await expect(page.locator('[data-testid="raw-output"]').textContent()).resolves.toBe(answered.prediction);
    await expect(page.locator('[data-testid="references"] li.ref-ok').count()).resolves.toBe(1);
    await expect(page.locator('tr[data-metric="exact_match"] td.num').textContent()).resolves.toBe(
      answered.metrics.exact_match.toFixed(4),
    );
    await page.screenshot({ path: join(SHOTS, 'instance.png'), fullPage: true });
    await page.close();
  });
});

describeBrowser('report, opened from disk with the network blocked', () => {
  it('shows the same numbers and the failed instance', async () => {
    const file = join(root, 'report.html');
    expect(await reportCommand({ out: file, runs: [root] }, textSink())).toBe(0);
    const page = await context.newPage();
    const blocked: string[] = [];
    await page.route('**/*', (route) => {
      const u = route.request().url();
      if (u.startsWith('file:') || u.startsWith('blob:') || u.startsWith('data:')) return route.continue();
      blocked.push(u);
      return route.abort();
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`file://${file}`);
    await page.locator('#app[aria-busy="false"]').waitFor();
    for (const model of MODELS) {
      const cell = page.locator(
        `[data-testid="leaderboard"] tr[data-model="${model}"] td[data-scenario="pubmed_qa"] .cell-val`,
      );
      await expect(cell.textContent()).resolves.toBe(mainOf(model, 'pubmed_qa').value.toFixed(4));
    }
    await page.screenshot({ path: join(SHOTS, 'report-leaderboard.png'), fullPage: true });
    await page.goto(`file://${file}#/run/model-b%2Fpubmed_qa/instances?verdict=failed`);
    await waitForRows(page, 1);
    await page.locator('tr[data-instance] a').click();
    await page.locator('[data-testid="instance-error"]').waitFor();
    const failed = resultsOf('model-b', 'pubmed_qa').find((r) => r.status === 'failed');
    await expect(page.locator('[data-testid="instance-error"]').textContent()).resolves.toContain(failed.reason);
    await page.screenshot({ path: join(SHOTS, 'report-instance-failed.png'), fullPage: true });
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
    rmSync(file);
  });
});
