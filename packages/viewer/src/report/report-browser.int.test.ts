/**
 * The static report in Debian's headless Chromium: a plain `chromium --screenshot` / `--dump-dom`
 * sees the first view, not "Loading…"; a leaderboard of 17 benchmarks × 10 models fits the window without page-wide
 * sideways scrolling or tall rows; a 1–5 jury metric's axis runs 1–5 with round ticks; a free-text reference is not a
 * green "correct". Screenshots go to test-output/screenshots/. Skips, saying why, when /usr/bin/chromium is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { RunCatalog } from '../data/catalog.js';
import { writeFixtureRun, type FixtureRow } from '../test-support.js';
import { buildReport } from './build-report.js';

const CHROMIUM = '/usr/bin/chromium';
const SHOTS = join(fileURLToPath(new URL('../../../../', import.meta.url)), 'test-output', 'screenshots');
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium)
  process.stderr.write(
    `report-browser.int.test: skipped, ${CHROMIUM} is absent (install Debian's chromium to run the browser tests)\n`,
  );
const describeBrowser = haveChromium ? describe : describe.skip;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const BENCHMARKS = [
  'pubmed_qa',
  'head_qa',
  'medbullets',
  'medcalc_bench',
  'medec',
  'ehr_sql',
  'race_based_med',
  'medhallu',
  'medhelm_med_qa',
  'medhelm_med_mcqa',
  'medication_qa',
  'medi_qa',
  'aci_bench',
  'mtsamples_procedures',
  'med_dialog',
  'mimic_rrs',
];
const MODELS = [
  'openai/gpt-4o-2024-08-06',
  'meta/llama-3.3-70b-instruct',
  'anthropic/claude-3-7-sonnet-20250219',
  'google/gemini-2.0-flash-001',
  'deepseek-ai/deepseek-r1',
  'qwen/qwen2.5-72b-instruct',
  'mistralai/mixtral-8x22b-instruct-v0.1',
  'microsoft/phi-4',
  'nvidia/llama-3.1-nemotron-70b-instruct',
  'lab/model-j',
];
const JURY = 'mtsamples_replicate';

let root: string;
let reportFile: string;
let browser: Browser;

/** Invented 0/1 rows: model m on benchmark b gets a distinct mean; every third run has one failure (a marker). */
function rows01(m: number, b: number): FixtureRow[] {
  return Array.from({ length: 20 }, (_, i) =>
    i === 0 && (m + b) % 3 === 0
      ? { id: `r${i}`, status: 'failed', reason: 'server_error: invented' }
      : { id: `r${i}`, status: 'ok', value: (i * 7 + m * 3 + b) % 10 < 4 + (m % 5) ? 1 : 0 },
  );
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ef-report-browser-'));
  MODELS.forEach((model, m) => {
    BENCHMARKS.forEach(
      (task, b) =>
        void writeFixtureRun(join(root, model.replace(/\W/g, '_'), task), {
          task,
          model,
          metric: 'exact_match',
          range: [0, 1],
          rows: rows01(m, b),
        }),
    );
    // The 17th benchmark: an LLM-jury score on 1–5 (means 1.8–4.5), free-text gold answers.
    writeFixtureRun(join(root, model.replace(/\W/g, '_'), JURY), {
      task: JURY,
      model,
      metric: `${JURY}_accuracy`,
      range: [1, 5],
      freeTextReference: 'Rest, fluids, and review in one week.',
      rows: Array.from({ length: 12 }, (_, i) => ({
        id: `j${i}`,
        status: 'ok' as const,
        value: 1.6 + m * 0.3 + (i % 3) * 0.2,
        answer: 'Start antibiotics.',
      })),
    });
  });
  mkdirSync(SHOTS, { recursive: true });
  reportFile = join(root, 'report.html');
  writeFileSync(reportFile, (await buildReport(RunCatalog.open([root]), { maxInstances: 5 })).html);
  if (haveChromium) browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

describeBrowser('the report opened by a plain headless Chromium (no script waits)', () => {
  it('--dump-dom after load holds the leaderboard, not "Loading…"; --screenshot is saved', async () => {
    const url = pathToFileURL(reportFile).href;
    const run = promisify(execFile);
    const { stdout } = await run(CHROMIUM, [...CHROMIUM_ARGS, '--dump-dom', url], {
      maxBuffer: 64 * 1024 * 1024,
      timeout: 90_000,
    });
    // Booleans, not the dump itself: a failure must not print megabytes of inlined modules.
    expect(stdout.includes('data-testid="leaderboard"')).toBe(true);
    expect(stdout.includes('<p class="loading">')).toBe(false);
    expect(MODELS.filter((model) => !stdout.includes(`data-model="${model}"`))).toEqual([]);
    await run(
      CHROMIUM,
      [...CHROMIUM_ARGS, `--screenshot=${join(SHOTS, 'report-plain-screenshot.png')}`, '--window-size=1360,900', url],
      { timeout: 90_000 },
    );
    expect(existsSync(join(SHOTS, 'report-plain-screenshot.png'))).toBe(true);
  }, 200_000);
});

describeBrowser('a leaderboard of 17 benchmarks × 10 models', () => {
  it('fits the window: no page-wide sideways scroll, the model column stays in view, rows stay short', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await page.goto(pathToFileURL(reportFile).href);
    await page.locator('[data-testid="leaderboard"] tbody tr').first().waitFor();
    await expect(page.locator('[data-testid="leaderboard"] thead th').count()).resolves.toBe(3 + BENCHMARKS.length + 1);
    const layout = await page.evaluate(() => {
      const table = document.querySelector('[data-testid="leaderboard"]') as HTMLElement;
      const rows = [...table.querySelectorAll('tbody tr')].map((r) => r.getBoundingClientRect().height);
      const head = table.querySelector('thead tr')!.getBoundingClientRect().height;
      return {
        pageWidth: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
        tableWidth: table.getBoundingClientRect().width,
        rows,
        head,
      };
    });
    await page.screenshot({ path: join(SHOTS, 'report-leaderboard-17x10.png'), fullPage: true });
    expect(layout.pageWidth).toBeLessThanOrEqual(layout.viewport);
    expect(layout.tableWidth).toBeLessThanOrEqual(layout.viewport);
    expect(Math.max(...layout.rows)).toBeLessThanOrEqual(64);
    expect(layout.head).toBeLessThanOrEqual(210);
  }, 60_000);

  it("groups the benchmarks by MedHELM's categories below the board, as leaderboard.md does", async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await page.goto(pathToFileURL(reportFile).href);
    await page.locator('[data-testid="category-board"]').first().waitFor();
    const sections = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="category-board"]')].map((t) => ({
        category: t.getAttribute('data-category'),
        heading: t.closest('.board-wrap')?.parentElement?.previousElementSibling?.textContent ?? null,
        scenarios: [...new Set([...t.querySelectorAll('td.cell')].map((c) => c.getAttribute('data-scenario')))],
        rows: t.querySelectorAll('tbody tr').length,
      })),
    );
    expect(sections.map((s) => s.category)).toEqual([
      'Clinical Decision Support',
      'Clinical Note Generation',
      'Patient Communication and Education',
      'Medical Research Assistance',
    ]);
    for (const s of sections) {
      expect(s.heading).toBe(s.category);
      expect(s.rows).toBe(MODELS.length);
    }
    // Every benchmark in exactly one category (all 17 are MedHELM's).
    expect(sections.flatMap((s) => s.scenarios).sort()).toEqual([...BENCHMARKS, JURY].sort());
    expect(sections.find((s) => s.category === 'Clinical Decision Support')?.scenarios).toContain('medcalc_bench');
  }, 60_000);

  it("the 1–5 jury score's chart axis runs 1 to 5 with ticks 1, 2, 3, 4, 5", async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await page.goto(pathToFileURL(reportFile).href);
    const card = page.locator('.charts .card', { hasText: `${JURY}_accuracy` });
    await card.waitFor();
    await expect(card.locator('svg text.tick').allTextContents()).resolves.toEqual(['1', '2', '3', '4', '5']);
    const ticks01 = await page
      .locator('.charts .card', { hasText: 'pubmed_qa' })
      .locator('svg text.tick')
      .allTextContents();
    expect(ticks01).toEqual(['0', '0.25', '0.5', '0.75', '1']);
    await card.screenshot({ path: join(SHOTS, 'report-jury-axis.png') });
  }, 60_000);

  it('a free-text reference is the reference answer, not a green "correct"', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await page.goto(pathToFileURL(reportFile).href);
    const runHash = await page
      .locator(`[data-testid="leaderboard"] tr[data-model="${MODELS[0]}"] td[data-scenario^="${JURY}"] a`)
      .getAttribute('href');
    await page.goto(`${pathToFileURL(reportFile).href}${runHash}/instance?id=j0&trial=0`);
    await page.locator('[data-testid="references"]').waitFor({ timeout: 20_000 });
    const text = await page.locator('[data-testid="references"]').textContent();
    expect(text).toContain('Rest, fluids, and review in one week.');
    expect(text).not.toContain('correct');
    await expect(page.locator('[data-testid="references"] li.ref-ok').count()).resolves.toBe(0);
    await expect(page.locator('h2', { hasText: 'Reference answer' }).count()).resolves.toBe(1);
    await page.screenshot({ path: join(SHOTS, 'report-free-text-reference.png'), fullPage: true });
  }, 60_000);
});
