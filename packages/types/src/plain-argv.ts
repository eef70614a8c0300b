/**
 * A command line's flags read without yargs, for the plain shape both programs are started with most often:
 * `eval-factory run_eval --run_config x.yml` and the engine's `ef-bench run --run-entries … -n 32 …` that the
 * factory renders. Loading and running yargs costs each process 20–40 ms of CPU before its first request
 * (docs/performance.md, "Start-up"). Anything this reader is not sure to read exactly as yargs would (an unknown or
 * repeated flag, `--flag=value`, a value that starts with `-` or a quote, `--no-…`, help, a missing required flag,
 * a number that is not one, a table with an option key it does not model) makes it return null: the program then
 * parses with yargs, which also reports the error.
 */

/**
 * One flag as the yargs option table declares it (the same object is given to yargs). Any other option key
 * (`alias`, `coerce`, `nargs`, `implies`, `conflicts`…) changes what yargs reads: a table with one is left to yargs.
 */
export interface PlainFlag {
  readonly type: 'string' | 'number' | 'boolean';
  readonly array?: boolean;
  readonly default?: unknown;
  readonly demandOption?: boolean;
  readonly choices?: readonly string[];
}

/**
 * `argv` = `[command, ...flags]` read as yargs reads it with `flags` as the command's options (strict), or null when
 * it may read otherwise (then parse with yargs). Values are keyed by the flags' names; defaults filled in.
 * @example readPlainArgv(['run', '-n', '8'], 'run', { n: { type: 'number' } }) // { n: 8 }
 */
export function readPlainArgv(
  argv: readonly string[],
  command: string,
  flags: Readonly<Record<string, PlainFlag>>,
): Record<string, unknown> | null {
  if (argv[0] !== command || !Object.values(flags).every(modelled)) return null;
  const values: Record<string, unknown> = {};
  for (let i = 1; i < argv.length; i++) {
    const name = flagName(argv[i]);
    // A repeated flag is an array to yargs (or refused): left to it.
    if (name === null || !Object.hasOwn(flags, name) || Object.hasOwn(values, name)) return null;
    const flag = flags[name];
    if (flag.type === 'boolean') {
      values[name] = true;
      continue;
    }
    const value = plainValue(argv[++i], flag);
    if (value === null) return null;
    values[name] = flag.array ? [value] : value;
  }
  for (const [name, flag] of Object.entries(flags)) {
    if (Object.hasOwn(values, name)) continue;
    if (flag.demandOption) return null;
    if (flag.default !== undefined) values[name] = flag.default;
  }
  return values;
}

/** The option keys read here as yargs reads them (`describe` is help text only). */
const MODELLED: ReadonlySet<string> = new Set(['type', 'array', 'default', 'demandOption', 'choices', 'describe']);

function modelled(flag: object): boolean {
  return Object.keys(flag).every((key) => MODELLED.has(key));
}

/** `--name` or `-x` (one letter); null for anything else (`--name=value`). `--no-name` is a name no table has. */
function flagName(token: string): string | null {
  if (/^--[a-z][\w-]*$/i.test(token)) return token.slice(2);
  if (/^-[a-z]$/i.test(token)) return token.slice(1);
  return null;
}

/**
 * A flag's value as yargs reads it: a string as given, a number through `Number`. Null when yargs may read it
 * otherwise: none, empty, a flag-like or quoted token (yargs keeps the quotes of an argv array, but strips them
 * from a command line given as one string: refused rather than relied on), a value outside `choices`, a number
 * that is not finite (the engine reports that through yargs), or an array flag that would take more values.
 */
function plainValue(token: string | undefined, flag: PlainFlag): string | number | null {
  if (token === undefined || token === '' || /^[-'"]/.test(token)) return null;
  if (flag.choices && !flag.choices.includes(token)) return null;
  if (flag.type === 'string') return token;
  const n = Number(token);
  return Number.isFinite(n) ? n : null;
}
