import { resolve } from 'node:path';
import { EXIT, UserError } from '@eval-factory/errors';
import { BOOTSTRAP_FLAGS, bootstrapFromArgs, type BootstrapArgs } from '@eval-factory/orchestrator/start-up';

/** Positionals of `eval-factory compare <a> <b>`. */
export const COMPARE_POSITIONALS = {
  a: { type: 'string', describe: 'side A: a run folder, a folder of runs, or a model_id of runs under --root' },
  b: { type: 'string', describe: 'side B: same kinds as A' },
} as const;

/** Flags of `eval-factory compare` (docs/results.md); the module loads @eval-factory/summary only when it runs. */
export const COMPARE_FLAGS = {
  root: { type: 'string', default: '.', describe: 'where to look for the runs of a model_id given as A or B' },
  out: { type: 'string', describe: 'also write comparison.md, comparison.csv and comparison.json into this folder' },
  metric: {
    type: 'string',
    array: true,
    describe: 'compare only these metrics (default: every metric both runs report)',
  },
  alpha: { type: 'number', default: 0.05, describe: 'significance level for the verdict, on Holm-adjusted p-values' },
  ...BOOTSTRAP_FLAGS,
} as const;

export interface CompareArgs extends BootstrapArgs {
  readonly a: string;
  readonly b: string;
  readonly root?: string;
  readonly out?: string;
  readonly metric?: readonly string[];
  readonly alpha?: number;
}

/**
 * `eval-factory compare A B`: paired differences per benchmark and metric with McNemar / paired bootstrap p-values,
 * Holm-corrected; prints Markdown, and with --out writes comparison.{md,csv,json}. Differing instance sets are
 * refused (EF_COMPARE_MISMATCH).
 */
export async function compareCommand(
  args: CompareArgs,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  const bootstrap = bootstrapFromArgs(args);
  const alpha = args.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 1))
    throw new UserError(
      'EF_USAGE',
      `--alpha must be between 0 and 1, got ${alpha}`,
      'run `eval-factory --help`',
      EXIT.usage,
    );
  const summary = await import('@eval-factory/summary');
  const { writeOutputFiles } = await import('@eval-factory/orchestrator');
  const root = args.root ?? '.';
  const comparison = await summary.compareRuns(summary.resolveSide(args.a, root), summary.resolveSide(args.b, root), {
    bootstrap,
    alpha,
    metrics: args.metric ?? null,
  });
  const markdown = summary.formatComparisonMarkdown(comparison);
  if (args.out) {
    const files = {
      'comparison.md': markdown,
      'comparison.csv': summary.formatComparisonCsv(comparison),
      'comparison.json': summary.formatComparisonJson(comparison),
    };
    writeOutputFiles(resolve(args.out), files, err);
  }
  out.write(markdown);
  return EXIT.ok;
}
