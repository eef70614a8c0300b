import { existsSync } from 'node:fs';
import { readFile, rm, symlink } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import {
  RUN_FILES,
  type CodedMessage,
  type EngineSummary,
  type RunStatus,
  type Evaluation,
  type WrittenRunDocuments,
} from '@eval-factory/types';
import {
  evaluationConfigDoc,
  evaluationConfigYaml,
  formatEvalFactoryMetrics,
  formatMetadataYaml,
  resultsYmlDoc,
  resultsYmlText,
  type UrlInfo,
} from '@eval-factory/outputs';
import type { EngineRun } from '../spawn/run-engine.js';
import { UserError } from '@eval-factory/errors';
import { makeOutputDirSync, writeFileAtomic } from '@eval-factory/files';

export interface NormalizeInput {
  readonly outputDir: string;
  readonly evaluation: Evaluation;
  readonly renderedCommand: string;
  readonly engine: EngineRun;
  readonly efVersion: string;
  readonly startedAt: string;
  readonly gitHash: string | null;
  readonly urlInfo: UrlInfo;
  readonly warnings: readonly CodedMessage[];
  readonly metadata: Readonly<Record<string, unknown>> | null;
}

export interface NormalizeResult {
  readonly status: RunStatus;
  readonly summary: EngineSummary | null;
  readonly errors: readonly CodedMessage[];
  /** How many of `errors` (from the front) the engine already printed on the terminal: not to be printed again. */
  readonly echoed: number;
  /** Warnings of the normalisation itself (also in evaluation_config.yaml), not yet printed. */
  readonly warnings: readonly CodedMessage[];
  /** What evaluation_config.yaml and results.yml now hold. */
  readonly written: WrittenRunDocuments;
}

/** `error[EF_…]: message` lines the engine printed before it failed (shown once already, live). */
export function engineErrorLines(tail: readonly string[]): CodedMessage[] {
  return tail.flatMap((line) => {
    const m = /^error\[(EF_[A-Z0-9_]+)\]: (.*)$/.exec(line.trim());
    return m ? [{ code: m[1]!, message: m[2]! }] : [];
  });
}

/** Reads the engine's `ef_summary.json` (when it got that far). A missing or unreadable one leaves `null`. */
export async function readEngineSummary(outputDir: string, engine: EngineRun): Promise<EngineSummary | null> {
  if (!engine.final) return null;
  try {
    return JSON.parse(
      await readFile(join(outputDir, ...engine.final.run_dir.split('/'), RUN_FILES.engineSummary), 'utf8'),
    ) as EngineSummary;
  } catch {
    return null;
  }
}

/**
 * Engine output → `evaluation_config.yaml` (written last), `results.yml`, `eval_factory_metrics.json` and
 * `metadata.yaml`. Works when the engine failed too: the status is `error` and the errors say why.
 */
export async function normalizeOutputs(input: NormalizeInput): Promise<NormalizeResult> {
  const summary = await readEngineSummary(input.outputDir, input.engine);
  const errors: CodedMessage[] = [];
  let echoed = 0;
  const engineErrors = engineErrorLines(input.engine.stderrTail);
  if (input.engine.exitCode !== 0 && !summary) {
    const tail = input.engine.stderrTail.slice(-50).join('\n');
    // An interrupted engine's last lines are progress-bar frames: the one thing to say is how to go on.
    if (input.engine.interrupted)
      errors.push({
        code: 'EF_INTERRUPTED',
        message:
          'the run was stopped before the engine wrote its summary; every answer received is in cache.db: re-run the same command to resume',
      });
    else if (engineErrors.length > 0) {
      // The engine said why, on the terminal already: record it, do not print it a second time.
      errors.push(...engineErrors);
      echoed = engineErrors.length;
    } else
      errors.push({
        code: 'EF_ENGINE_FAILED',
        message: `the engine exited with ${input.engine.exitCode ?? input.engine.signal}${tail ? `:\n${tail}` : ''}`,
      });
  }
  const status: RunStatus = summary?.status ?? (input.engine.interrupted ? 'interrupted' : 'error');
  const endedAt = new Date().toISOString();
  const out = input.outputDir;
  if (input.metadata)
    await writeFileAtomic(
      join(out, RUN_FILES.metadata),
      formatMetadataYaml(input.metadata, {
        gitHash: input.gitHash,
        efVersion: input.efVersion,
        engineVersion: summary?.engine_version ?? null,
      }),
    );
  // results.yml is what exporters read as a finished run's scores: a run that never produced any (the engine failed
  // before its summary, e.g. an unknown benchmark) has none, not an empty one, and not an earlier run's.
  const results = summary
    ? resultsYmlDoc({
        evaluation: input.evaluation,
        renderedCommand: input.renderedCommand,
        gitHash: input.gitHash,
        summary,
        metadata: input.metadata,
      })
    : null;
  if (results) await writeFileAtomic(join(out, RUN_FILES.resultsYml), resultsYmlText(results));
  else await rm(join(out, RUN_FILES.resultsYml), { force: true });
  const warnings = summary ? await linkPerSampleRows(out) : [];
  await writeFileAtomic(
    join(out, RUN_FILES.metrics),
    formatEvalFactoryMetrics(summary, {
      startedAt: input.startedAt,
      endedAt,
      factoryPeakMemoryBytes: process.resourceUsage().maxRSS * 1024,
    }),
  );
  const evaluation = evaluationConfigDoc({
    evaluation: input.evaluation,
    renderedCommand: input.renderedCommand,
    summary,
    status,
    efVersion: input.efVersion,
    startedAt: input.startedAt,
    endedAt,
    errors,
    warnings: [...input.warnings, ...warnings],
    urlInfo: input.urlInfo,
  });
  await writeFileAtomic(join(out, RUN_FILES.evaluationConfig), evaluationConfigYaml(evaluation));
  return {
    status,
    summary,
    errors: [...errors, ...(summary?.errors ?? [])],
    echoed,
    warnings,
    written: { evaluation, results },
  };
}

/**
 * NeMo Evaluator's newer bundle reader takes per-sample rows from `output*.jsonl` files under `eval-results/` beside results.yml:
 * a relative link to results.jsonl gives it ours without a second copy (each row's `reward` is its main metric).
 */
async function linkPerSampleRows(out: string): Promise<CodedMessage[]> {
  const link = join(out, RUN_FILES.perSampleRows);
  if (!existsSync(join(out, RUN_FILES.resultsJsonl))) return [];
  try {
    makeOutputDirSync(dirname(link));
  } catch (error) {
    // A warning, as a failed link is: the run's scores are in, and its other files still have to follow results.yml.
    if (!(error instanceof UserError)) throw error;
    const message = `${error.message}; ${RUN_FILES.perSampleRows} is not linked (results.jsonl holds the same rows)`;
    return [{ code: error.code, message }];
  }
  await rm(link, { force: true });
  await symlink(relative(dirname(link), join(out, RUN_FILES.resultsJsonl)), link).catch(() => undefined);
  return [];
}
