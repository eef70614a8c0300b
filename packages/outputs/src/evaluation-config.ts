import { RUN_FILES, type CodedMessage, type EngineSummary, type Evaluation, type RunStatus } from '@eval-factory/types';
import { taskName } from './evaluation.js';
import { finiteStats, missingMetricWarning, selectMetrics } from './metric-selection.js';
import { runtimeSeconds } from './time.js';
import { dumpYaml } from './yaml-dump.js';

/** What the model-configs step resolved from `target.api_endpoint.url` (docs/configuration.md). */
export interface UrlInfo {
  readonly resolved_url: string | null;
  readonly provider: string | null;
  readonly use_nvcf: boolean | null;
}

export interface EvaluationConfigInput {
  readonly evaluation: Evaluation;
  /** `null` when rendering failed before a command existed. */
  readonly renderedCommand: string | null;
  /** `null` when the engine failed without writing `ef_summary.json`. */
  readonly summary: EngineSummary | null;
  readonly status: RunStatus;
  readonly efVersion: string;
  /** ISO-8601 UTC; when null the engine's own times are used. */
  readonly startedAt: string | null;
  readonly endedAt: string | null;
  /** Factory-side messages; the engine's are appended from the summary. */
  readonly errors: readonly CodedMessage[];
  readonly warnings: readonly CodedMessage[];
  readonly urlInfo: UrlInfo;
}

const SCHEMA_VERSION = 1;

function runBlock(input: EvaluationConfigInput): Record<string, unknown> {
  const run = input.summary?.run;
  const startedAt = input.startedAt ?? run?.started_at ?? null;
  const endedAt = input.endedAt ?? run?.ended_at ?? null;
  return {
    run_entry: run?.run_entry ?? null,
    run_name: run?.run_name ?? null,
    run_dir: run?.run_dir ?? null,
    command: input.renderedCommand,
    started_at: startedAt,
    ended_at: endedAt,
    runtime_seconds: runtimeSeconds(startedAt, endedAt) ?? run?.runtime_seconds ?? null,
  };
}

function modelBlock(input: EvaluationConfigInput): Record<string, unknown> {
  const endpoint = input.evaluation.target.api_endpoint ?? {};
  const model = input.summary?.model;
  // HELM's name when run_suite gives one: two prod_env models behind one served name stay two models.
  const helmName = endpoint.helm_model || null;
  return {
    model_id: helmName ?? endpoint.model_id ?? model?.model_id ?? null,
    ...(helmName && helmName !== endpoint.model_id ? { served_model_id: endpoint.model_id } : {}),
    url: endpoint.url ?? null,
    resolved_url: input.urlInfo.resolved_url ?? model?.resolved_url ?? null,
    type: endpoint.type ?? model?.type ?? null,
    provider: input.urlInfo.provider ?? model?.provider ?? null,
    api_key_name: endpoint.api_key_name ?? endpoint.api_key ?? null,
    use_nvcf: input.urlInfo.use_nvcf,
  };
}

function generationBlock(summary: EngineSummary | null): Record<string, unknown> {
  const g = summary?.generation;
  return {
    temperature: g?.temperature ?? null,
    top_p: g?.top_p ?? null,
    max_tokens: g?.max_tokens ?? null,
    stop: g ? [...g.stop] : null,
    num_completions: g?.num_completions ?? null,
    system_prompt: g?.system_prompt ?? null,
  };
}

/** Where the prompt texts came from; without a summary, derived from `extra.prompt_texts`. */
function promptTexts(input: EvaluationConfigInput): string {
  if (input.summary) return input.summary.prompt_texts;
  const extra = input.evaluation.config.params?.extra as Record<string, unknown> | null | undefined;
  const path = extra?.prompt_texts;
  return typeof path === 'string' && path !== '' ? path : 'project-default';
}

function dataBlock(summary: EngineSummary | null): Record<string, unknown> {
  const d = summary?.data;
  return {
    source: d?.source ?? null,
    revision: d?.revision ?? null,
    files: d ? d.files.map((f) => ({ path: f.path, sha256: f.sha256, bytes: f.bytes })) : null,
    num_rows: d?.num_rows ?? null,
    num_instances: d?.num_instances ?? null,
    num_evaluated: d?.num_evaluated ?? null,
    subsample: d?.subsample ?? null,
  };
}

