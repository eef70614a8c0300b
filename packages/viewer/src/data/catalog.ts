/**
 * The runs a viewer shows: found and read once by @eval-factory/summary, each given a short id for URLs, with
 * the heavier per-run data (records, response index, metric intervals) loaded on first use and kept.
 */
import { relative, resolve, sep } from 'node:path';
import {
  buildLeaderboard,
  cellMarkers,
  collectRuns,
  DEFAULT_BOOTSTRAP,
  groupColumns,
  MEDHELM_CATEGORIES,
  type BootstrapOptions,
  type Leaderboard,
  type RunInfo,
} from '@eval-factory/summary';
import type { LeaderboardView, OverviewView, RunSummaryView } from '../shared/api-types.js';
import { intervalMethod, RunEntry } from './run-entry.js';

export interface CatalogOptions {
  readonly bootstrap?: BootstrapOptions;
  /** Where relative display paths start (default the working directory). */
  readonly cwd?: string;
}

/**
 * Ids for run folders: the fewest trailing path segments that tell each folder apart from every other one
 * (`pubmed_qa_gpt4o`; `gpt4o/pubmed_qa` next to `llama/pubmed_qa`), `/`-separated.
 * @example runIds(['/r/a/x', '/r/b/x', '/r/c/y']) // ['a/x', 'b/x', 'y']
 */
export function runIds(dirs: readonly string[]): string[] {
  const segs = dirs.map((d) => d.split(sep).filter(Boolean));
  const suffix = (parts: readonly string[], k: number) => parts.slice(Math.max(0, parts.length - k)).join('/');
  return segs.map((parts, i) => {
    for (let k = 1; k < parts.length; k++) {
      const id = suffix(parts, k);
      if (segs.every((other, j) => j === i || suffix(other, k) !== id)) return id;
    }
    return parts.join('/');
  });
}

function leaderboardView(board: Leaderboard, idOf: (dir: string) => string, method: string): LeaderboardView {
  return {
    columns: board.columns.map((c) => ({
      label: c.label,
      scenario: c.scenario,
      metric: c.metric,
      lower_is_better: c.lowerIsBetter,
      range: c.range,
    })),
    rows: board.rows.map((row) => ({
      model: row.model,
      mean_win_rate: row.meanWinRate,
      mean_rank: row.meanRank,
      cells: row.cells.map(
        (cell) =>
          cell && {
            run_id: idOf(cell.runDir),
            value: cell.value,
            interval: cell.ci,
            count: cell.n,
            state: cell.state,
            evaluated: cell.evaluated,
            failed: cell.failed,
            markers: cellMarkers(cell),
            note: cell.note,
          },
      ),
    })),
    categories: categoriesOf(board),
    method,
    notes: board.notes,
  };
}

/** MedHELM's categories of the board's columns (run_suite's and summarize's default table); none if all are Other. */
function categoriesOf(board: Leaderboard): LeaderboardView['categories'] {
  const sections = groupColumns(board.columns, MEDHELM_CATEGORIES);
  if (sections.every((s) => s.displayName === 'Other')) return [];
  return sections.map((s) => ({ display_name: s.displayName, columns: s.columns }));
}

export class RunCatalog {
  private overviewPromise: Promise<OverviewView> | null = null;
  private readonly byId: ReadonlyMap<string, RunEntry>;

  private constructor(
    readonly sources: readonly string[],
    readonly entries: readonly RunEntry[],
    private readonly unreadable: readonly { readonly dir: string; readonly message: string }[],
    readonly bootstrap: BootstrapOptions,
  ) {
    this.byId = new Map(entries.map((e) => [e.id, e]));
  }

  /**
   * Finds every run at or below `paths`. Throws summary's EF_RUNS_PATH_NOT_FOUND / EF_NO_RUNS when there is none.
   * @example const catalog = RunCatalog.open(['results']); (await catalog.overview()).leaderboard.rows
   */
  static open(paths: readonly string[], options: CatalogOptions = {}): RunCatalog {
    const { runs, unreadable } = collectRuns(paths);
    const ids = runIds(runs.map((r) => r.dir));
    const cwd = resolve(options.cwd ?? '.');
    const bootstrap = options.bootstrap ?? DEFAULT_BOOTSTRAP;
    const entries = runs.map((info, i) => new RunEntry(ids[i], displayDir(info.dir, cwd), info, bootstrap));
    return new RunCatalog(paths, entries, unreadable, bootstrap);
  }

  get(id: string): RunEntry | undefined {
    return this.byId.get(id);
  }

  /** The leaderboard and the list of runs; computed once (the bootstrap reads each run's results.jsonl). */
  overview(): Promise<OverviewView> {
    this.overviewPromise ??= this.computeOverview();
    return this.overviewPromise;
  }

  private async computeOverview(): Promise<OverviewView> {
    const infos: RunInfo[] = this.entries.map((e) => e.info);
    const board = await buildLeaderboard(infos, { bootstrap: this.bootstrap, unreadable: this.unreadable });
    const idByDir = new Map(this.entries.map((e) => [e.info.dir, e.id]));
    const idOf = (dir: string) => idByDir.get(dir) ?? dir;
    const runs: RunSummaryView[] = [];
    for (const entry of this.entries) runs.push(await entry.summary(board));
    return {
      generated_at: new Date().toISOString(),
      sources: this.sources,
      runs,
      leaderboard: leaderboardView(
        board,
        idOf,
        `Cells: value from results.yml, ${intervalMethod(this.bootstrap)}, n = scored instances. Ranking: ${board.method.ranking}.`,
      ),
    };
  }
}

function displayDir(dir: string, cwd: string): string {
  const rel = relative(cwd, dir);
  return rel && !rel.startsWith('..') && !rel.startsWith(sep) ? rel.split(sep).join('/') : dir;
}
