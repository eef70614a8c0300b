import type {
  BenchmarkDefinition,
  MetricDescriptor,
  PromptRequest,
  RequestOutcome,
  Instance,
  InstanceStatus,
  JuryAnnotation,
} from '@eval-factory/types';
import { pyStrip } from '@eval-factory/metrics';
import type { RequestSettings } from '../clients/index.js';
import type { AnnotationResult } from './annotate.js';

/** How an answer no judge could score is named in results.jsonl (`no judge verdict: gpt: …; llama: …`). */
export const NO_VERDICT = 'no judge verdict: ';

export interface ScoredResult {
  readonly request: PromptRequest;
  readonly instance: Instance;
  readonly status: InstanceStatus;
  readonly reason?: string;
  readonly prediction: string | null;
  readonly metrics: Readonly<Record<string, number>>;
  readonly flags: readonly string[];
  readonly annotations?: Readonly<Record<string, unknown>>;
}

/**
 * With `process_reasoning_traces` (docs/architecture.md): the text after the last end token, stripped; a start token
 * without an end token leaves nothing to score (flagged `reasoning_unfinished`).
 */
export function stripReasoning(text: string, s: RequestSettings): { text: string; flag?: string } {
  if (!s.process_reasoning_traces) return { text };
  const end = text.lastIndexOf(s.end_reasoning_token);
  if (end >= 0) return { text: pyStrip(text.slice(end + s.end_reasoning_token.length)) };
  if (text.includes(s.start_reasoning_token)) return { text: '', flag: 'reasoning_unfinished' };
  return { text };
}

/** The metric descriptors this run reports: `_corrected` ones only when asked. */
export function activeMetrics(benchmark: BenchmarkDefinition, reportCorrected: boolean): MetricDescriptor[] {
  return benchmark.metrics.flatMap((f) => f.metrics).filter((m) => reportCorrected || m.corrects === undefined);
}

/** The texts metrics and annotators see (reasoning stripped) and the flags of a successful outcome. */
export function completionTexts(
  outcome: RequestOutcome | undefined,
  settings: RequestSettings,
): { texts: string[]; flags: string[] } | null {
  if (!outcome || !outcome.ok) return null;
  const flags: string[] = [];
  const texts = outcome.completions.map((c) => {
    const s = stripReasoning(c.text, settings);
    if (s.flag) flags.push(s.flag);
    return s.text;
  });
  const reasons = outcome.completions.map((c) => c.finish_reason);
  if (reasons.includes('length')) flags.push('truncated');
  if (reasons.includes('content_filter')) flags.push('content_filtered');
  return { texts, flags };
}

/** The reason of an instance whose request was never answered because the run was interrupted. */
export const NOT_SENT_INTERRUPTED =
  'not sent: the run was interrupted before this request was answered; re-run the same command to resume';

/** An instance the interrupt left unanswered: unscored (nothing failed), with the reason. */
export function notSentResult(request: PromptRequest, instance: Instance): ScoredResult {
  return {
    request,
    instance,
    status: 'unscored',
    reason: NOT_SENT_INTERRUPTED,
    prediction: null,
    metrics: {},
    flags: [],
  };
}

/** Scores one request's outcome with the benchmark's pure metric families. */
export function scoreOne(
  benchmark: BenchmarkDefinition,
  instance: Instance,
  request: PromptRequest,
  outcome: RequestOutcome | undefined,
  answer: { texts: string[]; flags: string[] } | null,
  annotation: AnnotationResult | undefined,
  active: ReadonlySet<string>,
): ScoredResult {
  if (!outcome)
    return {
      request,
      instance,
      status: 'failed',
      reason: 'not sent: the run stopped before this request',
      prediction: null,
      metrics: {},
      flags: [],
    };
  if (!outcome.ok)
    return {
      request,
      instance,
      status: 'failed',
      reason: `${outcome.error_kind}: ${outcome.message}`,
      prediction: null,
      metrics: {},
      flags: [],
    };
  const { texts, flags } = answer ?? { texts: [], flags: [] };
  if (annotation && !annotation.ok)
    return {
      request,
      instance,
      status: 'unscored',
      reason: annotation.reason,
      prediction: texts[0] ?? null,
      metrics: {},
      flags,
    };
  const annotations = annotation?.annotations;
  const metrics: Record<string, number> = {};
  for (const family of benchmark.metrics) {
    for (const [name, value] of Object.entries(
      family.compute({ instance, request, completions: texts, ...(annotations ? { annotations } : {}) }),
    )) {
      if (active.has(name) && Number.isFinite(value)) metrics[name] = value;
    }
  }
  // No judge verdict: HELM's default score stays in the HELM-compatible metric (its published numbers include it),
  // but the instance is unscored with each judge's cause, and counts against the run's status.
  const noVerdict = benchmark.jury ? juryNoVerdict(annotations?.[benchmark.jury.annotator]) : null;
  if (noVerdict)
    return {
      request,
      instance,
      status: 'unscored',
      reason: `${NO_VERDICT}${noVerdict}`,
      prediction: texts[0] ?? null,
      metrics,
      flags,
      ...(annotations ? { annotations } : {}),
    };
  const status: InstanceStatus = Object.keys(metrics).length > 0 ? 'ok' : 'unscored';
  return {
    request,
    instance,
    status,
    ...(status === 'unscored' ? { reason: 'no metric produced a value for this output' } : {}),
    prediction: texts[0] ?? null,
    metrics,
    flags,
    ...(annotations ? { annotations } : {}),
  };
}

function juryNoVerdict(annotation: unknown): string | null {
  const verdict =
    annotation !== null && typeof annotation === 'object' ? (annotation as JuryAnnotation).no_verdict : undefined;
  return typeof verdict === 'string' ? verdict : null;
}
