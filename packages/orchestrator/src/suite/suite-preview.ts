/** `run_suite --dry_run` when the units would run here: the job list, the jobs without data and the cost. */
import { EXIT } from '@eval-factory/errors';
import type { SuiteJob } from '@eval-factory/suite';
import { formatCost } from '../scale/cost.js';
import type { RunSuiteArgs } from './suite-job-args.js';
import type { ResolvedJobs } from './suite-preflight.js';
import type { SuiteSource } from './suite-source.js';

export async function previewSuite(
  jobs: SuiteSource,
  args: RunSuiteArgs,
  suiteDir: string,
  resolved: ResolvedJobs,
): Promise<number> {
  process.stdout.write(formatJobList(jobs.jobs, jobs.unavailable, suiteDir));
  if (jobs.noData.size)
    process.stdout.write(
      `${args['skip-unavailable'] ? 'not run (no data)' : 'no data (these jobs would fail; --skip-unavailable leaves them out)'}:\n${[...jobs.noData.values()].map((j) => `  ${j}`).join('\n')}\n`,
    );
  // Jobs already named for their data are not sized again.
  process.stdout.write(
    await formatCost(
      jobs.jobs.filter((j) => !jobs.noData.has(j)),
      args,
      resolved,
    ),
  );
  return EXIT.ok;
}

function formatJobList(jobs: readonly SuiteJob[], unavailable: readonly string[], suiteDir: string): string {
  const lines = jobs.map((j) => `  ${j.model}  ${j.name}`);
  const models = new Set(jobs.map((j) => j.model)).size;
  return `suite: ${suiteDir}\n${jobs.length} jobs (${models} model${models === 1 ? '' : 's'} × benchmarks); jobs of one model run one after another, models at the same time\n${lines.join('\n')}\n${unavailable.length ? `not run (no benchmark here):\n${unavailable.map((u) => `  ${u}`).join('\n')}\n` : ''}`;
}
