/**
 * run_suite's number flags, checked before anything is read or written: yargs gives NaN for `--priority abc`, and
 * a fraction or a negative count would reach every job's run_config (`--max-eval-instances 0.02` is 2 % of the data
 * there, while HELM's flag is a count), failing each job on its own after the suite folder was written.
 */
import { EXIT, UserError } from '@eval-factory/errors';
import type { RunSuiteInput } from './suite-source.js';

/** `count`: a whole number ≥ 1; `whole`: ≥ 0; `rate`: any number > 0. */
type Kind = 'count' | 'whole' | 'rate';

const NUMBER_FLAGS: Readonly<Record<string, Kind>> = {
  'max-eval-instances': 'count',
  'num-train-trials': 'count',
  'num-output-tokens': 'count',
  priority: 'whole',
  parallelism: 'count',
  'requests-per-minute': 'rate',
  'tokens-per-minute': 'rate',
  'assumed-latency': 'rate',
  'max-instances-per-unit': 'count',
  unit: 'whole',
  'max-parallel-units': 'count',
  'cpus-per-task': 'count',
};

const WANTED: Readonly<Record<Kind, string>> = {
  count: 'a whole number of at least 1',
  whole: 'a whole number (0 or more)',
  rate: 'a number above 0',
};

function fits(kind: Kind, value: number): boolean {
  if (kind === 'rate') return Number.isFinite(value) && value > 0;
  return Number.isInteger(value) && value >= (kind === 'count' ? 1 : 0);
}

/** Throws EF_USAGE (exit 2) naming the first number flag whose value is not what it must be. */
export function checkSuiteNumberFlags(args: RunSuiteInput): void {
  const given = args as unknown as Readonly<Record<string, unknown>>;
  for (const [flag, kind] of Object.entries(NUMBER_FLAGS)) {
    const value = given[flag];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !fits(kind, value)) {
      throw new UserError(
        'EF_USAGE',
        `--${flag} must be ${WANTED[kind]}, got ${Number.isNaN(value) ? 'something that is not a number' : String(value)}`,
        `give --${flag} as ${WANTED[kind]} (run \`eval-factory run_suite --help\`)`,
        EXIT.usage,
      );
    }
  }
}
