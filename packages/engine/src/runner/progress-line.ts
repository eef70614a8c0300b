/** The text of the progress line, for the live bar, the plain lines and the final line alike. */
import { completedRequests, formatDuration } from '@eval-factory/types';
import type { EtaEstimate } from './progress-eta.js';

export interface ProgressState {
  readonly label: string;
  readonly total: number;
  readonly done: number;
  readonly cached: number;
  /** Prompts repeated within the run, answered once. */
  readonly duplicates?: number;
  readonly failed: number;
  /** Requests waiting to retry right now. */
  readonly retrying: number;
  /** Rate-limit answers (429) seen so far, each followed by a wait. */
  readonly throttled: number;
  readonly estimate: EtaEstimate;
  /** The last failure's cause, shown while failures exist. */
  readonly lastFailure?: string | null;
}

function etaText(state: ProgressState, completed: number): string {
  if (completed >= state.total) return '';
  const e = state.estimate;
  if (e.stalled)
    return state.retrying > 0
      ? ' | ETA — (waiting on retries)'
      : ` | ETA — (waiting on the last ${state.total - completed})`;
  return e.etaS === null ? '' : ` | ETA ${formatDuration(e.etaS)}`;
}

/**
 * `pubmed_qa 120/1000 (done 100, cached 15, failed 5; retrying 3, throttled 12) 14.2 req/s | ETA 1m 02s`.
 * Retrying and throttled appear only when non-zero.
 */
export function formatProgressLine(state: ProgressState): string {
  const completed = completedRequests(state);
  const extra = [
    state.retrying > 0 ? `retrying ${state.retrying}` : '',
    state.throttled > 0 ? `throttled ${state.throttled}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const duplicates = state.duplicates ? `, duplicate prompts ${state.duplicates}` : '';
  const counts = `done ${state.done}, cached ${state.cached}${duplicates}, failed ${state.failed}${extra ? `; ${extra}` : ''}`;
  const rate = state.estimate.rate === null ? '' : ` ${state.estimate.rate.toFixed(1)} req/s`;
  const cause = state.failed > 0 && state.lastFailure ? ` | last failure: ${state.lastFailure}` : '';
  return `${state.label} ${completed}/${state.total} (${counts})${rate}${etaText(state, completed)}${cause}`;
}
