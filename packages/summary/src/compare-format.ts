import type { Comparison, ComparisonRow } from './compare.js';
import { csv, fixed, markdownTable, pValue, snakeKeys } from './format-shared.js';

const TEST_NAMES: Record<NonNullable<ComparisonRow['test']>, string> = {
  mcnemar_exact: 'McNemar exact',
  paired_bootstrap: 'paired bootstrap',
};

function signed(x: number | null): string {
  return x === null ? '—' : `${x > 0 ? '+' : ''}${fixed(x)}`;
}

function testText(r: ComparisonRow): string {
  if (!r.test) return '—';
  return r.discordant ? `${TEST_NAMES[r.test]} (b=${r.discordant.b}, c=${r.discordant.c})` : TEST_NAMES[r.test];
}

/** The method line under the comparison table. */
export function comparisonMethodText(c: Comparison): string {
  const m = c.method;
  return `Δ = A − B over the instances both runs scored; [lo, hi] ${Math.round(m.level * 100)} % paired percentile bootstrap (${m.prng} seed ${m.seed}, ${m.resamples} resamples). p: McNemar's exact test for 0/1 metrics, paired bootstrap otherwise; p (Holm): Holm–Bonferroni across benchmarks, main metrics as one family and each other metric as its own; verdict at α = ${m.alpha} on p (Holm).`;
}

/**
 * The comparison as Markdown: who A and B are, one row per benchmark and metric (main metrics first, marked *),
 * the method, and notes (benchmarks on one side only, instances left out, duplicates set aside).
 */
export function formatComparisonMarkdown(c: Comparison): string {
  const rows = c.rows.map((r) => [
    r.benchmark,
    `${r.metric}${r.main ? ' *' : ''}${r.lowerIsBetter ? ' ↓' : ''}`,
    String(r.n),
    fixed(r.meanA),
    fixed(r.meanB),
    signed(r.diff),
    r.ci ? `[${signed(r.ci.lo)}, ${signed(r.ci.hi)}]` : '—',
    testText(r),
    pValue(r.p),
    pValue(r.pHolm),
    r.verdict ?? r.note ?? '—',
  ]);
  const table = markdownTable(
    ['Benchmark', 'Metric', 'n', 'A', 'B', 'Δ (A − B)', 'CI', 'Test', 'p', 'p (Holm)', 'Verdict'],
    rows,
  );
  const notes = [
    ...c.rows.filter((r) => r.note && r.verdict).map((r) => `${r.benchmark} ${r.metric}: ${r.note}`),
    ...(c.onlyA.length ? [`only A was run on: ${c.onlyA.join(', ')}`] : []),
    ...(c.onlyB.length ? [`only B was run on: ${c.onlyB.join(', ')}`] : []),
    ...c.notes,
  ];
  const noteLines = notes.length ? ['', 'Notes:', ...notes.map((n, i) => `${i + 1}. ${n}`)] : [];
  return `# Comparison\n\nA: ${c.a.label}\nB: ${c.b.label}\n\n${table}\n\n* main metric; ↓ lower is better.\n${comparisonMethodText(c)}\n${noteLines.join('\n')}\n`;
}

/** The comparison as CSV, one row per benchmark and metric, numbers unformatted. */
export function formatComparisonCsv(c: Comparison): string {
  const head = [
    'benchmark',
    'scenario',
    'metric',
    'main',
    'lower_is_better',
    'n',
    'mean_a',
    'mean_b',
    'diff',
    'ci_low',
    'ci_high',
    'test',
    'discordant_b',
    'discordant_c',
    'p',
    'p_holm',
    'family',
    'verdict',
    'note',
  ];
  return csv([
    head,
    ...c.rows.map((r) => [
      r.benchmark,
      r.scenario,
      r.metric,
      String(r.main),
      String(r.lowerIsBetter),
      r.n,
      r.meanA,
      r.meanB,
      r.diff,
      r.ci?.lo ?? null,
      r.ci?.hi ?? null,
      r.test,
      r.discordant?.b ?? null,
      r.discordant?.c ?? null,
      r.p,
      r.pHolm,
      r.family,
      r.verdict,
      r.note,
    ]),
  ]);
}

export function formatComparisonJson(c: Comparison): string {
  return `${JSON.stringify(snakeKeys({ schema_version: 1, ...c }), null, 2)}\n`;
}
