/**
 * `eval-factory status` for a job run in shards (docs/scale.md): before `merge` the job's folder holds only
 * `units/<k>-of-<n>/`; its state is read from them — running while any unit runs, failed when one failed, and
 * otherwise left, with how many units are done (and, when all are, that a merge is what remains).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { UNITS_DIR } from '@eval-factory/types';
import { unitState } from './merge-units.js';

export interface UnitsProgress {
  readonly state: 'running' | 'failed' | 'left';
  readonly detail: string;
}

/** null when the folder has no `units/` (an unsharded job, or nothing started). `total`: units planned for the job. */
export function unitsProgress(jobDir: string, total: number | null): UnitsProgress | null {
  const units = join(jobDir, UNITS_DIR);
  if (!existsSync(units)) return null;
  const states = readdirSync(units, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => unitState(join(units, d.name)));
  const count = (s: string) => states.filter((x) => x === s).length;
  const failed = states.filter((s) => s.startsWith('failed')).length;
  const n = total ?? states.length;
  const done = count('done');
  const parts = [
    `${done} of ${n} units done`,
    ...(count('running') ? [`${count('running')} running`] : []),
    ...(failed ? [`${failed} failed`] : []),
  ];
  if (count('running') > 0) return { state: 'running', detail: parts.join(', ') };
  if (failed > 0) return { state: 'failed', detail: parts.join(', ') };
  return {
    state: 'left',
    detail: done === n ? `${parts.join(', ')}; not merged yet: eval-factory merge` : parts.join(', '),
  };
}
