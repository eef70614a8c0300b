import { targetForOutput } from './evaluation.js';
import type { Evaluation } from '@eval-factory/types';
import { dumpYaml } from './yaml-dump.js';

/**
 * `run_config.yml` (docs/configuration.md): the merged Evaluation with sorted keys and nulls kept, the command
 * unrendered. Credentials appear only as variable names.
 * @example await writeFile(join(outDir, 'run_config.yml'), formatRunConfigYml(evaluation))
 */
export function formatRunConfigYml(evaluation: Evaluation): string {
  const doc = {
    command: evaluation.command,
    config: evaluation.config,
    framework_name: evaluation.framework_name,
    pkg_name: evaluation.pkg_name,
    target: targetForOutput(evaluation.target),
  };
  return dumpYaml(doc, { sorted: true });
}
