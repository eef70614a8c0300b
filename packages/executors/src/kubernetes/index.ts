/** The Kubernetes executor: an Indexed Job whose pod k runs unit k (docs/scale.md). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Executor } from '../executor.js';
import { KUBERNETES_FLAGS, type KubernetesArgs } from './flags.js';

export const kubernetes: Executor = {
  name: 'kubernetes',
  describe: 'as a Kubernetes Indexed Job',
  flags: KUBERNETES_FLAGS,
  runsHere: false,
  // The checks' and the manifest's code (and its YAML writer) load only when a suite goes to Kubernetes.
  check: async (args, keyNames) => (await import('./submit.js')).checkKubernetes(args as KubernetesArgs, keyNames),
  plan: async (suite) => (await import('./submit.js')).planKubernetes(suite),
  submit: async (suite) => (await import('./submit.js')).submitKubernetes(suite),
  status: (suiteDir) => {
    const file = join(suiteDir, 'kubernetes', 'job.yaml');
    return existsSync(file) ? `Kubernetes Job: ${file} (kubectl get -f ${file})` : null;
  },
};
