import { UserError } from '@eval-factory/errors';
import { pickRun } from './runs/collect.js';
import { readInstanceValues, type InstanceValues } from './runs/instance-values.js';
import type { RunInfo, RunMetric } from './runs/types.js';
import { DEFAULT_BOOTSTRAP, pairedBootstrap, type BootstrapOptions, type Interval } from './stats/bootstrap.js';
import { holm } from './stats/holm.js';
import { isBinary, mcnemarExact } from './stats/mcnemar.js';

/** One side of a comparison: what the user named and the runs it stands for. */
export interface CompareSide {
  readonly label: string;
  readonly runs: readonly RunInfo[];
  /** Things found while resolving the side (damaged runs skipped under --root), passed on to the notes. */
  readonly notes?: readonly string[];
}

export interface ComparisonRow {
  /** The task name, or the scenario when one task was compared with several arguments (as in the leaderboard). */
  readonly benchmark: string;
  /** What was evaluated: the run name without its model, e.g. `head_qa:language=en,category=None`. */
  readonly scenario: string;
  readonly metric: string;
  readonly main: boolean;
  readonly lowerIsBetter: boolean;
  readonly test: 'mcnemar_exact' | 'paired_bootstrap' | null;
  /** Instances scored in both runs: the pairs. */
  readonly n: number;
  readonly meanA: number | null;
  readonly meanB: number | null;
  /** meanA − meanB over the pairs. */
  readonly diff: number | null;
  /** Paired bootstrap percentile interval of the difference. */
  readonly ci: Interval | null;
  readonly p: number | null;
  /** Holm-adjusted over this row's family (see `family`). */
  readonly pHolm: number | null;
  /** `main metrics` (one per benchmark) or the metric's name: the tests corrected together. */
  readonly family: string;
  /** McNemar's discordant counts: b = only A right, c = only B right. */
  readonly discordant?: { readonly b: number; readonly c: number };
  readonly verdict: 'A better' | 'B better' | 'no significant difference' | null;
  readonly note: string | null;
}

export interface Comparison {
  readonly a: { readonly label: string; readonly dirs: readonly string[] };
  readonly b: { readonly label: string; readonly dirs: readonly string[] };
  readonly rows: readonly ComparisonRow[];
  readonly method: {
    readonly prng: 'mulberry32';
    readonly seed: number;
    readonly resamples: number;
    readonly level: number;
    readonly alpha: number;
    readonly correction: 'holm';
  };
  readonly onlyA: readonly string[];
  readonly onlyB: readonly string[];
  readonly notes: readonly string[];
}

export interface CompareOptions {
  readonly bootstrap?: BootstrapOptions;
  /** Significance level applied to the Holm-adjusted p-values for `verdict`. Default 0.05. */
  readonly alpha?: number;
  /** Only these metrics (default: every metric both runs report). */
  readonly metrics?: readonly string[] | null;
}

const MAIN_FAMILY = 'main metrics';
const key = (r: RunInfo) => r.scenario ?? r.task ?? '(unknown benchmark)';

function byScenario(runs: readonly RunInfo[], side: string, notes: string[]): Map<string, RunInfo> {
  const groups = new Map<string, RunInfo[]>();
  for (const r of runs) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  const out = new Map<string, RunInfo>();
  for (const [scenario, rs] of groups) {
    const run = pickRun(rs);
    if (rs.length > 1) notes.push(`${side} has ${rs.length} runs of ${scenario}; using ${run.dir}`);
    out.set(scenario, run);
  }
  return out;
}

async function instancesOf(run: RunInfo, side: string): Promise<InstanceValues> {
  if (!run.resultsJsonl) {
    throw new UserError(
      'EF_COMPARE_NO_INSTANCES',
      `${side} run ${run.dir} has no results.jsonl (${run.state}): a paired comparison needs per-instance values`,
      'compare finished runs; re-run the evaluation into the same folder to complete it',
    );
  }
  return readInstanceValues(run.resultsJsonl);
}

/** The same instances on both sides, or EF_COMPARE_MISMATCH naming the counts. */
function checkSameInstances(scenario: string, a: InstanceValues, b: InstanceValues, dirs: [string, string]): void {
  const inB = new Set(b.ids);
  const common = a.ids.filter((id) => inB.has(id)).length;
  if (common === a.ids.length && common === b.ids.length) return;
  throw new UserError(
    'EF_COMPARE_MISMATCH',
    `${scenario}: A has ${a.ids.length} instances, B has ${b.ids.length}, ${common} in common (A: ${dirs[0]}, B: ${dirs[1]})`,
    "compare runs of the same benchmark settings (limit_samples, data, subject…); re-run one side with the other's settings",
  );
}

