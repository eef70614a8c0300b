import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  EXIT,
  missingHeaderVariable,
  redact,
  registerHeaderSecrets,
  registerSecret,
  terminalSafe,
  UserError,
} from '@eval-factory/errors';
import { loadFramework, readRunConfig, resolveEvaluation } from '@eval-factory/config';
import { renderModelConfigs, writeRenderedModelConfigs } from '@eval-factory/model-configs';
import {
  holdStopSignals,
  lockOutputDir,
  renderArgv,
  renderCommand,
  runEngine,
  type PrestartedEngine,
  type FactorySlotHandover,
} from '@eval-factory/executor';
import { asOutputError, makeOutputDirSync, OUTPUT_DIR_HINT, writeFileAtomic } from '@eval-factory/files';
import { formatDryRun } from '@eval-factory/outputs';
import { RUN_FILES, type CodedMessage, type EngineProgressEvent, type WrittenRunDocuments } from '@eval-factory/types';
import { repoRoot, requireFrameworkFile } from '../framework-path.js';
import { awaitGitHash, gitHash } from '../git-hash.js';
import { EF_VERSION } from '../version.js';
import { customDryRunSection, customResolveOptions } from './custom-benchmarks.js';
import { headerVariables, missingHeaderVariables } from './header-variables.js';
import { runConfigYmlForNemo } from './nemo-run-config.js';
import { parsedForEngine } from './parsed-model-configs.js';
import { checkPreviousRun } from './previous-run.js';
import { checkJudges, missingKeyName } from './run-eval-keys.js';
import { finishRun, type ResolvedRun } from './run-eval-finish.js';
import { printSizeEstimate } from './run-eval-size.js';

export interface RunEvalArgs {
  readonly run_config?: string;
  /** A run_config given as data (a suite YAML's job), instead of a file. */
  readonly run_config_data?: unknown;
  /** The folder relative paths of `run_config_data` resolve from (the suite YAML's). */
  readonly run_config_base?: string;
  readonly output_dir?: string;
  readonly eval_type?: string;
  readonly model_id?: string;
  readonly model_url?: string;
  readonly model_type?: string;
  readonly api_key_name?: string;
  readonly overrides?: readonly string[];
  readonly dry_run?: boolean;
  readonly benchmarks_dir?: string;
}

/** What a suite adds to a job's run (suite-schedule.ts): its engine's progress goes to the suite's one view. */
export interface RunEvalHooks {
  readonly onProgress?: (event: EngineProgressEvent) => void;
  /** The job's turn on its endpoint: the slots it may use as they come (the engine prepares, then sends with them). */
  readonly slotHandover?: FactorySlotHandover;
  /** The slots the job's engine has given up for good (for the next job of the endpoint). */
  readonly onSlots?: (released: number) => void;
  /**
   * The run's status and what its evaluation_config.yaml and results.yml hold, once written: a suite need not read
   * the files back.
   */
  readonly onStatus?: (status: string, written: WrittenRunDocuments) => void;
  /**
   * Where the run writes what it would print (a suite's jobs: its log, and a few lines of it on the terminal):
   * `out` its summary, `err` its warnings, notes and the engine's lines.
   */
  readonly console?: { readonly out: NodeJS.WritableStream; readonly err: NodeJS.WritableStream };
}

const warner = (err: NodeJS.WritableStream) => (w: CodedMessage) =>
  err.write(`warning[${w.code}]: ${redact(w.message)}\n`);

/**
 * `eval-factory run_eval` (docs/configuration.md): resolve → write configs → run the engine → normalise. `prestarted`
 * is an engine process already loading (used when the command starts with its program; the caller disposes it).
 */
