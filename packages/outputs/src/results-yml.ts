import type { EngineSummary, MetricSummary, Evaluation } from '@eval-factory/types';
import { taskName, targetForOutput, withoutNulls } from './evaluation.js';
import { buildVersioning, type ComponentVersions } from './metadata-yaml.js';
import { finiteStats, selectMetrics } from './metric-selection.js';
import { dumpYaml } from './yaml-dump.js';

export interface ResultsYmlInput {
  readonly evaluation: Evaluation;
  /** The command that actually ran (names of key variables only, never values). */
  readonly renderedCommand: string;
  /** `CORE_EVALS_GIT_HASH`, else the project's git hash, else null. */
  readonly gitHash: string | null;
  /** `null` when the engine wrote no summary: the task is listed with no metrics. */
  readonly summary: EngineSummary | null;
  /** The run_config `metadata` block; only its `versioning` is copied here (the rest goes to metadata.yaml). */
  readonly metadata?: Readonly<Record<string, unknown>> | null;
  readonly versions?: Omit<ComponentVersions, 'gitHash'>;
}

const SKIPPED_FIELDS_NOTE = 'see metadata.yaml for the rest of the fields';

function metricEntry(metric: MetricSummary): Record<string, unknown> {
  return { scores: { mean: { value: metric.value, stats: finiteStats(metric.stats) } } };
}

function metricsBlock(summary: EngineSummary | null): Record<string, unknown> {
  const metrics: Record<string, unknown> = {};
  for (const metric of selectMetrics(summary).reported) metrics[metric.name] = metricEntry(metric);
  return metrics;
}

/**
 * `results.yml` in the NeMo shape (docs/configuration.md): sorted keys, config without nulls, one task whose
 * metrics are the reported (`report: true`) ones with a finite value, each as `scores.mean.{value, stats}`.
 * @example await writeFile(join(outDir, 'results.yml'), formatResultsYml({ evaluation, renderedCommand, gitHash: null, summary }))
 */
export function formatResultsYml(input: ResultsYmlInput): string {
  return resultsYmlText(resultsYmlDoc(input));
}

/** `results.yml`'s text for its document (`resultsYmlDoc`). */
export const resultsYmlText = (doc: Record<string, unknown>): string => dumpYaml(doc, { sorted: true });

/** The document `formatResultsYml` writes, before it becomes YAML (its keys sorted then). */
export function resultsYmlDoc(input: ResultsYmlInput): Record<string, unknown> {
  const { evaluation, metadata } = input;
  const doc: Record<string, unknown> = {
    command: input.renderedCommand,
    config: withoutNulls(evaluation.config),
    git_hash: input.gitHash,
    results: {
      tasks: { [taskName(evaluation)]: { metrics: metricsBlock(input.summary) } },
      groups: {},
    },
    target: withoutNulls(targetForOutput(evaluation.target)),
  };
  if (metadata) {
    const versioning = buildVersioning(metadata, { ...input.versions, gitHash: input.gitHash });
    doc.metadata = { versioning, __skipped_fields: SKIPPED_FIELDS_NOTE };
  }
  return doc;
}
