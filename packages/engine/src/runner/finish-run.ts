import { join } from 'node:path';
import { RUN_FILES, type EngineSummary, type JudgeCounts, type RunStatus } from '@eval-factory/types';
import type { ModelDeployment } from '../clients/index.js';
import { writeFileAtomic } from '@eval-factory/files';
import type { HelmRunSpec } from '../output/helm-files.js';
import { ENGINE_VERSION } from '../version.js';
import type { Diagnostics } from './diagnostics.js';
import { helmIncompatibleReasons } from './helm-comparable.js';
import type { FinishOptions } from './options.js';
import type { PreparedRun } from './prepare.js';
import type { ResolvedRun } from './resolve-run.js';
import type { ResultSink } from './result-sink.js';

/** success: nothing failed; partial: failures within max_failure_rate; error: more, or the run was stopped. */
/** `gpt 0/5 usable (5 failed calls), …` from the jury's counts. */
function judgeTally(counts: JudgeCounts | undefined): string {
  if (!counts) return 'no jury counts';
  return Object.entries(counts.per_judge)
    .map(([role, c]) => {
      const unusable = Object.values(c.parse_failures).reduce((a, b) => a + b, 0);
      return `${role}: ${c.calls - c.failed_calls - unusable} of ${c.calls} usable (${c.failed_calls} failed calls, ${unusable} unusable replies)`;
    })
    .join('; ');
}

/** `{num_corrected}` when the run evaluates corrected-set twins beside the HELM instances. */
function correctedCount(prepared: PreparedRun): { num_corrected?: number } {
  const n = prepared.selected.filter((i) => i.variant === 'corrected').length;
  return n > 0 ? { num_corrected: n } : {};
}

export function runStatus(failed: number, evaluated: number, maxFailureRate: number, stopped: boolean): RunStatus {
  if (stopped) return 'error';
  if (failed === 0) return 'success';
  return evaluated > 0 && failed / evaluated <= maxFailureRate ? 'partial' : 'error';
}

/** Where and how a run's HELM files are written (runs/<suite>/<run_dir>/). */
export function helmRunSpec(o: {
  run: ResolvedRun;
  prepared: PreparedRun;
  deployment: ModelDeployment;
  outputPath: string;
  runDirRel: string;
}): HelmRunSpec {
  return {
    dir: join(o.outputPath, ...o.runDirRel.split('/')),
    runName: o.run.runName,
    benchmark: o.run.benchmark,
    scenarioArgs: o.run.scenarioArgs,
    adapter: o.prepared.helmAdapter,
    numTrainInstances: o.prepared.numTrainInstances,
    model: o.run.model,
    deployment: o.deployment.name,
  };
}

/**
 * Scores are in: closes the sink (results.jsonl and the HELM run files into place), writes ef_summary.json and
 * returns the summary.
 */
export async function finishRun(o: {
  run: ResolvedRun;
  options: FinishOptions;
  prepared: PreparedRun;
  deployment: ModelDeployment;
  /** Holds every result (results.jsonl, HELM files and tallies): closed here. */
  sink: ResultSink;
  diag: Diagnostics;
  startedAt: Date;
  runDirRel: string;
  interrupted: boolean;
  stopped: boolean;
  /** Judged benchmarks: the jury's counts, and whether its roster is HELM's (gpt, llama, claude). */
  judges?: { readonly counts: JudgeCounts; readonly helmCompatible: boolean };
}): Promise<EngineSummary> {
  const { run, options, prepared, diag, sink } = o;
  const out = options.outputPath;
  await sink.close();
  const { metrics, warnings } = sink.metrics.finish();
  warnings.forEach((w) => diag.warn(w.code, w.message));
  const counts = sink.counts;
  const { failed, noVerdict, evaluated } = counts;
  if (failed > 0)
    diag.warn('EF_INSTANCES_FAILED', `${failed} of ${evaluated} instances failed (see results.jsonl for each reason)`);
  // An answer no judge could score is a failure of the run's scoring, not a score.
  if (noVerdict > 0)
    diag.warn(
      'EF_JUDGE_NO_VERDICT',
      `${noVerdict} of ${evaluated} answers got no usable verdict from any judge: unscored (${judgeTally(o.judges?.counts)}; see results.jsonl and responses/judges.jsonl)`,
    );
  if (o.interrupted) diag.error('EF_INTERRUPTED', 'the run was interrupted; outputs hold what was computed so far');
  const status = o.interrupted
    ? 'interrupted'
    : runStatus(failed + noVerdict, evaluated, options.maxFailureRate, o.stopped);
  if (status === 'error' && !o.stopped)
    diag.error(
      'EF_FAILURE_RATE',
      `${failed + noVerdict} of ${evaluated} instances ${noVerdict ? 'failed or got no judge verdict' : 'failed'}, above max_failure_rate ${options.maxFailureRate}`,
    );
  const runDirAbs = join(out, ...o.runDirRel.split('/'));
  const eff = sink.efficiency.stats();
  const endedAt = new Date();
  const first = prepared.requests.at(0);
  const notComparable = helmIncompatibleReasons({
    generationAsHelm: prepared.helmCompatible,
    systemPrompt: o.deployment.request_settings.use_system_prompt,
    ...(o.judges ? { helmJury: o.judges.helmCompatible } : {}),
    dataPath: options.dataPath,
    ...(prepared.loaded.partial ? { partialData: prepared.loaded.partial } : {}),
    promptTexts: options.promptTexts,
  });
  const summary: EngineSummary = {
    schema_version: 1,
    status,
    engine_version: ENGINE_VERSION,
    benchmark: run.benchmark.name,
    run: {
      run_entry: run.entry,
      run_name: run.runName,
      run_dir: o.runDirRel,
      started_at: o.startedAt.toISOString(),
      ended_at: endedAt.toISOString(),
      runtime_seconds: (endedAt.getTime() - o.startedAt.getTime()) / 1000,
    },
    model: {
      model_id: o.deployment.model_name,
      deployment: o.deployment.name,
      provider: o.deployment.provider,
      resolved_url: o.deployment.request_url,
      type: o.deployment.endpoint_type,
    },
    generation: {
      temperature: first.temperature,
      top_p: first.top_p,
      max_tokens: first.max_tokens,
      stop: first.stop,
      num_completions: first.num_completions,
      system_prompt: o.deployment.request_settings.use_system_prompt,
    },
    helm_compatible: notComparable.length === 0,
    helm_incompatible_reasons: notComparable,
    prompt_texts: options.promptTexts ?? 'project-default',
    data: {
      ...prepared.loaded.data,
      num_instances: prepared.loaded.instances.filter((i) => i.split !== 'train' && i.variant !== 'corrected').length,
      num_evaluated: prepared.selected.length,
      ...correctedCount(prepared),
      subsample: prepared.subsample,
    },
    counts: {
      requests: eff.requests,
      instances: {
        evaluated,
        scored: counts.ok,
        failed,
        unscored: counts.unscored,
        ...(o.interrupted ? { not_sent: counts.notSent } : {}),
      },
      ...(o.judges ? { judges: o.judges.counts } : {}),
    },
    metrics,
    efficiency: eff.efficiency,
    response_stats: eff.response_stats,
    peak_memory_bytes: process.resourceUsage().maxRSS * 1024,
    warnings: diag.warningList(),
    errors: diag.errors,
  };
  await writeFileAtomic(join(runDirAbs, RUN_FILES.engineSummary), `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}
