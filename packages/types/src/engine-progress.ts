/**
 * The engine → factory progress contract. A suite runs several engines at once; each drawing its own bar
 * on one terminal makes them fight. With `EF_PROGRESS=events` the engine draws nothing and instead writes, on
 * stderr, lines made of `ENGINE_PROGRESS_PREFIX` and one JSON `EngineProgressEvent`: at the start, every
 * `ENGINE_PROGRESS_INTERVAL_MS` while counts change, once when half the requests are complete (`halfwayDone`), and
 * once at the end of sending (`final: true`). The factory takes these lines out of the stream (they reach neither
 * the terminal nor the log) and draws one view of the suite.
 */
export const ENGINE_PROGRESS_PREFIX = '@ef-progress ';

export const ENGINE_PROGRESS_INTERVAL_MS = 500;

/** One benchmark's request counts, as the engine's own progress line shows them. */
export interface EngineProgressEvent {
  /** The benchmark's name (the engine's progress label). */
  readonly label: string;
  /** Requests of the run (cached ones included). */
  readonly total: number;
  readonly done: number;
  readonly cached: number;
  /** Prompts repeated within the run, answered once. */
  readonly duplicates: number;
  readonly failed: number;
  readonly retrying: number;
  readonly throttled: number;
  /** Smoothed completions per second; null until measured. */
  readonly rate: number | null;
  /** The last failure's cause (the factory redacts the whole line, as all of the engine's stderr). */
  readonly last_failure: string | null;
  /** The engine's own plain progress line, for the run's log file. */
  readonly line: string;
  /** Sending has ended: every request has its final outcome (or the run was stopped); scoring may still follow. */
  readonly final: boolean;
}

/** Requests with their final outcome: answered, from the cache, repeated prompts and failed. */
export function completedRequests(c: {
  readonly done: number;
  readonly cached: number;
  readonly duplicates?: number;
  readonly failed: number;
}): number {
  return c.done + c.cached + (c.duplicates ?? 0) + c.failed;
}

/**
 * Half of a run's requests have their final outcome: the engine writes an event at once (without waiting for the
 * interval) and a suite then starts preparing the next job in a kept engine.
 */
export function halfwayDone(completed: number, total: number): boolean {
  return 2 * completed >= total;
}

/** `1h 02m`, `3m 05s`, `42s`: the durations of the engine's progress line and of a suite's view. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}
