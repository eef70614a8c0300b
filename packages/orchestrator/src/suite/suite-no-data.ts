/**
 * Jobs whose data is not where the suite says (`--data_root DIR` gives `DIR/<benchmark>`; a suite YAML task its own
 * `data_path`): the dry run lists every one with the path it looked in, and `--skip-unavailable` leaves them out as
 * "not run (no data)" instead of starting jobs that can only fail (docs/reproduce-medhelm.md).
 */
import { existsSync } from 'node:fs';
import type { SuiteJob } from '@eval-factory/suite';

/** The data path a job was given, or null (a benchmark that downloads its own data). */
function dataPathOf(job: SuiteJob): string | null {
  if (typeof job.extra.data_path === 'string') return job.extra.data_path;
  const config = (job.runConfig?.config ?? {}) as { params?: { extra?: { data_path?: unknown } } };
  const path = config.params?.extra?.data_path;
  return typeof path === 'string' ? path : null;
}

/** `model job (no data in PATH)` for each job whose data path does not exist. */
export function jobsWithoutData(jobs: readonly SuiteJob[]): Map<SuiteJob, string> {
  const out = new Map<SuiteJob, string>();
  for (const job of jobs) {
    const path = dataPathOf(job);
    if (path !== null && !existsSync(path)) out.set(job, `${job.model} ${job.name} (no data in ${path})`);
  }
  return out;
}
