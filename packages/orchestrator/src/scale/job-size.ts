/**
 * How big a suite job is, from the engine's own dry run (the same selection code as the real run, in a temporary
 * folder, nothing sent): its instance ids (to plan work units) and its requests, prompt tokens and output-token
 * ceiling (the cost calculator of `run_suite --dry_run`; docs/scale.md), read from the dry run's summary (a missing
 * or damaged one is EF_DRY_RUN_FAILED, never a job of size 0).
 */
import { loadFramework, resolveEvaluation } from '@eval-factory/config';
import { previewPrompts } from '@eval-factory/executor';
import { writeModelConfigs } from '@eval-factory/model-configs';
import { repoRoot, requireFrameworkFile } from '../framework-path.js';
import { resolutionInput, type RunEvalArgs } from '../run-eval/run-eval.js';

export interface JobSizeReport {
  readonly instanceIds: readonly string[];
  readonly requests: number;
  /** The engine's estimate (prompt characters / 4). */
  readonly promptTokens: number;
  readonly maxOutputTokens: number;
}

/** `offline`: data not downloaded yet is an error instead of a download (a dry run downloads nothing). */
export async function sizeJob(args: RunEvalArgs, offline: boolean): Promise<JobSizeReport> {
  const resolved = resolveEvaluation({ framework: loadFramework(requireFrameworkFile()), ...resolutionInput(args) });
  const evaluation = resolved.evaluation;
  const preview = await previewPrompts({
    evaluation,
    prepare: async (dir) => void (await writeModelConfigs(evaluation, dir)),
    count: Number.MAX_SAFE_INTEGER,
    cwd: process.cwd(),
    repoRoot: repoRoot(),
    ...(offline ? { env: { EF_OFFLINE: '1' } } : {}),
  });
  return {
    instanceIds: [...new Set(preview.prompts.map((p) => p.instanceId))],
    requests: preview.summary.requests,
    promptTokens: preview.summary.prompt_tokens,
    maxOutputTokens: preview.summary.max_output_tokens,
  };
}
