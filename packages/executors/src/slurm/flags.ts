import { CLUSTER_FLAGS, type ClusterArgs } from '../cluster/flags.js';
import type { FlagValues } from '../executor.js';

/** The Slurm executor's flags (docs/scale.md): the cluster ones and its own. */
export const SLURM_FLAGS = {
  ...CLUSTER_FLAGS,
  account: { type: 'string', describe: 'slurm: --account' },
  partition: { type: 'string', describe: 'slurm: --partition' },
  time: { type: 'string', describe: 'slurm: --time per unit (e.g. 04:00:00)' },
} as const;

export type SlurmArgs = ClusterArgs & FlagValues<typeof SLURM_FLAGS>;
