/**
 * What the suite's progress view shows, gathered from every job's engine progress events: each job's state and
 * request counts, and per endpoint what is left and how fast it goes. Pure: the caller passes the events and the
 * clock; format.ts words it and view.ts draws it.
 */
import { completedRequests, type EngineProgressEvent } from '@eval-factory/types';

/**
 * `partial`: finished with scores, some instances failed (under max_failure_rate; a re-run retries them).
 * `interrupted`: stopped by Ctrl-C or SIGTERM; nothing failed, the same command resumes it.
 */
export type JobState = 'pending' | 'running' | 'ok' | 'partial' | 'skipped' | 'interrupted' | 'failed';

export interface JobRow {
  readonly model: string;
  readonly job: string;
  state: JobState;
  /** The job's last event; null before its engine reported. */
  event: EngineProgressEvent | null;
  /** Why it failed (its run status or error code). */
  reason: string | null;
  /** How it ended as run-suite names it (`success`, `done`, `error`…); null until then. */
  status: string | null;
  /** When it started and ended (ms, the caller's clock); null when not told. */
  startedAt: number | null;
  endedAt: number | null;
}

export interface EndpointEstimate {
  readonly model: string;
  /** Requests left on this endpoint, the pending jobs' estimated from a job of the same name elsewhere. */
  readonly remaining: number;
  /** Some pending job's size is not known yet: `remaining` is a lower bound. */
  readonly atLeast: boolean;
  /** Completions per second of its running jobs; null when none is measured. */
  readonly rate: number | null;
}

export class SuiteBoard {
  readonly rows: JobRow[];
  /** Each endpoint's last measured rate: between two of its jobs the next one has none yet. */
  private readonly lastRate = new Map<string, number>();

  constructor(
    readonly suite: string,
    jobs: readonly { model: string; job: string }[],
  ) {
    this.rows = jobs.map((j) => ({
      model: j.model,
      job: j.job,
      state: 'pending',
      event: null,
      reason: null,
      status: null,
      startedAt: null,
      endedAt: null,
    }));
  }

  start(i: number, at: number | null = null): void {
    this.rows[i].state = 'running';
    this.rows[i].startedAt = at;
  }

  progress(i: number, event: EngineProgressEvent): void {
    this.rows[i].event = event;
    if (event.rate !== null) this.lastRate.set(this.rows[i].model, event.rate);
  }

  /** `status`: the unit's outcome as run-suite names it (`done` = finished in an earlier run). */
  end(i: number, status: string, at: number | null = null): void {
    const row = this.rows[i];
    row.status = status;
    row.endedAt = at;
    const named: Readonly<Record<string, JobState>> = {
      done: 'skipped',
      success: 'ok',
      partial: 'partial',
      interrupted: 'interrupted',
    };
    row.state = named[status] ?? 'failed';
    if (row.state === 'failed') row.reason = status;
  }

  count(state: JobState): number {
    return this.rows.filter((r) => r.state === state).length;
  }

  /** Jobs (of `model`, or all) that have ended, however (done, failed, skipped, interrupted). */
  ended(model?: string): number {
    return this.rows.filter(
      (r) => r.state !== 'pending' && r.state !== 'running' && (model === undefined || r.model === model),
    ).length;
  }

  /** Requests completed / known (and estimated) total over the suite; `atLeast` when a size is still unknown. */
  requests(): { completed: number; failed: number; total: number; atLeast: boolean } {
    let completed = 0;
    let failed = 0;
    let total = 0;
    let atLeast = false;
    for (const row of this.rows) {
      // A job finished in an earlier run, or failed before its engine reported, adds nothing to send.
      if (row.state === 'skipped' || ((row.state === 'failed' || row.state === 'interrupted') && !row.event)) continue;
      if (row.event) {
        completed += completedRequests(row.event);
        failed += row.event.failed;
      }
      const size = this.sizeOf(row);
      if (size === null) atLeast = true;
      else total += size;
    }
    return { completed, failed, total, atLeast };
  }

  /** Per endpoint (model): what is left and its current rate; jobs of one endpoint run one after another. */
  endpoints(): EndpointEstimate[] {
    const byModel = new Map<string, JobRow[]>();
    for (const row of this.rows) byModel.set(row.model, [...(byModel.get(row.model) ?? []), row]);
    return [...byModel].map(([model, rows]) => {
      let remaining = 0;
      let atLeast = false;
      let rate: number | null = null;
      for (const row of rows) {
        if (row.state !== 'pending' && row.state !== 'running') continue;
        if (row.state === 'running' && row.event?.rate != null && completedRequests(row.event) < row.event.total)
          rate = (rate ?? 0) + row.event.rate;
        const size = this.sizeOf(row);
        if (size === null) atLeast = true;
        else remaining += size - (row.event ? completedRequests(row.event) : 0);
      }
      return { model, remaining, atLeast, rate: rate ?? this.lastRate.get(model) ?? null };
    });
  }

  /** A job's request count: its own once reported, else that of a job of the same name (another model's). */
  private sizeOf(row: JobRow): number | null {
    if (row.event) return row.event.total;
    return this.rows.find((r) => r.job === row.job && r.event)?.event?.total ?? null;
  }
}

/** The suite's ETA: its slowest endpoint's (endpoints run at the same time); null while one has no rate. */
export function suiteEta(endpoints: readonly EndpointEstimate[]): { seconds: number; atLeast: boolean } | null {
  let seconds = 0;
  let atLeast = false;
  for (const e of endpoints) {
    if (e.remaining <= 0) {
      atLeast ||= e.atLeast;
      continue;
    }
    if (e.rate === null || e.rate <= 0) return null;
    seconds = Math.max(seconds, e.remaining / e.rate);
    atLeast ||= e.atLeast;
  }
  return { seconds, atLeast };
}
