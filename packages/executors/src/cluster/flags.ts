import type { RunSuiteArgs } from '@eval-factory/suite';
import type { FlagValues } from '../executor.js';

/** Flags every cluster executor takes (docs/scale.md). */
export const CLUSTER_FLAGS = {
  'max-parallel-units': {
    type: 'number',
    describe: 'cluster: units running at once (Slurm %MAX, Kubernetes parallelism)',
  },
  'cpus-per-task': { type: 'number', describe: 'slurm: --cpus-per-task; kubernetes: the cpu request' },
  'pass-env': {
    type: 'string',
    describe: 'NAMES of environment variables the tasks need, comma-separated (values are never written)',
  },
} as const;

export type ClusterArgs = RunSuiteArgs & FlagValues<typeof CLUSTER_FLAGS>;