export async function runEvalCommand(
  args: RunEvalArgs,
  prestarted: PrestartedEngine | null = null,
  hooks: RunEvalHooks = {},
): Promise<number> {
  const err = hooks.console?.err ?? process.stderr;
  const warn = warner(err);
  const frameworkFile = requireFrameworkFile();
  const framework = loadFramework(frameworkFile);
  const resolved = resolveEvaluation({ framework, ...resolutionInput(args) });
  const { warnings } = resolved;
  const evaluation = resolved.evaluation;
  const endpoint = evaluation.target.api_endpoint;
  registerHeaderSecrets(endpoint.headers ?? {});
  // Rendered (not written) first: a bad model or judge URL fails before any file exists, dry run included.
  const modelConfigs = renderModelConfigs(evaluation);
  const allWarnings: CodedMessage[] = [...warnings, ...modelConfigs.warnings];
  const keyName = endpoint.api_key_name ?? null;
  const keyMissing = missingKeyName(evaluation) !== null;
  const headersMissing = missingHeaderVariables(evaluation).map((m) => missingHeaderVariable(m.header, m.variable));
  const renderedCommand = renderCommand(evaluation.command, evaluation);
  const argv = renderArgv(evaluation.command, evaluation);

  if (args.dry_run) {
    // Custom benchmarks: the first prompts, built by the engine's dry run (fails here, before anything is printed).
    const prompts = await customDryRunSection(resolved.customBenchmark, evaluation);
    allWarnings.forEach(warn);
    if (keyMissing)
      warn({
        code: 'EF_API_KEY_MISSING',
        message: `environment variable ${keyName} is not set (needed for a real run)`,
      });
    for (const m of headersMissing) warn({ code: m.code, message: `${m.message} (needed for a real run)` });
    process.stdout.write(terminalSafe(redact(formatDryRun(evaluation, argv))) + prompts);
    if (!resolved.customBenchmark) await printSizeEstimate(evaluation);
    return EXIT.ok;
  }
  if (keyMissing) {
    throw new UserError(
      'EF_API_KEY_MISSING',
      `API key variable name was provided, but the variable was not found in the environment: ${keyName}`,
      'Set the variable or remove the API key from your config.',
    );
  }
  if (headersMissing[0]) throw headersMissing[0];
  if (keyName) registerSecret(process.env[keyName]);
  for (const { variable } of headerVariables(evaluation)) registerSecret(process.env[variable]);
  // Before anything is written: a judge that cannot authenticate fails the run here, once. A task
  // no judge scores needs none, whatever judges its config names; a merge asks no judge (docs/scale.md).
  if (resolved.judged && evaluation.config.params.extra.merge_units !== true) checkJudges(modelConfigs);
  allWarnings.forEach(warn);

  const outputDir = resolve(evaluation.config.output_dir);
  const replaced = checkPreviousRun(outputDir, evaluation);
  if (replaced) err.write(replaced);
  makeOutputDirSync(outputDir, OUTPUT_DIR_HINT);
  const lock = asOutputError(outputDir, OUTPUT_DIR_HINT, () => lockOutputDir(outputDir));
  try {
    return await runLocked({
      evaluation,
      resolved,
      modelConfigs,
      allWarnings,
      outputDir,
      renderedCommand,
      argv,
      prestarted,
      hooks,
    });
  } finally {
    lock.release();
  }
}

/** What run_eval does once it holds the output folder's lock: write configs, run the engine, normalise, report. */
async function runLocked(
  o: ResolvedRun & {
    argv: string[];
    prestarted: PrestartedEngine | null;
    hooks: RunEvalHooks;
  },
): Promise<number> {
  const { evaluation, modelConfigs, allWarnings, outputDir, renderedCommand, argv, prestarted } = o;
  const startedAt = new Date().toISOString();
  // git runs beside the files below, the hand-over and the run (results.yml takes its answer at the end).
  const hash = gitHash();
  const err = o.hooks.console?.err ?? process.stderr;
  const runConfigYml = runConfigYmlForNemo(evaluation);
  if (runConfigYml.warning) {
    warner(err)(runConfigYml.warning);
    allWarnings.push(runConfigYml.warning);
  }
  // An earlier run's SIGTERM marker would make NeMo Evaluator's launcher report this run KILLED.
  await rm(join(outputDir, RUN_FILES.interruptedMarker), { force: true });
  await writeFileAtomic(join(outputDir, RUN_FILES.runConfig), runConfigYml.text);
  await writeRenderedModelConfigs(modelConfigs, join(outputDir, RUN_FILES.modelConfigs));
  const logFile = join(outputDir, RUN_FILES.log);
  await writeFileAtomic(
    logFile,
    `${startedAt} eval-factory ${EF_VERSION}\n${startedAt} command: ${redact(renderedCommand)}\n`,
  );
  // From here on a stop signal never ends this process: the engine's partial results are written out however many
  // signals arrive (a terminal's Ctrl-C reaches the whole process group; a user presses it again). runEngine
  // forwards each one to the engine.
  const releaseSignals = holdStopSignals();
  let stopped = false;
  try {
    const engine = await runEngine({
      argv,
      logFile,
      cwd: process.cwd(),
      repoRoot: repoRoot(),
      prestarted,
      onProgress: o.hooks.onProgress,
      slotHandover: o.hooks.slotHandover,
      onSlots: o.hooks.onSlots,
      echo: err,
      parsed: () => parsedForEngine(outputDir, modelConfigs),
    });
    stopped = engine.interrupted;
    const out = o.hooks.console?.out ?? process.stdout;
    return await finishRun({
      ...o,
      engine,
      startedAt,
      gitHash: await awaitGitHash(hash),
      logFile,
      out,
      err,
      onStatus: o.hooks.onStatus,
    });
  } finally {
    // A stopped run keeps ignoring them until the process ends (moments later): one more Ctrl-C would only turn
    // its exit code into a death by signal.
    if (!stopped) releaseSignals();
  }
}

/**
 * What a run_eval resolves from besides framework.yml: its run_config (a file, or a suite YAML job's data), flags,
 * `--overrides` and custom benchmarks. Shared with the cost preview, which must size exactly the job that runs.
 */
export function resolutionInput(args: RunEvalArgs): Omit<Parameters<typeof resolveEvaluation>[0], 'framework'> {
  return {
    runConfig: args.run_config_data ?? (args.run_config ? readRunConfig(args.run_config) : null),
    flags: {
      eval_type: args.eval_type,
      output_dir: args.output_dir,
      model_id: args.model_id,
      model_url: args.model_url,
      model_type: args.model_type,
      api_key_name: args.api_key_name,
    },
    overrides: [...(args.overrides ?? [])],
    ...customResolveOptions(args),
  };
}
