import type { EngineSummary, MetricSummary, RunStatus } from '@eval-factory/types';
import { selectMetrics } from './metric-selection.js';

export interface ConsoleSummaryInput {
  readonly status: RunStatus;
  readonly summary: EngineSummary | null;
  /** Output files to list, already joined with the output folder (e.g. `out/results.yml`). */
  readonly outputPaths: readonly string[];
  /** Factory + engine error count, printed when non-zero. */
  readonly errorCount?: number;
  readonly warningCount?: number;
}

const Z_95 = 1.96;

function fixed(value: number): string {
  return value.toFixed(4);
}

/** `value ± 1.96·stderr (n=count)`; the interval is left out when there is no stderr (n < 2). */
function metricCell(metric: MetricSummary): string {
  const { stderr, count } = metric.stats;
  const interval = typeof stderr === 'number' && Number.isFinite(stderr) ? ` ± ${fixed(Z_95 * stderr)}` : '';
  const n = typeof count === 'number' ? ` (n=${count})` : '';
  return `${fixed(metric.value)}${interval}${n}`;
}

function metricLines(summary: EngineSummary | null): string[] {
  const { reported, missing } = selectMetrics(summary);
  const width = Math.max(0, ...[...reported, ...missing].map((m) => m.name.length));
  const lines = reported.map((m) => `  ${m.name.padEnd(width)}  ${metricCell(m)}${m.main ? '  [main]' : ''}`);
  for (const m of missing) lines.push(`  ${m.name.padEnd(width)}  no scored instance`);
  return lines;
}

/** `100 evaluated (50 + their 50 corrected-set twins)`: why limit_samples 50 evaluates 100. */
function evaluatedText(summary: EngineSummary): string {
  const evaluated = summary.counts.instances.evaluated;
  const corrected = summary.data.num_corrected ?? 0;
  return corrected > 0
    ? `${evaluated} evaluated (${evaluated - corrected} + their ${corrected} corrected-set twins)`
    : `${evaluated} evaluated`;
}

/** Cache hits split into an earlier run's answers and prompts repeated within this run. */
function cachedText(r: EngineSummary['counts']['requests']): string {
  const duplicates = r.duplicates ?? 0;
  const fromCache = `${r.cached - duplicates} cached`;
  return duplicates > 0
    ? `${fromCache}, ${duplicates} duplicate prompt${duplicates === 1 ? '' : 's'} answered once`
    : fromCache;
}

function countLines(summary: EngineSummary): string[] {
  const i = summary.counts.instances;
  const r = summary.counts.requests;
  const notSent = r.not_sent ? `, ${r.not_sent} not sent` : '';
  return [
    `instances: ${evaluatedText(summary)}, ${i.scored} scored, ${i.failed} failed, ${i.unscored} unscored`,
    `requests:  ${r.total} total, ${cachedText(r)}, ${r.failed} failed, ${r.retried} retried${notSent}`,
  ];
}

/**
 * The run's last line in logs/eval-factory.log: status and counts, whatever the console showed.
 * @example formatFinalLogLine('success', summary) // 'final: status success; instances: 5 evaluated, …; requests: …'
 */
export function formatFinalLogLine(status: RunStatus, summary: EngineSummary | null): string {
  if (!summary) return `final: status ${status}; no engine summary (see the errors in evaluation_config.yaml)`;
  const [instances, requests] = countLines(summary).map((l) => l.replace(/:\s+/, ': '));
  return `final: status ${status}; ${instances}; ${requests}; runtime ${summary.run.runtime_seconds.toFixed(1)} s`;
}

/**
 * A short human summary for the terminal: status, each reported metric as `name  value ± 1.96·stderr (n=count)`,
 * instance and request counts, and the output paths.
 * @example process.stderr.write(formatConsoleSummary({ status: 'success', summary, outputPaths: ['out/results.yml'] }))
 */
export function formatConsoleSummary(input: ConsoleSummaryInput): string {
  const { summary } = input;
  const title = summary ? ` (${summary.benchmark}, ${summary.model.model_id})` : '';
  const lines = [`status: ${input.status}${title}`];
  if (summary) {
    const metrics = metricLines(summary);
    lines.push(...(metrics.length > 0 ? ['metrics (value ± 95% CI):', ...metrics] : ['metrics: none']));
    lines.push(...countLines(summary));
  }
  if (input.errorCount) lines.push(`errors:    ${input.errorCount} (see evaluation_config.yaml)`);
  if (input.warningCount) lines.push(`warnings:  ${input.warningCount} (see evaluation_config.yaml)`);
  input.outputPaths.forEach((path, i) => lines.push(`${i === 0 ? 'outputs:   ' : '           '}${path}`));
  return `${lines.join('\n')}\n`;
}
