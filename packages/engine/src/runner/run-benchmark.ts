import { join } from 'node:path';
import { RUN_FILES } from '@eval-factory/types';
import { readModelDeployment } from '../clients/index.js';
import type { Diagnostics } from './diagnostics.js';
import { writeDryRun, writeInstancesFile } from './dry-run.js';
import { openEndpoint } from './open-endpoint.js';
import type { RunOptions } from './options.js';
import { prepareRun } from './prepare.js';
import { ignoredArgFlags, resolveRun, type ResolvedRun } from './resolve-run.js';
import { scrubPrepared } from './scrub-secrets.js';
import { sendAndScore, type RunOutcome } from './send-and-score.js';

export type { RunOutcome } from './send-and-score.js';

/**
 * One run entry end to end: resolve → load/select → open the endpoint → send → score → write every output file.
 * Requests are built as they are sent (send-and-score.ts), so the first one leaves once the data is loaded and
 * selected, whatever the number of instances; a run that takes every instance of a streamed load sends while the
 * rest of the file is read (load-instances.ts).
 */
export async function runBenchmark(
  entry: string,
  options: RunOptions,
  diag: Diagnostics,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const startedAt = new Date();
  const run = await resolveRun(entry, options);
  warnIgnoredArgs(run, options, diag);
  const runDirRel = `runs/${options.suite}/${run.runDir}`;
  const deployment = readModelDeployment(options.modelConfigs, run.model);
  const loaded = await prepareRun(run, options, diag);
  if (options.dryRun) {
    await writeDryRun(loaded, deployment, options.outputPath, diag);
    return { status: 'success', runDir: runDirRel, summary: null, interrupted: false };
  }
  const endpoint = await openEndpoint(run, deployment, options, diag);
  // Every secret is registered now: none that reached the data or a prompt file is sent, cached or written.
  const prepared = scrubPrepared(loaded);
  // Written once the first requests are on their way (a run of a million instances spends seconds on it).
  let written: Promise<void> | undefined;
  const instancesFile = () => {
    if (written === undefined) {
      const { stream } = prepared;
      // It follows the load without driving it: the loader's wait for the first answer is not ended by the file.
      const reach = stream ? (index: number) => stream.reach(index, false) : undefined;
      written = writeInstancesFile(join(options.outputPath, RUN_FILES.instancesJsonl), prepared.selected, reach);
      // A failure is thrown where the run awaits the file, before its outputs are closed; never an unhandled rejection.
      written.catch(() => undefined);
    }
    return written;
  };
  return sendAndScore({
    run,
    options,
    prepared,
    deployment,
    endpoint,
    diag,
    signal,
    startedAt,
    runDirRel,
    instancesFile,
  });
}

/** Benchmark arguments given in `config.params.extra` that this benchmark does not take: a warning, not an error. */
function warnIgnoredArgs(run: ResolvedRun, options: RunOptions, diag: Diagnostics): void {
  const ignored = ignoredArgFlags(run.benchmark, options);
  if (ignored.length === 0) return;
  const list = ignored.map(([k, v]) => `${k}=${v} (config.params.extra.${k})`).join(', ');
  diag.warn(
    'EF_PARAM_IGNORED',
    `${list} ignored: benchmark '${run.benchmark.name}' does not use ${ignored.map(([k]) => k).join(' or ')}`,
  );
}
