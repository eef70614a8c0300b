/**
 * The progress bar's rate and ETA. The run's average rate jumps when retries and back-off come and go
 * (20 s → 1 m 10 s → 20 s), and at 999/1000 it kept promising "1s" while the last request retried for 8 s. This one
 * smooths the completion rate with an exponential moving average over time (half-life `halfLifeS`), and when nothing
 * has completed for well past the expected interval it says so (`stalled`) instead of printing a number it cannot
 * know. Pure: the caller passes the clock.
 */
export interface EtaEstimate {
  /** Completions per second, smoothed; null until there is a measured interval. */
  readonly rate: number | null;
  /** Seconds left; null while unknown or stalled. */
  readonly etaS: number | null;
  /** Nothing has completed for more than `stallFactor` expected intervals (and at least `minStallS`). */
  readonly stalled: boolean;
}

export interface EtaOptions {
  readonly halfLifeS?: number;
  /** Completions closer together than this are pooled into one observation (a burst of cached answers). */
  readonly minIntervalS?: number;
  readonly stallFactor?: number;
  readonly minStallS?: number;
}

export class EtaEstimator {
  private rate: number | null = null;
  private pending = 0;
  private windowStart: number;
  private lastCompletion: number;
  private readonly tauS: number;
  private readonly minIntervalS: number;
  private readonly stallFactor: number;
  private readonly minStallS: number;

  constructor(startMs: number, opts: EtaOptions = {}) {
    this.windowStart = startMs;
    this.lastCompletion = startMs;
    this.tauS = (opts.halfLifeS ?? 10) / Math.LN2;
    this.minIntervalS = opts.minIntervalS ?? 0.5;
    this.stallFactor = opts.stallFactor ?? 4;
    this.minStallS = opts.minStallS ?? 3;
  }

  /** `count` completions at `nowMs`. */
  observe(nowMs: number, count = 1): void {
    this.pending += count;
    this.lastCompletion = nowMs;
    const dtS = (nowMs - this.windowStart) / 1000;
    if (dtS < this.minIntervalS) return;
    const instant = this.pending / dtS;
    // Weight by elapsed time, not by observation: a long quiet gap counts as much as it lasted.
    const alpha = 1 - Math.exp(-dtS / this.tauS);
    this.rate = this.rate === null ? instant : alpha * instant + (1 - alpha) * this.rate;
    this.pending = 0;
    this.windowStart = nowMs;
  }

  /** The estimate for `remaining` completions at `nowMs`. */
  estimate(nowMs: number, remaining: number): EtaEstimate {
    if (remaining <= 0) return { rate: this.rate, etaS: 0, stalled: false };
    if (this.rate === null || this.rate <= 0) return { rate: this.rate, etaS: null, stalled: false };
    const quietS = (nowMs - this.lastCompletion) / 1000;
    if (quietS > Math.max(this.minStallS, this.stallFactor / this.rate))
      return { rate: this.rate, etaS: null, stalled: true };
    // Time already waited since the last completion counts towards the next one.
    return { rate: this.rate, etaS: Math.max(remaining / this.rate - quietS, 1 / this.rate), stalled: false };
  }
}
