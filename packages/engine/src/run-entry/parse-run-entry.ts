/** HELM's run-entry grammar `<benchmark>[:<k>=<v>(,<k>=<v>)*]` (docs/architecture.md; HELM `parse_object_spec`). */
import { UserError } from '@eval-factory/errors';
import { pyStrip } from '@eval-factory/metrics';

export type RunEntryValue = string | number;

export interface ParsedRunEntry {
  readonly benchmark: string;
  /** Keys in entry order (later duplicates overwrite earlier ones, as in HELM's dict). */
  readonly args: Record<string, RunEntryValue>;
}

const INTEGER = /^[+-]?\d(?:_?\d)*$/;
const DIGITS = String.raw`\d(?:_?\d)*`;
const FLOAT = new RegExp(String.raw`^[+-]?(?:${DIGITS}(?:\.(?:${DIGITS})?)?|\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`);

/**
 * Python's `int(v)`, else `float(v)`, else the string. Python accepts surrounding whitespace and `_` between digits.
 * Deliberate differences: `nan`/`inf` and values JavaScript cannot hold exactly (unsafe integers, overflowing
 * floats) stay strings, so no NaN, Infinity or silently rounded id ever enters a run.
 */
export function parseEntryValue(raw: string): RunEntryValue {
  const text = pyStrip(raw);
  if (INTEGER.test(text)) {
    const n = Number(text.replaceAll('_', ''));
    return Number.isSafeInteger(n) ? n + 0 : raw; // + 0 turns Python-impossible -0 into 0
  }
  if (FLOAT.test(text)) {
    const x = Number(text.replaceAll('_', ''));
    return Number.isFinite(x) ? x : raw;
  }
  return raw;
}

function entryError(entry: string, what: string): UserError {
  return new UserError(
    'EF_RUN_ENTRY',
    `Invalid run entry '${entry}': ${what}`,
    'Write <benchmark>[:key=value(,key=value)*]; values cannot contain ",".',
  );
}

/**
 * Splits a run entry at its first `:`, the rest on every `,`, each piece at its first `=`.
 * @example parseRunEntry('medcalc_bench:model=llama3.1:8b,num_output_tokens=4000')
 *   // { benchmark: 'medcalc_bench', args: { model: 'llama3.1:8b', num_output_tokens: 4000 } }
 */
export function parseRunEntry(entry: string): ParsedRunEntry {
  const colon = entry.indexOf(':');
  const benchmark = colon < 0 ? entry : entry.slice(0, colon);
  if (benchmark === '') throw entryError(entry, 'the benchmark name is empty');
  const args: Record<string, RunEntryValue> = {};
  if (colon < 0) return { benchmark, args };
  for (const piece of entry.slice(colon + 1).split(',')) {
    const eq = piece.indexOf('=');
    if (eq < 0) throw entryError(entry, `expected key=value, got '${piece}'`);
    const key = piece.slice(0, eq);
    if (key === '') throw entryError(entry, `empty key in '${piece}'`);
    // defineProperty keeps a key such as "__proto__" an ordinary entry.
    const value = parseEntryValue(piece.slice(eq + 1));
    Object.defineProperty(args, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return { benchmark, args };
}
