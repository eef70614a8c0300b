import { isUserError } from '@eval-factory/errors';
import { findRunDirs } from './find-runs.js';
import { readRun } from './read-run.js';
import type { RunInfo } from './types.js';

export interface CollectedRuns {
  readonly runs: readonly RunInfo[];
  /** Run folders whose files could not be read: shown, never silently dropped. */
  readonly unreadable: readonly { readonly dir: string; readonly message: string }[];
}

/**
 * Finds and reads every run under `paths`; a damaged run is listed in `unreadable` instead of stopping the rest.
 * @example const { runs } = collectRuns(['results']);
 */
export function collectRuns(paths: readonly string[]): CollectedRuns {
  const runs: RunInfo[] = [];
  const unreadable: { dir: string; message: string }[] = [];
  for (const dir of findRunDirs(paths)) {
    try {
      runs.push(readRun(dir));
    } catch (error) {
      if (!isUserError(error)) throw error;
      unreadable.push({ dir, message: error.message });
    }
  }
  return { runs, unreadable };
}

const READINESS: Record<RunInfo['state'], number> = { success: 2, partial: 2, error: 1, interrupted: 1, incomplete: 0 };

/**
 * Of several runs of one model on one benchmark, the one to show: a finished run before an error before an
 * unfinished one, then the latest (ended_at, else started_at), then the folder name for a stable order.
 */
export function pickRun(runs: readonly RunInfo[]): RunInfo {
  return [...runs].sort(
    (a, b) =>
      READINESS[b.state] - READINESS[a.state] ||
      (b.endedAt ?? b.startedAt ?? '').localeCompare(a.endedAt ?? a.startedAt ?? '') ||
      a.dir.localeCompare(b.dir),
  )[0];
}
