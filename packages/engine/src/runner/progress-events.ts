/**
 * `EF_PROGRESS=events` (set by a suite for its engines): no bar and no plain lines, but machine-readable progress events on
 * stderr for the factory to aggregate into one view of the whole suite (the contract is `EngineProgressEvent` in
 * @eval-factory/types). An event is written at the start, every ENGINE_PROGRESS_INTERVAL_MS while the counts move,
 * once as soon as half the requests are complete (the suite starts preparing the next job in a kept engine then:
 * at the interval alone it learned of it up to half a second late) and once at the end of sending, so the factory
 * knows at once that the endpoint is free.
 */
import {
  ENGINE_PROGRESS_INTERVAL_MS,
  ENGINE_PROGRESS_PREFIX,
  halfwayDone,
  type EngineProgressEvent,
} from '@eval-factory/types';
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

export interface ProgressEvents {
  /** After each completed request: writes an event at once the first time half the requests are complete. */
  completed(completed: number, total: number): void;
  /** Writes the final event and stops the periodic ones. */
  finish(): void;
}

/** What an event would change: the counts, not the rate or the clock. */
const countsKey = (s: ProgressState) =>
  `${s.done}/${s.cached}/${s.duplicates}/${s.failed}/${s.retrying}/${s.throttled}`;

/** Starts the periodic events. */
export function startProgressEvents(state: () => ProgressState, stream: NodeJS.WritableStream): ProgressEvents {
  let last = '';
  const emit = (final: boolean) => {
    const s = state();
    last = countsKey(s);
    stream.write(`${ENGINE_PROGRESS_PREFIX}${JSON.stringify(progressEvent(s, final))}\n`);
  };
  emit(false);
  const timer = setInterval(() => {
    if (countsKey(state()) !== last) emit(false);
  }, ENGINE_PROGRESS_INTERVAL_MS);
  // The events must never keep a finished run alive.
  timer.unref();
  let halfway = false;
  return {
    completed(completed, total) {
      if (halfway || !halfwayDone(completed, total)) return;
      halfway = true;
      emit(false);
    },
    finish() {
      clearInterval(timer);
      emit(true);
    },
  };
}
