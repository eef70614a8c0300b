import type { Evaluation } from '@eval-factory/types';
import { dumpYaml } from './yaml-dump.js';

/** Characters a POSIX shell word may hold unquoted. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

function shellWord(word: string): string {
  return PLAIN_WORD.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command as a reader wants it: the program and its sub-command words on the first line, then each
 * flag with its values on a line of its own, continued with ` \`, quoted only where the shell needs it — a command
 * that can be pasted as it is, with none of the template's runs of spaces.
 * @example formatCommandLines(['ef-bench', 'run', '--suite', 'x', '--limit', '5'])
 * // 'ef-bench run \\\n  --suite x \\\n  --limit 5'
 */
export function formatCommandLines(argv: readonly string[]): string {
  const lines: string[][] = [[]];
  for (const word of argv) {
    if (/^--?[A-Za-z]/.test(word) && lines[lines.length - 1]!.length > 0) lines.push([]);
    lines[lines.length - 1]!.push(shellWord(word));
  }
  return lines.map((words, i) => `${i === 0 ? '' : '  '}${words.join(' ')}`).join(' \\\n');
}

/**
 * The `--dry_run` stdout text (docs/configuration.md): the merged configuration (framework_name, pkg_name, config,
 * target; the unrendered command template is left out, it is what `Rendered command` shows filled in) and the
 * rendered command one flag per line, each after a heading and a blank line.
 * @example process.stdout.write(formatDryRun(evaluation, ['ef-bench', 'run', '--suite', 'medcalc_bench']))
 */
export function formatDryRun(evaluation: Evaluation, argv: readonly string[]): string {
  const ordered = {
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
    `${formatCommandLines(argv)}\n`,
  ].join('\n');
}