function compareMetric(
  label: string,
  scenario: string,
  metric: RunMetric,
  a: InstanceValues,
  b: InstanceValues,
  options: BootstrapOptions,
): Omit<ComparisonRow, 'pHolm' | 'verdict'> {
  const base = {
    benchmark: label,
    scenario,
    metric: metric.name,
    main: metric.main,
    lowerIsBetter: metric.lowerIsBetter,
    family: metric.main ? MAIN_FAMILY : metric.name,
  };
  const none = { test: null, n: 0, meanA: null, meanB: null, diff: null, ci: null, p: null };
  if (metric.ratio) return { ...base, ...none, note: 'ratio metric: no per-instance values to pair' };
  const va = a.values.get(metric.name) ?? new Map<string, number>();
  const vb = b.values.get(metric.name) ?? new Map<string, number>();
  const xs: number[] = [];
  const ys: number[] = [];
  let single = 0;
  for (const id of a.ids) {
    const [x, y] = [va.get(id), vb.get(id)];
    if (x !== undefined && y !== undefined) {
      xs.push(x);
      ys.push(y);
    } else if (x !== undefined || y !== undefined) single++;
  }
  const dropped = single ? `${single} instance(s) scored in only one run left out` : null;
  const boot = pairedBootstrap(xs, ys, options);
  if (!boot)
    return {
      ...base,
      ...none,
      n: xs.length,
      note: [`${xs.length} pair(s): no test`, dropped].filter(Boolean).join('; '),
    };
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const binary = xs.every(isBinary) && ys.every(isBinary);
  const mc = binary ? mcnemarExact(xs, ys) : null;
  return {
    ...base,
    test: mc ? 'mcnemar_exact' : 'paired_bootstrap',
    n: xs.length,
    meanA: mean(xs),
    meanB: mean(ys),
    diff: boot.diff,
    ci: boot.ci,
    p: mc ? mc.p : boot.p,
    ...(mc ? { discordant: { b: mc.b, c: mc.c } } : {}),
    note: dropped,
  };
}

/** Holm within each family; the verdict compares the adjusted p with alpha and says which side is better. */
function adjust(rows: Omit<ComparisonRow, 'pHolm' | 'verdict'>[], alpha: number): ComparisonRow[] {
  const pHolm = new Map<number, number>();
  for (const family of new Set(rows.map((r) => r.family))) {
    const members = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.family === family && r.p !== null);
    holm(members.map(({ r }) => r.p as number)).forEach((p, k) => pHolm.set(members[k].i, p));
  }
  return rows.map((r, i) => {
    const p = pHolm.get(i) ?? null;
    let verdict: ComparisonRow['verdict'] = null;
    if (p !== null && r.diff !== null) {
      const aBetter = r.lowerIsBetter ? r.diff < 0 : r.diff > 0;
      verdict = p <= alpha && r.diff !== 0 ? (aBetter ? 'A better' : 'B better') : 'no significant difference';
    }
    return { ...r, pHolm: p, verdict };
  });
}

/**
 * Paired comparison of two sides benchmark by benchmark: per metric the difference A − B over the
 * instances both scored, its paired bootstrap interval, McNemar's exact p for 0/1 metrics (paired bootstrap p
 * otherwise), and Holm's correction across benchmarks (the main metrics form one family; every other metric its
 * own). Instance sets that differ are refused (EF_COMPARE_MISMATCH); so is a comparison with nothing in common.
 * @example const result = await compareRuns({ label: 'gpt-4o', runs: a }, { label: 'llama', runs: b });
 */
export async function compareRuns(a: CompareSide, b: CompareSide, options: CompareOptions = {}): Promise<Comparison> {
  const bootstrap = options.bootstrap ?? DEFAULT_BOOTSTRAP;
  const alpha = options.alpha ?? 0.05;
  const notes: string[] = [...(a.notes ?? []), ...(b.notes ?? [])];
  const [runsA, runsB] = [byScenario(a.runs, 'A', notes), byScenario(b.runs, 'B', notes)];
  const common = [...runsA.keys()].filter((s) => runsB.has(s)).sort();
  const onlyA = [...runsA.keys()].filter((s) => !runsB.has(s)).sort();
  const onlyB = [...runsB.keys()].filter((s) => !runsA.has(s)).sort();
  if (common.length === 0) {
    throw new UserError(
      'EF_COMPARE_NO_COMMON',
      `A (${a.label}) and B (${b.label}) share no benchmark: A has ${onlyA.join(', ') || 'none'}; B has ${onlyB.join(', ') || 'none'}`,
      'compare runs of the same benchmarks',
    );
  }
  const raw: Omit<ComparisonRow, 'pHolm' | 'verdict'>[] = [];
  const tasks = common.map((s) => runsA.get(s)?.task ?? null);
  for (const scenario of common) {
    const [ra, rb] = [runsA.get(scenario) as RunInfo, runsB.get(scenario) as RunInfo];
    const label = ra.task && tasks.filter((t) => t === ra.task).length === 1 ? ra.task : scenario;
    const [ia, ib] = [await instancesOf(ra, 'A'), await instancesOf(rb, 'B')];
    checkSameInstances(scenario, ia, ib, [ra.dir, rb.dir]);
    const namesB = new Set(rb.metrics.map((m) => m.name));
    const metrics = [...ra.metrics].filter(
      (m) => namesB.has(m.name) && (!options.metrics?.length || options.metrics.includes(m.name)),
    );
    metrics.sort((x, y) => Number(y.main) - Number(x.main));
    for (const m of metrics) raw.push(compareMetric(label, scenario, m, ia, ib, bootstrap));
  }
  return {
    a: { label: a.label, dirs: [...runsA.values()].map((r) => r.dir) },
    b: { label: b.label, dirs: [...runsB.values()].map((r) => r.dir) },
    rows: adjust(raw, alpha),
    method: {
      prng: 'mulberry32',
      seed: bootstrap.seed,
      resamples: bootstrap.resamples,
      level: bootstrap.level,
      alpha,
      correction: 'holm',
    },
    onlyA,
    onlyB,
    notes,
  };
}
