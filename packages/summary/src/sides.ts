import { statSync } from 'node:fs';
import { UserError } from '@eval-factory/errors';
import { collectRuns } from './runs/collect.js';
import type { CompareSide } from './compare.js';

/**
 * What `compare A B` means by A: an existing folder (a run folder, or a folder of runs), else a model id looked up
 * among the runs under `root`. A damaged run inside a named folder stops the comparison (EF_RUN_UNREADABLE):
 * comparing around it would hide it.
 * @example resolveSide('gpt-4o', 'results') // { label: 'gpt-4o', runs: [...every gpt-4o run under results] }
 */
export function resolveSide(spec: string, root: string): CompareSide {
  if (statSync(spec, { throwIfNoEntry: false })?.isDirectory()) {
    const { runs, unreadable } = collectRuns([spec]);
    if (unreadable.length)
      throw new UserError(
        'EF_RUN_UNREADABLE',
        unreadable[0].message,
        'the run folder is damaged; run the evaluation again into it (answers come from its cache.db)',
      );
    const models = [...new Set(runs.map((r) => r.model ?? '?'))];
    return { label: `${models.join(', ')} (${spec})`, runs };
  }
  const { runs, unreadable } = collectRuns([root]);
  const mine = runs.filter((r) => r.model === spec);
  if (mine.length === 0) {
    const models = [...new Set(runs.map((r) => r.model).filter((m): m is string => m !== null))].sort();
    throw new UserError(
      'EF_COMPARE_MODEL_NOT_FOUND',
      `${spec} is neither a folder nor the model_id of a run under ${root} (models there: ${models.join(', ') || 'none'})`,
      'give a run folder, or a model_id with --root set to the folder holding its runs',
    );
  }
  // A damaged run might have been one of this model's: say so rather than compare around it silently.
  return {
    label: spec,
    runs: mine,
    notes: unreadable.map((u) => `skipped an unreadable run under ${root}: ${u.message}`),
  };
}
