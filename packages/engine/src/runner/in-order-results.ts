/**
 * Scores answers as they arrive and hands the results on in request order, in the event loop's spare time: each
 * batch runs from `setImmediate`, after the answers that just came in have sent their next requests. A run whose
 * scores need nothing but the answer (no annotators, no judges) then has its results, and its HELM files, ready when
 * the last answer arrives, instead of spending the end of the run on them (docs/performance.md). A result is
 * dropped once the sink has it, so memory holds only the answers still waiting for an earlier one.
 */
export class InOrderResults<R> {
  private readonly results: (R | undefined)[];
  /** Answers in, not scored yet: `arrived[head…]` (a queue without Array#shift, which is O(n) per call). */
  private arrived: number[] = [];
  private head = 0;
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

  /**
   * Request `index` has its final outcome. Past MAX_WAITING answers waiting, the oldest are scored now: answers
   * found in the cache arrive a block at a time without any I/O between them, and the event loop would reach the
   * batches only when the next block is read, leaving nearly every result of a cached re-run to `finish` (the
   * answers all kept alive until then, and the HELM files written in one go after the last answer).
   */
  add(index: number): void {
    this.arrived.push(index);
    const waiting = this.arrived.length - this.head;
    if (waiting > MAX_WAITING && this.failure === null) this.drainNow(waiting - MAX_WAITING);
    this.schedule();
  }

  /** `drain`, keeping a scoring error for `finish`: thrown here it would escape the run's error handling. */
  private drainNow(limit: number): void {
    try {
      this.drain(limit);
    } catch (error) {
      this.failure = error;
    }
  }

  private schedule(): void {
    if (this.scheduled || this.failure !== null || this.head === this.arrived.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drainNow(BATCH);
      this.schedule();
    });
  }

  /**
   * Hands on every result not handed on yet, scoring the ones never answered now. Throws what scoring threw.
   * `size`: the final number of results, when more came than the constructor was told (a streamed load).
   */
  finish(size = this.results.length): void {
    if (this.failure !== null) throw this.failure;
    if (size > this.results.length) this.results.length = size;
    this.drain(Infinity);
    for (let i = this.next; i < this.results.length; i++) this.results[i] ??= this.score(i);
    this.advance();
  }

  /** Scores up to `limit` arrived answers and hands on what is now in order. */
  private drain(limit: number): void {
    const end = Math.min(this.arrived.length, this.head + limit);
    for (; this.head < end; this.head++) {
      const index = this.arrived[this.head];
      if (index >= this.next) this.results[index] ??= this.score(index);
    }
    if (this.head === this.arrived.length) {
      this.arrived = [];
      this.head = 0;
    }
    this.advance();
  }

  private advance(): void {
    while (this.next < this.results.length && this.results[this.next] !== undefined) {
      const result = this.results[this.next] as R;
      this.results[this.next] = undefined;
      this.sink(result, this.next);
      this.next++;
    }
  }
}

/** Answers scored per batch: small enough that an answer arriving meanwhile waits at most a millisecond or two. */
const BATCH = 8;
/**
 * Answers left waiting for a batch before `add` scores the oldest itself: more than wait in a live run at the usual
 * parallelism (its answers come with I/O, and the batches keep up), fewer than a block of cached answers
 * (runner/request-feed.ts).
 */
export const MAX_WAITING = 256;
