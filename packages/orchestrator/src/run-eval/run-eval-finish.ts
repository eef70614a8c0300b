/**
 * run_eval after its engine has exited: the run's outputs normalised (results.yml, evaluation_config.yaml, …), the
 * log's last line, NeMo Evaluator's interrupted marker after SIGTERM, and what the terminal is told: one line for a
 * stopped run, the summary otherwise. Returns the exit code.
 */
import { existsSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EXIT, redact } from '@eval-factory/errors';
import type { resolveEvaluation } from '@eval-factory/config';
import type { renderModelConfigs } from '@eval-factory/model-configs';
import { normalizeOutputs, type runEngine } from '@eval-factory/executor';
import { writeFileAtomic } from '@eval-factory/files';
import { formatConsoleSummary, formatFinalLogLine } from '@eval-factory/outputs';
import { RUN_FILES, type CodedMessage, type Evaluation, type WrittenRunDocuments } from '@eval-factory/types';
import { EF_VERSION } from '../version.js';

/** What run_eval knows of a run once its configuration is resolved: what every later stage is handed. */
export interface ResolvedRun {
  evaluation: Evaluation;
  resolved: ReturnType<typeof resolveEvaluation>;
  modelConfigs: ReturnType<typeof renderModelConfigs>;
  allWarnings: CodedMessage[];
  outputDir: string;
  renderedCommand: string;
}

export async function finishRun(
  o: ResolvedRun & {
    engine: Awaited<ReturnType<typeof runEngine>>;
    startedAt: string;
    gitHash: string | null;
    logFile: string;
    /** Where the summary goes (stdout; a suite's log) and the rest (stderr; the suite's log and terminal). */
    out: NodeJS.WritableStream;
    err: NodeJS.WritableStream;
    onStatus?: (status: string, written: WrittenRunDocuments) => void;
  },
): Promise<number> {
  const { engine, evaluation, resolved, modelConfigs, allWarnings, outputDir, renderedCommand, startedAt, gitHash } = o;
  const { logFile, out, err } = o;
  const result = await normalizeOutputs({
    outputDir,
    evaluation,
    renderedCommand,
    engine,
    efVersion: EF_VERSION,
    startedAt,
    gitHash,
    urlInfo: {
      resolved_url: modelConfigs.deployment.request_url,
      provider: modelConfigs.deployment.provider,
      use_nvcf: Boolean(evaluation.target.api_endpoint.adapter_config?.use_nvcf),
    },
    warnings: allWarnings,
    metadata: resolved.metadata,
  });
  o.onStatus?.(result.status, result.written);
  for (const w of result.warnings) err.write(`warning[${w.code}]: ${redact(w.message)}\n`);
  // The log ends with the run's outcome, also when the terminal showed only the interrupt line.
  await appendFile(logFile, `${new Date().toISOString()} ${formatFinalLogLine(result.status, result.summary)}\n`).catch(
    () => undefined,
  ); // a full disk already failed the writes above
  if (engine.stopSignal === 'SIGTERM') {
    // NeMo Evaluator's marker (its evaluate.py writes the same), by which the launcher's status says KILLED.
    const marker = JSON.stringify({ signal: 'SIGTERM', timestamp: Date.now() / 1000 });
    await writeFileAtomic(join(outputDir, RUN_FILES.interruptedMarker), marker).catch(() => undefined);
  }
  if (engine.interrupted) {
    // One line, not a summary of a run that did not finish.
    const kept = await answersKept(join(outputDir, RUN_FILES.modelResponses));
    err.write(`interrupted: ${kept} answer${kept === 1 ? '' : 's'} kept, re-run the same command to resume\n`);
    return engine.stopSignal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
  }
  out.write(
    formatConsoleSummary({
      status: result.status,
      summary: result.summary,
      // Only files that exist: a run that failed early has no results.jsonl.
      outputPaths: [RUN_FILES.resultsYml, RUN_FILES.evaluationConfig, RUN_FILES.resultsJsonl, RUN_FILES.log]
        .map((f) => join(outputDir, f))
        .filter((f) => existsSync(f)),
      errorCount: result.errors.length,
      warningCount: allWarnings.length + result.warnings.length + (result.summary?.warnings.length ?? 0),
    }),
  );
  for (const e of result.errors.slice(result.echoed)) err.write(`error[${e.code}]: ${redact(e.message)}\n`);
  return result.status === 'error' ? EXIT.error : EXIT.ok;
}

/** Answers received (and cached) so far: the successful lines of responses/model.jsonl. */
async function answersKept(responsesFile: string): Promise<number> {
  try {
    return (await readFile(responsesFile, 'utf8')).split('\n').filter((line) => line.includes('"success":true')).length;
  } catch {
    return 0;
  }
}
