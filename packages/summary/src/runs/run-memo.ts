/**
 * What a run folder's files gave, kept for as long as those files stay as they were (size and modification time).
 * A suite reads each job as it ends, while other jobs still send (`prepareRunSummary`), so the leaderboard at its
 * end reads and resamples only what changed since: before, reading and resampling every run was the last 0.2 s of a
 * small suite, and grows with the suite.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_FILES } from '@eval-factory/types';

/** Identity, sizes and times of `files` ('-' for a missing one): equal keys, same contents as far as we know. */
export function filesKey(files: readonly string[]): string {
  return files
    .map((file) => {
      const s = statSync(file, { throwIfNoEntry: false });
      // The inode and change time as well: a file replaced by a rename within one tick of a coarse clock, at the
      // same size (`success` → `partial`), still differs.
      return s ? `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}` : '-';
    })
    .join('|');
}

/** The files `readRun` reads from a run folder (run_config.yml: an unfinished run's task and model). */
export function runFiles(dir: string): string[] {
  return [RUN_FILES.evaluationConfig, RUN_FILES.resultsYml, RUN_FILES.resultsJsonl, RUN_FILES.runConfig].map((f) =>
    join(dir, f),
  );
}

/** A cache of values computed from files, each entry valid while `filesKey` of its files is unchanged. */
export class FileMemo<T> {
  private readonly entries = new Map<string, { readonly key: string; readonly value: T }>();

  /** Keeps `value` for `id` while `files` stay as they are now. */
  set(id: string, files: readonly string[], value: T): void {
    this.entries.set(id, { key: filesKey(files), value });
  }

  get(id: string, files: readonly string[], compute: () => T): T {
    const key = filesKey(files);
    const known = this.entries.get(id);
    if (known?.key === key) return known.value;
    const value = compute();
    this.entries.set(id, { key, value });
    return value;
  }
}
