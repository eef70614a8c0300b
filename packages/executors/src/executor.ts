/**
 * What an executor is (docs/architecture.md, "Executors"): where a suite's work units run. Each executor is one
 * folder of this package and one line of registry.ts; run_suite's `--executor` choices, its flags, the suite YAML's
 * `execution.type`, `--dry_run` and the submission all come from that line.
 */
import type { RunSuiteArgs, UnitsPlan } from '@eval-factory/suite';

/** One command-line flag as yargs takes it (the CLI builds run_suite's parser from these). */
export interface FlagSpec {
  readonly type: 'string' | 'number' | 'boolean';
  readonly describe: string;
  readonly choices?: readonly string[];
}

export type FlagTable = Readonly<Record<string, FlagSpec>>;

/** The values a flag table gives, as yargs parses them (absent when not given). */
export type FlagValues<T extends FlagTable> = {
  readonly [K in keyof T]?: T[K]['type'] extends 'string' ? string : T[K]['type'] extends 'number' ? number : boolean;
};

/** A suite handed to an executor: its flags, its folder, and what the orchestrator does on this machine. */
export interface SuiteSubmission {
  /** run_suite's flags, the executor's own among them. */
  readonly args: RunSuiteArgs;
  /** `<output_dir>/<suite folder>`. */
  readonly suiteDir: string;
  /** Every job's model key and header variables, by name: what a task elsewhere must be given. */
  readonly keyNames: readonly string[];
  /** The work units (units.json; written to the suite folder unless this is a dry run). */
  readonly units: () => Promise<UnitsPlan>;
  /** Runs the units in this process (engine pool, merge, leaderboard): the exit code. */
  readonly runHere: () => Promise<number>;
  /** Prints the job list and the cost per endpoint, runs nothing: the exit code. */
  readonly previewHere: () => Promise<number>;
}

export interface Executor {
  /** `--executor NAME`, `execution.type: NAME`. */
  readonly name: string;
  /** Where the units run, for `--executor`'s help ("as a Slurm job array"). */
  readonly describe: string;
  /** Flags of this executor, added to run_suite's (a cluster task is never given them: it does not submit). */
  readonly flags: FlagTable;
  /** Units run in this process: the suite folder is locked here and the model keys must be set here. */
  readonly runsHere: boolean;
  /** Refuses flag values it cannot use, before anything is written (a UserError). */
  readonly check: (args: RunSuiteArgs, keyNames: readonly string[]) => void | Promise<void>;
  /** `--dry_run`: prints what `submit` would do; writes nothing, sends nothing. */
  readonly plan: (suite: SuiteSubmission) => Promise<number>;
  readonly submit: (suite: SuiteSubmission) => Promise<number>;
  /** What `eval-factory status` adds about a suite folder this executor submitted (null: nothing to add). */
  readonly status: (suiteDir: string) => string | null;
}
