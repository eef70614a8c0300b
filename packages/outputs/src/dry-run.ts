import type { Evaluation } from '@eval-factory/types';
import { dumpYaml } from './yaml-dump.js';

/**
 * The `--dry_run` stdout text (docs/configuration.md): the merged Evaluation (unrendered command first, then
 * framework_name, pkg_name, config, target) and the rendered command, each after a heading and a blank line.
 * @example process.stdout.write(formatDryRun(evaluation, 'ef-bench run --suite medcalc_bench …'))
 */
export function formatDryRun(evaluation: Evaluation, renderedCommand: string): string {
  const ordered = {
    command: evaluation.command,
    framework_name: evaluation.framework_name,
    pkg_name: evaluation.pkg_name,
    config: evaluation.config,
    target: evaluation.target,
  };
  return [
    'Rendered config:',
    '',
    dumpYaml(ordered, { sorted: false }),
    'Rendered command:',
    '',
    `${renderedCommand}\n`,
  ].join('\n');
}
