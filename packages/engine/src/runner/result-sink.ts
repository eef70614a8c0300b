import { join } from 'node:path';
import {
  HELM_MAIN_SPLIT,
  RUN_FILES,
  type BenchmarkDefinition,
  type MetricDescriptor,
  type ResultsLine,
} from '@eval-factory/types';
import type { ModelCallRecord } from '../clients/index.js';
import { JsonlAtomicWriter } from '../output/atomic.js';
import { bothWritten } from '../output/written.js';
import { HelmRunWriter, type HelmRunSpec } from '../output/helm-files.js';
import { MetricsTally } from './aggregate.js';
import { EfficiencyTally } from './efficiency.js';
import { NO_VERDICT, NOT_SENT_INTERRUPTED, type ScoredResult } from './score.js';

/** How many results ended in each way (the summary's `counts.instances` and the run's status). */
export interface ResultCounts {
  evaluated: number;
  ok: number;
  failed: number;
  unscored: number;
  /** Unscored because no judge gave a usable verdict (a failure of the run's scoring). */
  noVerdict: number;
  /** Never sent: the run was interrupted first. */
  notSent: number;
}

/**
 * Where each scored result goes, in request order: its line of results.jsonl, the HELM run files (when the run
 * writes them) and the run's tallies (metrics, counts, request efficiency). No result or answer is kept once it is
 * here, so a run's memory does not grow with the answers already written (even at a million instances). The two
 * large files grow in temp files and are renamed into place by `close`.
 */
export class ResultSink {
  readonly metrics: MetricsTally;
  readonly efficiency = new EfficiencyTally();
  private readonly mainMetric: string;
  readonly counts: ResultCounts = { evaluated: 0, ok: 0, failed: 0, unscored: 0, noVerdict: 0, notSent: 0 };

  private constructor(
    private readonly results: JsonlAtomicWriter,
    readonly helm: HelmRunWriter | null,
    active: readonly MetricDescriptor[],
    benchmark: Pick<BenchmarkDefinition, 'main_metric' | 'breakdown'>,
  ) {
    this.metrics = new MetricsTally(active, benchmark);
    this.mainMetric = benchmark.main_metric;
  }

  static async open(o: {
    outputDir: string;
    active: readonly MetricDescriptor[];
    benchmark: Pick<BenchmarkDefinition, 'main_metric' | 'breakdown'>;
    helm: HelmRunSpec | null;
  }): Promise<ResultSink> {
    const results = await JsonlAtomicWriter.open(join(o.outputDir, RUN_FILES.resultsJsonl));
    try {
      return new ResultSink(results, o.helm ? await HelmRunWriter.open(o.helm) : null, o.active, o.benchmark);
    } catch (error) {
      await results.discard();
      throw error;
    }
  }

  /**
   * The next result in request order with its request's final record (undefined: never sent). The promise waits
   * only when the disk is far behind; a caller that cannot wait may ignore it, since a failed write is kept by
   * the writers and thrown by `close`.
   */
  add(r: ScoredResult, record: ModelCallRecord | undefined): Promise<void> {
    this.metrics.add(r);
    this.efficiency.add(record);
    this.count(r);
    const line = this.results.push(resultsLine(r, this.mainMetric));
    return this.helm ? bothWritten(line, this.helm.add(r, record)) : line;
  }

  /** Renames results.jsonl and the HELM files into place. */
  async close(): Promise<void> {
    try {
      await this.results.close();
    } catch (error) {
      await this.helm?.discard();
      throw error;
    }
    await this.helm?.close();
  }

  /** Drops the temp files (the run failed before its end). */
  async discard(): Promise<void> {
    await Promise.all([this.results.discard(), this.helm?.discard()]);
  }

  private count(r: ScoredResult): void {
    const c = this.counts;
    c.evaluated++;
    if (r.status === 'ok') c.ok++;
    else if (r.status === 'failed') c.failed++;
    else if (r.status === 'unscored') {
      c.unscored++;
      if (r.reason?.startsWith(NO_VERDICT)) c.noVerdict++;
    }
    if (r.reason === NOT_SENT_INTERRUPTED) c.notSent++;
  }
}

function resultsLine(r: ScoredResult, mainMetric: string): ResultsLine {
  const reward = r.metrics[mainMetric];
  return {
    instance_id: r.instance.id,
    train_trial_index: r.request.train_trial_index,
    status: r.status,
    ...(r.reason ? { reason: r.reason } : {}),
    prediction: r.prediction,
    ...(r.request.output_mapping && r.prediction !== null
      ? { mapped_output: r.request.output_mapping[r.prediction.trim()] ?? null }
      : {}),
    metrics: r.metrics,
    ...(reward !== undefined ? { reward } : {}),
    ...(r.flags.length ? { flags: r.flags } : {}),
    ...(r.annotations ? { annotations: r.annotations } : {}),
    ...(r.instance.variant ? { variant: r.instance.variant } : {}),
    ...(r.instance.split !== HELM_MAIN_SPLIT ? { split: r.instance.split } : {}),
  };
}
