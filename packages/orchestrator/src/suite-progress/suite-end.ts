/**
 * What run_suite says when its units have ended: `suite S: N jobs in M units: 18 success, 2 error`, then a line per
 * unit, per merged job and per entry not run. The log gets every line; the terminal, where each job's end was
 * already its own line, only the units that did not succeed (or end in an earlier run), the merges and what was not
 * run.
 */
import type { UnitsPlan } from '@eval-factory/suite';
import type { JobMerge } from '../scale/merge-units.js';
import type { UnitOutcome } from '../suite/suite-schedule.js';

export function formatSuiteEnd(
  suite: string,
  jobs: { readonly jobs: readonly unknown[]; readonly unavailable: readonly string[] },
  plan: UnitsPlan,
  outcomes: readonly UnitOutcome[],
  merges: readonly JobMerge[],
): { log: string; terminal: string } {
  const counts = new Map<string, number>();
  for (const [, status] of outcomes) counts.set(status, (counts.get(status) ?? 0) + 1);
  const head = `suite ${suite}: ${jobs.jobs.length} jobs in ${plan.units.length} units: ${[...counts].map(([s, n]) => `${n} ${s}`).join(', ')}`;
  const unitLine = ([unit, status]: UnitOutcome) =>
    `  ${status.padEnd(9)} ${unit.model}  ${unit.job}${unit.shard ? `  (shard ${unit.shard.index + 1} of ${unit.shard.count})` : ''}`;
  const rest = [
    ...merges.map((m) => `  ${(m.complete ? 'merged' : 'incomplete').padEnd(9)} ${m.model}  ${m.job}`),
    ...jobs.unavailable.map((u) => `  not run   ${u}`),
  ];
  // A stopped suite says how to go on (each job's own `interrupted: … kept` line is in the log).
  if (outcomes.some(([, status]) => status === 'interrupted' || status === 'not started'))
    rest.push('interrupted: re-run the same command to resume (finished jobs are skipped, the others resume)');
  const failed = outcomes.filter(([, status]) => status !== 'success' && status !== 'done');
  const text = (lines: readonly string[]) => `${[head, ...lines].join('\n')}\n`;
  return { log: text([...outcomes.map(unitLine), ...rest]), terminal: text([...failed.map(unitLine), ...rest]) };
}
