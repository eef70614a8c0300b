import { EXIT, UserError } from '@eval-factory/errors';

/**
 * yargs turns a flag given twice into a list of its values; a flag that takes one value would then reach the
 * command as an array and fail far from the cause. Runs as a yargs middleware, after the command's own options are
 * known: only the flags they declare as lists (`--overrides`, positional `dirs..`) may repeat.
 */
export function refuseRepeatedFlags(argv: Record<string, unknown>, lists: readonly string[]): void {
  const repeatable = new Set(lists);
  for (const [name, value] of Object.entries(argv)) {
    if (name === '_' || !Array.isArray(value) || repeatable.has(name)) continue;
    const flag = name.length === 1 ? `-${name}` : `--${name}`;
    throw new UserError(
      'EF_USAGE',
      `${flag} is given ${value.length} times; it takes one value`,
      `give ${flag} once (run \`eval-factory --help\` for the flags that can repeat)`,
      EXIT.usage,
    );
  }
}
