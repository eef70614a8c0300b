import { CLUSTER_FLAGS, type ClusterArgs } from '../cluster/flags.js';
import type { FlagValues } from '../executor.js';

/** The Kubernetes executor's flags (docs/scale.md): the cluster ones and its own. */
export const KUBERNETES_FLAGS = {
  ...CLUSTER_FLAGS,
  image: { type: 'string', describe: 'kubernetes: container image with eval-factory (default eval-factory:latest)' },
  pvc: { type: 'string', describe: 'kubernetes: volume claim holding the output folder (default ef-<suite>-results)' },
  namespace: { type: 'string', describe: 'kubernetes: namespace' },
  secret: {
    type: 'string',
    describe: 'kubernetes: Secret holding the API key and --pass-env variables by name (needed when the pods need one)',
  },
  submit: { type: 'boolean', describe: 'kubernetes: kubectl apply the Job (otherwise only write it)' },
} as const;

export type KubernetesArgs = ClusterArgs & FlagValues<typeof KUBERNETES_FLAGS>;