function countsBlock(summary: EngineSummary | null): Record<string, unknown> {
  const counts: Record<string, unknown> = {
    requests: summary?.counts.requests ?? { total: null, succeeded: null, failed: null, retried: null, cached: null },
    instances: summary?.counts.instances ?? { evaluated: null, scored: null, failed: null, unscored: null },
  };
  // Judge counts are not part of the EngineSummary contract yet; pass them through when an engine writes them.
  const judges = (summary?.counts as { judges?: unknown } | undefined)?.judges;
  if (judges !== undefined) counts.judges = judges;
  return counts;
}

function metricsList(summary: EngineSummary | null): Record<string, unknown>[] {
  return selectMetrics(summary).reported.map((m) => ({
    name: m.name,
    value: m.value,
    stats: finiteStats(m.stats),
    main: m.main,
    helm_compatible: m.helm_compatible,
    ...(m.corrects !== undefined ? { corrects: m.corrects } : {}),
    lower_is_better: m.lower_is_better,
    description: m.description,
    ...(m.range ? { range: [...m.range] } : {}),
    ...(m.breakdown ? { breakdown: { by: m.breakdown.name, groups: m.breakdown.groups } } : {}),
  }));
}

function efficiencyBlock(summary: EngineSummary | null): Record<string, unknown> {
  if (summary) return { ...summary.efficiency };
  return {
    num_prompt_tokens: { sum: null, mean: null },
    num_completion_tokens: { sum: null, mean: null },
    inference_runtime: { mean: null, p50: null, p90: null, p99: null },
    cached_requests: null,
  };
}

/** Factory messages first, then the engine's; exact duplicates (same code and message) are kept once. */
function mergeMessages(...lists: (readonly CodedMessage[])[]): CodedMessage[] {
  const seen = new Set<string>();
  const out: CodedMessage[] = [];
  for (const message of lists.flat()) {
    const key = `${message.code}\u0000${message.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(message.count === undefined ? { code: message.code, message: message.message } : { ...message });
  }
  return out;
}

function filesBlock(evaluation: Evaluation): Record<string, string> {
  const cachingDir = evaluation.target.api_endpoint?.adapter_config?.caching_dir;
  return {
    run_config: RUN_FILES.runConfig,
    results_yml: RUN_FILES.resultsYml,
    instances: RUN_FILES.instancesJsonl,
    results: RUN_FILES.resultsJsonl,
    responses: 'responses/',
    cache: typeof cachingDir === 'string' && cachingDir !== '' ? cachingDir : RUN_FILES.cache,
    model_configs: `${RUN_FILES.modelConfigs}/`,
  };
}

/**
 * `evaluation_config.yaml` (docs/configuration.md): the project's normalized summary with every field present
 * (`null` where unknown). Works without an engine summary (engine crashed): status and errors still say why.
 * @example formatEvaluationConfig({ evaluation, renderedCommand, summary: null, status: 'error', efVersion: '0.1.0', startedAt, endedAt, errors: [{ code: 'EF_ENGINE_FAILED', message: '…' }], warnings: [], urlInfo })
 */
export function formatEvaluationConfig(input: EvaluationConfigInput): string {
  return evaluationConfigYaml(evaluationConfigDoc(input));
}

/** `evaluation_config.yaml`'s text for its document (`evaluationConfigDoc`). */
export const evaluationConfigYaml = (doc: Record<string, unknown>): string => dumpYaml(doc, { sorted: false });

/** The document `formatEvaluationConfig` writes, before it becomes YAML. */
export function evaluationConfigDoc(input: EvaluationConfigInput): Record<string, unknown> {
  const { summary, evaluation } = input;
  const noValueWarnings = selectMetrics(summary).missing.map(missingMetricWarning);
  return {
    schema_version: SCHEMA_VERSION,
    status: input.status,
    eval_factory_version: input.efVersion,
    engine_version: summary?.engine_version ?? null,
    task: taskName(evaluation),
    framework: evaluation.framework_name,
    run: runBlock(input),
    model: modelBlock(input),
    generation: generationBlock(summary),
    helm_compatible: summary?.helm_compatible ?? null,
    helm_incompatible_reasons: summary ? (summary.helm_incompatible_reasons ?? []) : null,
    prompt_texts: promptTexts(input),
    data: dataBlock(summary),
    counts: countsBlock(summary),
    metrics: metricsList(summary),
    efficiency: efficiencyBlock(summary),
    warnings: mergeMessages(input.warnings, summary?.warnings ?? [], noValueWarnings),
    errors: mergeMessages(input.errors, summary?.errors ?? []),
    files: filesBlock(evaluation),
  };
}
