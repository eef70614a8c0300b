/** Canonical HELM run names (docs/architecture.md) and the OS-safe directory names derived from them (§2.3). */
import { createHash } from 'node:crypto';

export type RunNameValue = string | number | boolean | null | undefined;

export interface ScenarioArgValue {
  readonly name: string;
  readonly value: RunNameValue;
}

/** Python `str()` of an argument value: `None` for unset, `True`/`False` for booleans. */
function pythonStr(value: RunNameValue): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}

/** Run-level value as HELM writes it: `/` → `_`, and for `model` only the last two `/`-segments. */
function runLevelValue(key: string, value: RunNameValue): string {
  const text = pythonStr(value);
  const kept = key === 'model' ? text.split('/').slice(-2).join('/') : text;
  return kept.replaceAll('/', '_');
}

/**
 * The name HELM's `run_spec.json`, summarizer and web UI key on.
 * @example canonicalRunName('head_qa', [{ name: 'language', value: 'en' }, { name: 'category', value: null }],
 *   [['model', 'meta/llama-3.3-70b-instruct']])
 *   // 'head_qa:language=en,category=None,model=meta_llama-3.3-70b-instruct'
 */
export function canonicalRunName(
  benchmark: string,
  scenarioArgs: readonly ScenarioArgValue[],
  runLevel: readonly (readonly [string, RunNameValue])[],
): string {
  let name = benchmark;
  if (scenarioArgs.length > 0) name += `:${scenarioArgs.map((a) => `${a.name}=${pythonStr(a.value)}`).join(',')}`;
  for (const [key, value] of runLevel) {
    name += `${name.includes(':') ? ',' : ':'}${key}=${runLevelValue(key, value)}`;
  }
  return name;
}

const RESERVED_WINDOWS_NAMES = /^(?:CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])$/i;
const UNSAFE_CHARACTERS = /[<>:"/\\|?*\u0000-\u001f]/g;
const MAX_DIR_NAME = 100;
const KEPT_PREFIX = 80;
const HASH_HEX_DIGITS = 16;

/** Windows refuses a reserved device name even with an extension (`CON.txt`), so the `_` goes after the stem. */
function avoidReservedName(name: string): string {
  const dot = name.indexOf('.');
  const stem = dot < 0 ? name : name.slice(0, dot);
  if (!RESERVED_WINDOWS_NAMES.test(stem)) return name;
  return `${stem}_${name.slice(stem.length)}`;
}

/** Shortens a long name to 80 code points + `-` + 16 hex digits of sha256(canonical name), keeping it unique. */
function shorten(name: string, canonical: string): string {
  const codePoints = Array.from(name);
  if (codePoints.length <= MAX_DIR_NAME) return name;
  const hash = createHash('sha256').update(canonical).digest('hex').slice(0, HASH_HEX_DIGITS);
  return `${codePoints.slice(0, KEPT_PREFIX).join('')}-${hash}`;
}

/**
 * A directory name for a canonical run name that is valid on Windows, macOS and Linux. Never parse it back.
 * @example runDirName('medcalc_bench:model=openai_gpt-4o') // 'medcalc_bench__model=openai_gpt-4o'
 */
export function runDirName(canonical: string): string {
  const replaced = canonical.replace(':', '__').replace(UNSAFE_CHARACTERS, '_');
  // A name made only of dots and spaces would vanish; benchmarks always have a name, but stay total.
  const trimmed = replaced.replace(/[. ]+$/, '') || '_';
  return shorten(avoidReservedName(trimmed), canonical);
}
