import cliProgress from 'cli-progress';
import { completedRequests } from '@eval-factory/types';
import type { RetryObserver } from '../clients/retry.js';
import { EtaEstimator } from './progress-eta.js';
import { formatProgressLine, type ProgressState } from './progress-line.js';
import { startProgressEvents } from './progress-events.js';

/**
 * Progress on stderr. On a terminal: one live bar (cli-progress) with done / cached / failed, retrying and throttled
 * requests, a smoothed rate and ETA (progress-eta.ts). Piped or in CI: a short plain line every few seconds, no
 * control characters. The engine's stderr is a pipe to the factory, so the factory says which through
 * `EF_PROGRESS=tty|plain|off`; a suite asks for `events` (progress-events.ts) and draws one view of all its jobs.
 * Retries report here through the client's `RetryObserver`.
 */
export interface Progress extends RetryObserver {
  tick(kind: TickKind, cause?: string): void;
  finish(): void;
}

type Mode = 'tty' | 'plain' | 'off' | 'events';
/** `duplicate`: a cache hit on a prompt this run already had answered (shown apart from an earlier run's cache). */
export type TickKind = 'done' | 'cached' | 'duplicate' | 'failed';

export function progressMode(env: NodeJS.ProcessEnv = process.env, stream: NodeJS.WriteStream = process.stderr): Mode {
  const asked = env.EF_PROGRESS;
  if (asked === 'tty' || asked === 'plain' || asked === 'off' || asked === 'events') return asked;
  return stream.isTTY === true && env.CI !== 'true' ? 'tty' : 'plain';
}

const PLAIN_INTERVAL_MS = 5000;
const BAR_WIDTH = 24;

/** Counts and estimator behind every rendering of the line. */
class ProgressCounter {
  readonly counts = { done: 0, cached: 0, duplicates: 0, failed: 0 };
  retrying = 0;
  throttled = 0;
  lastFailure: string | null = null;
  private readonly eta: EtaEstimator;

  constructor(
    private readonly label: string,
    private readonly totalOf: () => number,
    now: number,
  ) {
    this.eta = new EtaEstimator(now);
  }

  /** Requests in the run: for a streamed load, those read so far until the loader reaches the end of its file. */
  get total(): number {
    return this.totalOf();
  }

  tick(kind: TickKind, cause: string | undefined, now: number): void {
    this.counts[kind === 'duplicate' ? 'duplicates' : kind]++;
    if (kind === 'failed' && cause) this.lastFailure = cause;
    // Cached answers arrive in one burst before anything is sent: they would make the rate a lie.
    if (kind === 'done' || kind === 'failed') this.eta.observe(now);
  }

  /** Requests with their final outcome. */
  get completed(): number {
    return completedRequests(this.counts);
  }

  state(now: number): ProgressState {
    const completed = this.completed;
    return {
      label: this.label,
      total: this.total,
      ...this.counts,
      retrying: this.retrying,
      throttled: this.throttled,
      lastFailure: this.lastFailure,
      estimate: this.eta.estimate(now, this.total - completed),
    };
  }
}

/** `total`: the number of requests, or how to read it while it grows (a streamed load). */
export function createProgress(
  label: string,
  total: number | (() => number),
  mode: Mode = progressMode(),
  stream: NodeJS.WriteStream = process.stderr,
): Progress {
  const counter = new ProgressCounter(label, typeof total === 'number' ? () => total : total, Date.now());
  const line = () => formatProgressLine(counter.state(Date.now()));
  const retries: RetryObserver = {
    retryWait(throttled) {
      counter.retrying++;
      if (throttled) counter.throttled++;
    },
    retryDone() {
      counter.retrying = Math.max(0, counter.retrying - 1);
    },
  };
  if (mode === 'off')
    return { ...retries, tick: (k, cause) => counter.tick(k, cause, Date.now()), finish: () => undefined };
  if (mode === 'events') {
    const events = startProgressEvents(() => counter.state(Date.now()), stream);
    return {
      ...retries,
      tick: (k, cause) => {
        counter.tick(k, cause, Date.now());
        events.completed(counter.completed, counter.total);
      },
      finish: events.finish,
    };
  }
  if (mode === 'plain') {
    let lastPrint = Date.now();
    return {
      ...retries,
      tick(kind, cause) {
        counter.tick(kind, cause, Date.now());
        if (Date.now() - lastPrint >= PLAIN_INTERVAL_MS) {
          lastPrint = Date.now();
          stream.write(`${line()}\n`);
        }
      },
      finish: () => void stream.write(`${line()}\n`),
    };
  }
  // The factory's terminal is on the far side of a pipe: let cli-progress draw in place as it would on it.
  Object.assign(stream, { isTTY: true, columns: Number(process.env.EF_COLUMNS) || stream.columns || 100 });
  const bar = new cliProgress.SingleBar(
    {
      // The whole line is ours (progress-line.ts): cli-progress only draws it in place, redrawn at `fps` so the
      // ETA and the retry counts move while nothing completes.
      format: (_options, params) => `${barGlyphs(params.progress)} ${line()}`,
      stream,
      hideCursor: true,
      fps: 4,
      noTTYOutput: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let barTotal = counter.total;
  bar.start(barTotal, 0);
  return {
    ...retries,
    tick(kind, cause) {
      counter.tick(kind, cause, Date.now());
      if (counter.total !== barTotal) bar.setTotal((barTotal = counter.total));
      bar.increment(1);
    },
    finish() {
      bar.stop();
      stream.write(`${line()}\n`);
    },
  };
}

function barGlyphs(progress: number): string {
  const full = Math.round(Math.min(1, Math.max(0, progress)) * BAR_WIDTH);
  return `${'█'.repeat(full)}${'░'.repeat(BAR_WIDTH - full)}`;
}
