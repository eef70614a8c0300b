/**
 * Client-side pacing for one deployment (docs/architecture.md): optional requests-per-minute and tokens-per-minute token
 * buckets, and an adaptive in-flight limit that halves on a 429 and grows back by one after a window of successes
 * (AIMD), so a rate-limited endpoint is slowed down instead of hammered.
 */
export interface LimiterOptions {
  readonly maxConcurrency: number;
  readonly requestsPerMinute: number | null;
  readonly tokensPerMinute: number | null;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

export type AttemptResult = 'ok' | 'rate_limited' | 'error';

/** A token bucket refilled continuously; holds at most one second's worth (or one request's worth). */
class Bucket {
  private level: number;
  private last: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {
    this.level = Number.POSITIVE_INFINITY; // starts full: clipped to the capacity on first use
    this.last = now();
  }

  private capacity(need: number): number {
    return Math.max(this.perMinute / 60, need);
  }

  /** Milliseconds to wait before `amount` is available (0 = take it now). */
  take(amount: number): number {
    const t = this.now();
    this.level = Math.min(this.capacity(amount), this.level + ((t - this.last) * this.perMinute) / 60_000);
    this.last = t;
    if (this.level >= amount) {
      this.level -= amount;
      return 0;
    }
    return Math.ceil(((amount - this.level) * 60_000) / this.perMinute);
  }
}

export class RequestLimiter {
  private inFlight = 0;
  private limit: number;
  /** The run's share of the endpoint's slots (`setShare`); the adaptive limit applies within it. */
  private share: number;
  private successes = 0;
  private lastCut = -Infinity;
  private readonly waiters: (() => void)[] = [];
  private readonly requests: Bucket | null;
  private readonly tokens: Bucket | null;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: LimiterOptions) {
    this.limit = Math.max(1, opts.maxConcurrency);
    this.share = this.limit;
    this.now = opts.now ?? (() => Date.now());
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.requests = opts.requestsPerMinute ? new Bucket(opts.requestsPerMinute, this.now) : null;
    this.tokens = opts.tokensPerMinute ? new Bucket(opts.tokensPerMinute, this.now) : null;
  }

  /** Whether `acquire` uses its token count (a tokens-per-minute limit is set); callers skip estimating otherwise. */
  get countsTokens(): boolean {
    return this.tokens !== null;
  }

  /** The current in-flight limit: the adaptive one within the run's share (for progress and tests). */
  get currentLimit(): number {
    return Math.min(this.limit, this.share);
  }

  /**
   * Changes how many of the endpoint's slots this run may use (0 … maxConcurrency): a suite's job gets slots from
   * the job before it during that one's last requests, and gives up its own during its last (runner/slot-handover.ts).
   * Lowering it never stops what is in flight; callers lower it only to a count they have at least in flight.
   */
  setShare(slots: number): void {
    this.share = Math.max(0, Math.min(slots, Math.max(1, this.opts.maxConcurrency)));
    this.wake();
  }

  /** Waits for a slot and the buckets; returns the function that reports how the attempt went. */
  async acquire(estimatedTokens: number): Promise<(result: AttemptResult) => void> {
    while (this.inFlight >= this.currentLimit) await new Promise<void>((r) => this.waiters.push(r));
    this.inFlight++;
    // No arrays per request to walk the two buckets: most runs have neither.
    if (this.requests) await this.paced(this.requests, 1);
    if (this.tokens) await this.paced(this.tokens, estimatedTokens);
    let released = false;
    return (result) => {
      if (released) return;
      released = true;
      this.inFlight--;
      this.adapt(result);
      this.wake();
    };
  }

  private async paced(bucket: Bucket, amount: number): Promise<void> {
    for (let wait = bucket.take(amount); wait > 0; wait = bucket.take(amount)) await this.sleep(wait);
  }

  /** Lets as many waiters try again as there are free slots. */
  private wake(): void {
    for (let free = this.currentLimit - this.inFlight; free > 0 && this.waiters.length > 0; free--)
      (this.waiters.shift() as () => void)();
  }

  private adapt(result: AttemptResult): void {
    if (result === 'rate_limited') {
      // Simultaneous 429s from one burst count as one signal.
      if (this.now() - this.lastCut > 1000) {
        this.limit = Math.max(1, Math.floor(this.limit / 2));
        this.lastCut = this.now();
      }
      this.successes = 0;
    } else if (result === 'ok' && this.limit < this.opts.maxConcurrency && ++this.successes >= this.limit) {
      this.limit++;
      this.successes = 0;
    }
  }
}

/** A rough prompt-token estimate for the tokens bucket before usage is known: 4 characters per token. */
export function estimateTokens(body: Record<string, unknown>, maxTokens: number): number {
  const text = JSON.stringify(body.messages ?? body.prompt ?? '');
  return Math.ceil(text.length / 4) + maxTokens;
}
