import type { ModelCallRecord } from '../clients/index.js';
import { WRITTEN } from '../output/written.js';
import { InOrderResults } from './in-order-results.js';
import type { ResultSink } from './result-sink.js';
import type { ScoredResult } from './score.js';

/**
 * Scoring as answers arrive, for benchmarks whose scores need nothing but the answer: results come in request
 * order from `InOrderResults` and go straight into the sink (results.jsonl, the HELM run files, the tallies), so
 * the end of the run only closes the files. Each answer is dropped from `records` once its result is in the sink:
 * the run then holds per request only its prompt and data, whatever its size.
 */
export class EarlyScoring {
  private readonly inOrder: InOrderResults<ScoredResult>;

  /** `records` is filled as answers arrive. */
  constructor(
    size: number,
    scoreAt: (index: number) => ScoredResult,
    sink: ResultSink,
    records: (ModelCallRecord | undefined)[],
  ) {
    this.inOrder = new InOrderResults(size, scoreAt, (r, i) => {
      // A failed write is kept by the sink's writers and thrown by its close(), at the end of the run. Nothing to
      // catch when nothing waits (the usual case: no promise per result).
      const written = sink.add(r, records[i]);
      if (written !== WRITTEN) written.catch(() => undefined);
      records[i] = undefined;
    });
  }

  /** Request `index` has its final record. */
  add(index: number): void {
    this.inOrder.add(index);
  }

  /**
   * Hands every remaining result to the sink (requests never answered are scored as not sent). `size`: the run's
   * requests, when they grew after the start (a streamed load).
   */
  finish(size?: number): void {
    this.inOrder.finish(size);
  }
}
