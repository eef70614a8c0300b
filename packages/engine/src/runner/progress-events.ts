/**
 * `EF_PROGRESS=events` (a suite, issue 13.3): no bar and no plain lines, but machine-readable progress events on
 * stderr for the factory to aggregate into one view of the whole suite (the contract is `EngineProgressEvent` in
 * @eval-factory/types). An event is written at the start, every ENGINE_PROGRESS_INTERVAL_MS while the counts move,
 * and once at the end of sending, so the factory knows at once that the endpoint is free.
 */
import { ENGINE_PROGRESS_INTERVAL_MS, ENGINE_PROGRESS_PREFIX, type EngineProgressEvent } from '@eval-factory/types';
import { formatProgressLine, type ProgressState } from './progress-line.js';

function progressEvent(state: ProgressState, final: boolean): EngineProgressEvent {
  return {
    label: state.label,
    total: state.total,
    done: state.done,
    cached: state.cached,
    duplicates: state.duplicates ?? 0,
    failed: state.failed,
    retrying: state.retrying,
    throttled: state.throttled,
    rate: state.estimate.rate,
    last_failure: state.lastFailure ?? null,
    line: formatProgressLine(state),
    final,
  };
}

/** Starts the periodic events; the returned function writes the final one and stops them. */
export function startProgressEvents(state: () => ProgressState, stream: NodeJS.WritableStream): () => void {
  const emit = (final: boolean) =>
    void stream.write(`${ENGINE_PROGRESS_PREFIX}${JSON.stringify(progressEvent(state(), final))}\n`);
  let last = '';
  emit(false);
  const timer = setInterval(() => {
    const s = state();
    const key = `${s.done}/${s.cached}/${s.duplicates}/${s.failed}/${s.retrying}/${s.throttled}`;
    if (key === last) return;
    last = key;
    emit(false);
  }, ENGINE_PROGRESS_INTERVAL_MS);
  // The events must never keep a finished run alive.
  timer.unref();
  return () => {
    clearInterval(timer);
    emit(true);
  };
}
