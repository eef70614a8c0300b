import type { ModelCallRecord } from '../clients/index.js';
import { HelmRunWriter, type HelmRunSpec } from '../output/helm-files.js';
import { InOrderResults } from './in-order-results.js';
import type { ScoredResult } from './score.js';

/**
 * Scoring as answers arrive, for benchmarks whose scores need nothing but the answer: results come in request
 * order from `InOrderResults` and go straight into the HELM run files, so the end of the run only closes them.
 */
export class EarlyScoring {
  private readonly inOrder: InOrderResults<ScoredResult>;

  private constructor(
    size: number,
    scoreAt: (index: number) => ScoredResult,
    readonly helm: HelmRunWriter | null,
    records: readonly (ModelCallRecord | undefined)[],
  ) {
    // A failed write is kept by the writer and thrown by its close(), at the end of the run.
    this.inOrder = new InOrderResults(size, scoreAt, (r, i) => void helm?.add(r, records[i]).catch(() => undefined));
  }

  /** `records` is filled as answers arrive; `helm` null when the run writes no HELM files. */
  static async open(
    size: number,
    scoreAt: (index: number) => ScoredResult,
    helm: HelmRunSpec | null,
    records: readonly (ModelCallRecord | undefined)[],
  ): Promise<EarlyScoring> {
    return new EarlyScoring(size, scoreAt, helm ? await HelmRunWriter.open(helm) : null, records);
  }

  /** Request `index` has its final record. */
  add(index: number): void {
    this.inOrder.add(index);
  }

  /** Every result in request order (requests never answered are scored as not sent). */
  finish(): ScoredResult[] {
    return this.inOrder.finish();
  }
}
