/**
 * `--overrides` parsing (docs/configuration.md): `dotted.path=value` pairs separated by commas that are outside quotes
 * and outside `[]`/`{}`; values are YAML. Each pair is applied, left to right, to the merged result by
 * `applyOverrides` (overrides-apply.ts) — after the flags, so numeric segments can index existing lists.
 */
import { configError } from './codes.js';
import { UNSAFE_KEYS } from './merge.js';
import { parseYamlText } from './read-yaml.js';

export interface OverrideAssignment {
  /** The `path=value` text as written, for error messages. */
  readonly fragment: string;
  /** Dotted path segments; purely numeric segments index lists. */
  readonly path: readonly string[];
  readonly value: unknown;
}

const QUOTE_OPENERS = new Set(['', '=', '[', '{', ',', ':']);
const SEGMENT = /^[A-Za-z0-9_-]+$/;

function syntaxError(message: string): Error {
  return configError('EF_OVERRIDE_SYNTAX', message);
}

/** Index just past the quoted run starting at `start` (a `'` or `"`), or -1 when it is not closed. */
function skipQuoted(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (quote === "'" && text[i] === "'" && text[i + 1] === "'")
      i++; // YAML's '' escape
    else if (text[i] === quote) return i + 1;
  }
  return -1;
}

/**
 * Splits one `--overrides` string into `path=value` fragments.
 * @example splitOverrideString('a=[1,2],b="x,y"') // → ['a=[1,2]', 'b="x,y"']
 */
export function splitOverrideString(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let depth = 0;
  let prev = ''; // last non-space character: a quote only opens a quoted scalar where YAML would (not in "it's")
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if ((ch === '"' || ch === "'") && QUOTE_OPENERS.has(prev)) {
      const end = skipQuoted(text, i);
      if (end < 0) throw syntaxError(`Unclosed quote in --overrides fragment '${text.slice(start)}'`);
      i = end - 1;
    } else if (ch === '[' || ch === '{') depth++;
    else if ((ch === ']' || ch === '}') && depth > 0) depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
      prev = ',';
      continue;
    }
    if (ch.trim() !== '') prev = ch;
  }
  if (depth > 0) throw syntaxError(`Unclosed '[' or '{' in --overrides fragment '${text.slice(start)}'`);
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

function parseValue(valueText: string, fragment: string): unknown {
  try {
    return parseYamlText(valueText, '--overrides');
  } catch (e) {
    const detail = e instanceof Error ? e.message.replace(/^--overrides(:\d+:\d+)?: /, '') : String(e);
    throw syntaxError(`Invalid YAML value in --overrides fragment '${fragment}': ${detail}`);
  }
}

/** Parses one `path=value` fragment. */
export function parseOverrideFragment(fragment: string): OverrideAssignment {
  const eq = fragment.indexOf('=');
  if (eq < 0) throw syntaxError(`--overrides fragment '${fragment}' has no '=' (expected dotted.path=value)`);
  const key = fragment.slice(0, eq).trim();
  const path = key.split('.');
  if (key === '' || !path.every((s) => SEGMENT.test(s))) {
    throw syntaxError(`Invalid key '${key}' in --overrides fragment '${fragment}'`);
  }
  // `__proto__.x=1` would walk into Object.prototype and reach every object of the process.
  const unsafe = path.find((s) => UNSAFE_KEYS.has(s));
  if (unsafe)
    throw syntaxError(
      `--overrides fragment '${fragment}': '${unsafe}' is not a config key (it would change every object)`,
    );
  return { fragment, path, value: parseValue(fragment.slice(eq + 1).trim(), fragment) };
}

/**
 * Parses every `--overrides` string (the flag may repeat) into assignments, in application order.
 * @example parseOverrides(['config.params.limit_samples=10,config.params.temperature=0.1'])
 */
export function parseOverrides(strings: readonly string[]): OverrideAssignment[] {
  return strings.flatMap(splitOverrideString).map(parseOverrideFragment);
}

/** The last value an override gives `path` (e.g. `config.type`), ignoring nulls; undefined when none does. */
export function overrideValue(assignments: readonly OverrideAssignment[], path: string): unknown {
  const hits = assignments.filter((a) => a.path.join('.') === path && a.value !== null);
  return hits.length > 0 ? hits[hits.length - 1]!.value : undefined;
}
