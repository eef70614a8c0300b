/**
 * What may go into a generated cluster file (docs/scale.md), checked before anything is written or submitted. A
 * Slurm script is run by bash in every array task and in the merge job: a newline in a flag's value would be a line
 * of its own there, so no value carries a control character; `#SBATCH` values are written in the quoting sbatch's
 * own parser reads. A Kubernetes Job takes names that must be valid object names, and `$(VAR)` in its container
 * arguments is replaced by the pod's environment (the keys), so every `$` the arguments carry is written `$$`.
 */
import { UserError } from '@eval-factory/errors';
import type { RunSuiteArgs } from '@eval-factory/suite';

/** C0 and C1 controls, DEL, and Unicode's line and paragraph separators. */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/;
/** An environment variable name as Slurm's --export and a Secret's key take it. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Words sbatch --export reads as "every variable" or "none", not as names. */
const EXPORT_KEYWORDS = new Set(['ALL', 'NONE', 'NIL']);
/** Slurm account, partition and time limit values: names, lists and times, nothing a parser splits or runs. */
const SLURM_WORD = /^[A-Za-z0-9._,:+=@/-]+$/;
/** RFC 1123 label (a namespace) and subdomain (a Secret, a volume claim). */
const K8S_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const K8S_SUBDOMAIN = /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

const refuse = (flag: string, what: string, hint: string) =>
  new UserError('EF_CLUSTER_VALUE', `${flag} ${what}`, `${hint} (docs/scale.md).`);

/** A character shown as `\xNN` / `\uNNNN`, so the message itself stays one line. */
function shown(c: string): string {
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Throws EF_CLUSTER_VALUE when `value` holds a control character (a newline would be a script line of its own). */
export function checkScriptText(flag: string, value: string): void {
  const bad = CONTROL.exec(value);
  if (bad)
    throw refuse(
      flag,
      `holds a control character (${shown(bad[0])}): it would reach a generated cluster file`,
      'Give the value on one line, without control characters',
    );
}

/** Throws EF_CLUSTER_VALUE unless `name` is a variable name Slurm and Kubernetes take as one. */
export function checkEnvName(flag: string, name: string): void {
  if (!ENV_NAME.test(name) || EXPORT_KEYWORDS.has(name))
    throw refuse(
      flag,
      `names ${JSON.stringify(name)}, which is not an environment variable name`,
      'Name variables only, as [A-Za-z_][A-Za-z0-9_]* (not ALL, NONE or NAME=value): their values stay in your environment',
    );
}

/** Flags whose values must be one plain word for Slurm or a valid object name for Kubernetes. */
const WORDS: readonly [string, RegExp, string][] = [
  ['account', SLURM_WORD, 'Give the Slurm account name as sbatch takes it'],
  ['partition', SLURM_WORD, 'Give the partition name (or names, comma-separated) as sbatch takes it'],
  ['time', SLURM_WORD, 'Give the time limit as sbatch takes it, e.g. 04:00:00 or 1-00:00:00'],
  ['namespace', K8S_LABEL, 'Give a Kubernetes namespace name: lower-case letters, digits and -'],
  ['secret', K8S_SUBDOMAIN, 'Give a Kubernetes Secret name: lower-case letters, digits, - and .'],
  ['pvc', K8S_SUBDOMAIN, 'Give a Kubernetes volume claim name: lower-case letters, digits, - and .'],
];

/**
 * Every string flag of a cluster submission (they reach the scripts or the manifest) and every variable it passes on
 * by name (`names`: where each came from → the name), checked before anything is written.
 */
export function checkClusterValues(args: RunSuiteArgs, names: readonly (readonly [string, string])[]): void {
  for (const [flag, value] of Object.entries(args)) {
    // yargs' camelCase copies of dashed flags are skipped (each value is checked under its own name).
    if (typeof value !== 'string' || /[A-Z]/.test(flag) || flag === '$0') continue;
    const named =
      flag === 'suite' && args.suite_config ? `the suite name (suite: of ${args.suite_config})` : `--${flag}`;
    checkScriptText(named, value);
  }
  for (const [flag, pattern, hint] of WORDS) {
    const value = (args as unknown as Record<string, unknown>)[flag];
    if (typeof value === 'string' && !pattern.test(value))
      throw refuse(`--${flag}`, `${JSON.stringify(value)} is not a name the cluster takes`, hint);
  }
  for (const [where, name] of names) checkEnvName(where, name);
}

/**
 * A value on an `#SBATCH` line as sbatch's own parser reads it: bare when it is a plain word, else in double quotes
 * with `\` and `"` escaped (unquoted, a space would end the value and a `#` would start a comment).
 */
export function sbatchWord(value: string): string {
  return /^[A-Za-z0-9._,:+=@%/-]+$/.test(value) ? value : `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * A path in an `#SBATCH --output` pattern: a `%` of the path itself is written `%%` (Slurm replaces `%j`, `%a`…),
 * then quoted as sbatchWord does.
 */
export function sbatchPath(folder: string, pattern: string): string {
  return sbatchWord(`${folder.replace(/%/g, '%%')}/${pattern}`);
}

/** A container argument Kubernetes passes as written: `$` becomes `$$`, so no `$(VAR)` takes the pod's env. */
export function k8sLiteral(arg: string): string {
  return arg.replace(/\$/g, '$$$$');
}
