/**
 * A suite's jobs that failed before their run wrote anything (a folder another process locks, a disk that refuses
 * the folder): `failures.json` in the suite folder, job folder → its coded error, so that `eval-factory status`
 * says why instead of listing the job as left. Written by the one run_suite that holds the suite folder; a job's
 * entry goes when the job starts again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '@eval-factory/files';
import { RUN_FILES } from '@eval-factory/types';

export interface JobFailure {
  readonly code: string;
  readonly message: string;
}

/** The recorded failures by job folder (relative to the suite folder); {} when there is no readable file. */
export function readFailures(suiteDir: string): Record<string, JobFailure> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(suiteDir, RUN_FILES.suiteFailures), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const entries = Object.entries(parsed as Record<string, Partial<JobFailure>>).filter(
      ([, f]) => typeof f?.code === 'string' && typeof f?.message === 'string',
    );
    return Object.fromEntries(entries) as Record<string, JobFailure>;
  } catch {
    return {};
  }
}

/** The suite's failures file, written whole after each change, one write at a time. */
export class FailureLog {
  private readonly entries: Record<string, JobFailure>;
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly suiteDir: string) {
    this.entries = readFailures(suiteDir);
  }

  record(jobDir: string, failure: JobFailure): Promise<void> {
    this.entries[jobDir] = { code: failure.code, message: failure.message };
    return this.save();
  }

  /** The job runs again: an earlier failure no longer says anything about it. */
  clear(jobDir: string): Promise<void> {
    if (!(jobDir in this.entries)) return this.writes;
    delete this.entries[jobDir];
    return this.save();
  }

  private save(): Promise<void> {
    const text = `${JSON.stringify(this.entries, null, 2)}\n`;
    this.writes = this.writes
      .then(() => writeFileAtomic(join(this.suiteDir, RUN_FILES.suiteFailures), text))
      // Only `status` reads it: a write that fails must not fail the job it describes.
      .catch(() => undefined);
    return this.writes;
  }
}
