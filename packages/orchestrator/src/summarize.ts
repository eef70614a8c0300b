import { resolve } from 'node:path';
import { EXIT, UserError } from '@eval-factory/errors';
import type { BootstrapOptions } from '@eval-factory/summary';
import { writeOutputFiles } from './run-eval/output-files.js';

/**
 * Flags of `eval-factory summarize [dirs..]` (docs/results.md). This module loads @eval-factory/summary only when the
 * command runs, so main.ts can import the table at start-up for free.
 */
/** The bootstrap-interval flags of `summarize`, `compare`, `serve` and `report`. */
export const BOOTSTRAP_FLAGS = {
  seed: { type: 'number', default: 0, describe: 'seed of the bootstrap generator (mulberry32)' },
  resamples: { type: 'number', default: 2000, describe: 'bootstrap resamples per interval' },
  level: { type: 'number', default: 0.95, describe: 'coverage of the intervals' },
} as const;

export const SUMMARIZE_FLAGS = {
  runs: {
    type: 'string',
    array: true,
    describe:
      'run folders, or folders above them (also as positional arguments; default: ./results, as serve and report)',
  },
  out: {
    type: 'string',
    describe:
      'folder to write leaderboard.md, leaderboard.csv and leaderboard.json into (default: the first folder read)',
  },
  metric: {
    type: 'string',
    describe: "show this metric instead of each benchmark's main metric, where the runs report it",
  },
  schema: {
    type: 'string',
    describe:
      "also group the benchmarks by category: HELM's schema_medhelm.yaml (or another HELM schema), or 'medhelm' for the built-in table",
  },
  ...BOOTSTRAP_FLAGS,
} as const;

export interface BootstrapArgs {
  readonly seed?: number;
  readonly resamples?: number;
  readonly level?: number;
}

export interface SummarizeArgs extends BootstrapArgs {
  readonly runs?: readonly string[];
  /** The positional folders (`summarize results/ other/`). */
  readonly dirs?: readonly string[];
  readonly out?: string;
  readonly metric?: string;
  /** A HELM schema file, or `medhelm`: per-category tables after the overall one. */
  readonly schema?: string;
}

/** The bootstrap settings of the command line, checked (EF_USAGE, exit 2, when out of range). */
export function bootstrapFromArgs(args: BootstrapArgs): BootstrapOptions {
  const seed = args.seed ?? 0;
  const resamples = args.resamples ?? 2000;
  const level = args.level ?? 0.95;
  const usage = (what: string) => new UserError('EF_USAGE', what, 'run `eval-factory --help`', EXIT.usage);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw usage(`--seed must be an integer from 0 to 4294967295, got ${seed}`);
  if (!Number.isInteger(resamples) || resamples < 100 || resamples > 1_000_000)
    throw usage(`--resamples must be an integer from 100 to 1000000, got ${resamples}`);
  if (!(level > 0 && level < 1)) throw usage(`--level must be between 0 and 1 (e.g. 0.95), got ${level}`);
  return { seed, resamples, level };
}

/**
 * `eval-factory summarize`: finds every run under the folders, builds the leaderboard, writes
 * leaderboard.{md,csv,json} into --out and prints the Markdown on stdout (file paths and damaged runs on stderr).
 */
export async function summarizeCommand(
  args: SummarizeArgs,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  const bootstrap = bootstrapFromArgs(args);
  const summary = await import('@eval-factory/summary');
  const categories = args.schema ? summary.loadCategories(args.schema) : null;
  const paths = [...(args.runs ?? []), ...(args.dirs ?? [])];
  // One default for summarize, serve and report (./results); the leaderboard goes next to the runs it describes,
  // never into an unrelated current folder.
  const read = paths.length ? paths : ['results'];
  const { runs, unreadable } = summary.collectRuns(read);
  for (const u of unreadable) err.write(`warning[EF_RUN_UNREADABLE]: ${u.message}\n`);
  const board = await summary.buildLeaderboard(runs, { bootstrap, metric: args.metric ?? null, unreadable });
  const markdown = summary.formatLeaderboardMarkdown(board, categories);
  const files = {
    'leaderboard.md': markdown,
    'leaderboard.csv': summary.formatLeaderboardCsv(board),
    'leaderboard.json': summary.formatLeaderboardJson(board, categories),
  };
  out.write(markdown);
  writeOutputFiles(resolve(args.out ?? read[0]!), files, err);
  return EXIT.ok;
}
