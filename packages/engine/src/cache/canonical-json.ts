import { hash } from 'node:crypto';

/**
 * Canonical JSON (docs/architecture.md): keys sorted recursively by UTF-16 code units, no whitespace, shortest
 * round-trip numbers (what `JSON.stringify` already does for numbers). Plain `JSON.stringify` of objects depends on
 * insertion order, which would make equal requests miss the cache. `undefined` object fields are dropped,
 * `undefined` array elements become `null`, non-finite numbers throw.
 *
 * The text is built by appending to one string: V8 keeps the pieces as a rope and flattens it once (when it is
 * hashed), where mapping and joining at every level copied a long prompt once per level.
 */
export function canonicalJson(value: unknown): string {
  return appendValue('', value);
}

function appendValue(out: string, value: unknown): string {
  if (typeof value === 'string') return out + JSON.stringify(value);
  if (value === null || typeof value !== 'object') return out + primitiveJson(value);
  if (Array.isArray(value)) return appendArray(out, value);
  return appendObject(out, value as Record<string, unknown>);
}

function primitiveJson(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new Error(`canonicalJson: non-finite number ${value}`);
  // Functions and symbols have no JSON: `null`, as before (and BigInt throws, as JSON.stringify does).
  return JSON.stringify(value) ?? 'null';
}

function appendArray(out: string, array: readonly unknown[]): string {
  out += '[';
  for (let i = 0; i < array.length; i++) {
    if (i > 0) out += ',';
    const v = array[i];
    // A hole stays empty, as `Array.prototype.map` + `join` left it (keys must not change); `undefined` is `null`.
    if (v === undefined) out += i in array ? 'null' : '';
    else out = appendValue(out, v);
  }
  return `${out}]`;
}

function appendObject(out: string, object: Record<string, unknown>): string {
  const keys = sortedKeys(object);
  out += '{';
  let first = true;
  for (const key of keys) {
    const v = object[key];
    if (v === undefined) continue;
    out += first ? '' : ',';
    out += quotedKey(key);
    first = false;
    out = appendValue(out, v);
  }
  return `${out}}`;
}

/** `"key":`, kept for the few distinct keys request bodies have (no escaping and no new string per key and request). */
function quotedKey(key: string): string {
  let quoted = QUOTED_KEYS.get(key);
  if (quoted === undefined) {
    quoted = `${JSON.stringify(key)}:`;
    if (QUOTED_KEYS.size < MAX_QUOTED_KEYS && key.length <= MAX_QUOTED_KEY_LENGTH) QUOTED_KEYS.set(key, quoted);
  }
  return quoted;
}

const QUOTED_KEYS = new Map<string, string>();
const MAX_QUOTED_KEYS = 1000;
const MAX_QUOTED_KEY_LENGTH = 64;

/**
 * Own enumerable keys in UTF-16 code-unit order (`<` on strings, as the default sort): the order keys have always
 * been hashed in. Request objects have a handful of keys, for which an insertion sort allocates nothing, where
 * `Array.prototype.sort` allocates about 1 KB of work arrays per call.
 */
function sortedKeys(object: object): string[] {
  const keys = Object.keys(object);
  if (keys.length > SMALL_SORT) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i];
    let j = i - 1;
    for (; j >= 0 && keys[j] > key; j--) keys[j + 1] = keys[j];
    keys[j + 1] = key;
  }
  return keys;
}

const SMALL_SORT = 24;

export function sha256Hex(text: string): string {
  // One-shot hash: no Hash object per key (the same digest as createHash('sha256').update(text, 'utf8')).
  return hash('sha256', text, 'hex');
}
