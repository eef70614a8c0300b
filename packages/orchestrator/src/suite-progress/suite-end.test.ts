/** The closing lines of a suite: every unit in the log, on the terminal only those that did not succeed. */
import { describe, expect, it } from '@jest/globals';
import type { UnitsPlan, WorkUnit } from '@eval-factory/suite';
import type { JobMerge } from '../scale/merge-units.js';
import { formatSuiteEnd } from './suite-end.js';

const unit = (index: number, job: string, shard: WorkUnit['shard'] = null): WorkUnit => ({
  index,
  model: 'org/a',
  job,
  job_dir: `org_a/${job}`,
  dir: `org_a/${job}`,
  shard,
  instances: null,
});
const units = [unit(0, 'pubmed_qa'), unit(1, 'head_qa'), unit(2, 'medbullets', { index: 0, count: 2 })];
const plan = { units } as unknown as UnitsPlan;
const jobs = { jobs: ['a', 'b', 'c'], unavailable: ['medqa_typo:model=org/a'] };

describe('formatSuiteEnd', () => {
  it.each<[string, string[], JobMerge[], string, string]>([
    [
      'all succeeded (one finished earlier): the count and what was not run',
      ['success', 'done', 'success'],
      [],
      'suite s: 3 jobs in 3 units: 2 success, 1 done\n  not run   medqa_typo:model=org/a\n',
      '  success   org/a  pubmed_qa\n  done      org/a  head_qa\n  success   org/a  medbullets  (shard 1 of 2)\n',
    ],
    [
      'a failure and an incomplete merge are named on the terminal',
      ['error', 'success', 'success'],
      [{ model: 'org/a', job: 'medbullets', complete: false } as JobMerge],
      'suite s: 3 jobs in 3 units: 1 error, 2 success\n  error     org/a  pubmed_qa\n  incomplete org/a  medbullets\n  not run   medqa_typo:model=org/a\n',
      '  error     org/a  pubmed_qa\n  success   org/a  head_qa\n',
    ],
    [
      'stopped: the units left and how to go on',
      ['success', 'interrupted', 'not started'],
      [],
      'suite s: 3 jobs in 3 units: 1 success, 1 interrupted, 1 not started\n  interrupted org/a  head_qa\n  not started org/a  medbullets  (shard 1 of 2)\n  not run   medqa_typo:model=org/a\ninterrupted: re-run the same command to resume (finished jobs are skipped, the others resume)\n',
      '  success   org/a  pubmed_qa\n',
    ],
  ])('%s', (_name, statuses, merges, terminal, inLog) => {
    const end = formatSuiteEnd(
      's',
      jobs,
      plan,
      units.map((u, i) => [u, statuses[i]!] as const),
      merges,
    );
    expect(end.terminal).toBe(terminal);
    expect(end.log).toContain(inLog);
    expect(end.log.startsWith(terminal.split('\n')[0]!)).toBe(true);
  });
});
