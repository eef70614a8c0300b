import { Buffer } from 'node:buffer';
import type { StoredAnswer } from './cached-response.js';

/** What `readStoredValues` needs of the @keyv/sqlite store: its SQL entry point. */
export interface SqlStore {
  query(sql: string, ...params: unknown[]): Promise<unknown>;
}

/** A key as keyv stores it in `namespace` (keyv's own `_getKeyPrefix`). */
export function storedKey(namespace: string, key: string): string {
  return namespace ? `${namespace}:${key}` : key;
}

const SELECT_MANY = 'SELECT key, value FROM keyv WHERE key IN (SELECT value FROM json_each(?))';

/**
 * The stored values of `keys` (undefined where absent), read as keyv's `getMany` reads them, in one query, but
 * faster: keyv parses every row with a reviver (a call back into JS for every value of the stored request, a
 * copy of the prompt) and matches rows to keys with a linear search per key. Here a row is parsed plainly and its
 * strings are unescaped by one walk, which gives the same value (see `unescapeStrings`). Returns null when a row
 * has an expiry time (this cache never sets one): the caller then asks keyv, which also deletes expired rows.
 * @param namespace keyv's namespace: stored keys are `<namespace>:<key>`
 */
export async function readStoredValues<T>(
  store: SqlStore,
  namespace: string,
  keys: readonly string[],
): Promise<(T | undefined)[] | null> {
  const stored = keys.map((key) => storedKey(namespace, key));
  const rows = (await store.query(SELECT_MANY, JSON.stringify(stored))) as { key: string; value: unknown }[];
  const byKey = new Map<string, unknown>();
  for (const row of rows) byKey.set(row.key, row.value);
  const values: (T | undefined)[] = [];
  for (const key of stored) {
    const text = byKey.get(key);
    // keyv reads only strings; anything else is no entry.
    const entry = typeof text === 'string' ? (JSON.parse(text) as { value?: unknown; expires?: unknown }) : null;
    if (entry !== null && typeof entry === 'object' && typeof entry.expires === 'number') return null;
    const value = entry === null || typeof entry !== 'object' ? undefined : unescapeStrings(entry.value);
    values.push(value === null ? undefined : (value as T | undefined));
  }
  return values;
}

/**
 * Of each stored answer of `keys` (undefined where absent), only what a call reads: its response and its latency
 * (`StoredAnswer`). SQLite takes the two fields out of each row on Node's thread pool, so the engine parses ~300
 * bytes of a row instead of all of it (the stored request is a copy of the prompt): a cached re-run reads every
 * answer of the run. The values are those `readStoredValues` gives for the two fields. Null as there: a row with an
 * expiry time.
 */
export async function readStoredAnswers(
  store: SqlStore,
  namespace: string,
  keys: readonly string[],
): Promise<(StoredAnswer | undefined)[] | null> {
  const stored = keys.map((key) => storedKey(namespace, key));
  const rows = (await store.query(SELECT_ANSWERS, JSON.stringify(stored))) as AnswerRow[];
  const byKey = new Map<string, AnswerRow>();
  for (const row of rows) byKey.set(row.key, row);
  const answers: (StoredAnswer | undefined)[] = [];
  for (const key of stored) {
    const row = byKey.get(key);
    if (row?.expires === 'integer' || row?.expires === 'real') return null;
    // No `value` (or a null one) in the entry is no answer, as keyv reads it.
    if (row === undefined || row.kind === null || row.kind === 'null') answers.push(undefined);
    else answers.push({ response: parsedField(row.response), request_time_s: parsedField(row.time) as number });
  }
  return answers;
}

/** One row of SELECT_ANSWERS: the two fields as JSON text (SQL NULL when absent), and JSON types. */
interface AnswerRow {
  key: string;
  kind: string | null;
  response: string | null;
  time: string | null;
  expires: string | null;
}

// Only text values: keyv reads nothing else. `->` gives a field as JSON text, whatever its type.
const SELECT_ANSWERS = `SELECT key, json_type(value, '$.value') AS kind, value -> '$.value.response' AS response,
  value -> '$.value.request_time_s' AS time, json_type(value, '$.expires') AS expires
  FROM keyv WHERE key IN (SELECT value FROM json_each(?)) AND typeof(value) = 'text'`;

function parsedField(text: string | null): unknown {
  return text === null ? undefined : unescapeStrings(JSON.parse(text));
}

/**
 * What @keyv/serialize's reviver does to every string of a parsed entry, applied in one walk: a string that keyv
 * escaped on the way in (`:x` was stored as `::x`, a Buffer as `:base64:…`) is given back as it was. Object keys
 * are left alone, as the reviver leaves them. The parsed value is fresh, so it is changed in place.
 */
export function unescapeStrings(value: unknown): unknown {
  if (typeof value === 'string') {
    if (!value.startsWith(':')) return value;
    return value.startsWith(':base64:') ? Buffer.from(value.slice(8), 'base64') : value.slice(1);
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (v !== null && (typeof v === 'string' || typeof v === 'object')) value[i] = unescapeStrings(v);
    }
    return value;
  }
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    const v = object[key];
    if (v === null || (typeof v !== 'string' && typeof v !== 'object')) continue;
    const s = unescapeStrings(v);
    // JSON.parse makes `__proto__` an own field: it must stay one (an assignment would set the prototype).
    if (s !== v) Object.defineProperty(object, key, { value: s, enumerable: true, writable: true, configurable: true });
  }
  return object;
}
