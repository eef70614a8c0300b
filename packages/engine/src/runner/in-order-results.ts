/**
 * Scores answers as they arrive and hands the results on in request order, in the event loop's spare time: each
 * batch runs from `setImmediate`, after the answers that just came in have sent their next requests. A run whose
 * scores need nothing but the answer (no annotators, no judges) then has its results, and its HELM files, ready when
 * the last answer arrives, instead of spending the end of the run on them (docs/performance.md).
 */
export class InOrderResults<R> {
  private readonly results: (R | undefined)[];
  private readonly arrived: number[] = [];
  private next = 0;
  private scheduled = false;
  private failure: unknown = null;

  /**
   * @param score the result of request `index`, once its answer is in (or at `finish`, for one never answered)
   * @param sink called once per result, in request order
   */
  constructor(
    size: number,
    private readonly score: (index: number) => R,
    private readonly sink: (result: R, index: number) => void,
  ) {
    this.results = new Array(size);
  }

  /** Request `index` has its final outcome. */
  add(index: number): void {
    this.arrived.push(index);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.failure !== null || this.arrived.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      try {
        this.drain(BATCH);
        this.schedule();
      } catch (error) {
        // Kept for `finish`, which rethrows it: a throw here would escape the run's error handling.
        this.failure = error;
      }
    });
  }

  /** Every result in request order, the ones not scored yet scored now. Throws what scoring threw. */
  finish(): R[] {
    if (this.failure !== null) throw this.failure;
    this.drain(Infinity);
    for (let i = this.next; i < this.results.length; i++) this.results[i] ??= this.score(i);
    this.advance();
    return this.results as R[];
  }

  /** Scores up to `limit` arrived answers and hands on what is now in order. */
  private drain(limit: number): void {
    for (const index of this.arrived.splice(0, limit)) this.results[index] ??= this.score(index);
    this.advance();
  }

  private advance(): void {
    while (this.next < this.results.length && this.results[this.next] !== undefined) {
      this.sink(this.results[this.next] as R, this.next);
      this.next++;
    }
  }
}

/** Answers scored per batch: small enough that an answer arriving meanwhile waits at most a millisecond or two. */
const BATCH = 8;
