/**
 * Query results as JSON-serialisable data, compared the way HELM's Python compares them: `set(rows_a) ==
 * set(rows_b)` over tuples, where numbers compare by value (`1 == 1.0`), strings exactly, `None == None`, and order
 * and duplicates do not matter (docs/benchmarks/ehr_sql.md).
 */

/** A SQLite value: INTEGER/REAL as number, TEXT as string, NULL as null, BLOB as hex, ±infinity spelled out. */
export type SqlValue = number | string | null | { readonly blob: string } | { readonly real: 'Infinity' | '-Infinity' };
export type SqlRow = readonly SqlValue[];

/**
 * Converts a value from node-sqlite3 (number, string, null, Buffer) into a JSON-safe `SqlValue`.
 * @example toSqlValue(Infinity) // { real: 'Infinity' }
 */
export function toSqlValue(value: unknown): SqlValue {
  if (value === null || typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return Object.is(value, -0) ? 0 : value;
    // SQLite stores NaN as NULL, so only the two infinities reach here.
    return { real: value > 0 ? 'Infinity' : '-Infinity' };
  }
  if (Buffer.isBuffer(value)) return { blob: value.toString('hex') };
  // node-sqlite3 returns nothing else; never throw here (this runs inside a driver callback).
  return String(value);
}

function isSqlValue(value: unknown): value is SqlValue {
  if (value === null || typeof value === 'string' || typeof value === 'number') return true;
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const record = value as Record<string, unknown>;
  if (keys.length !== 1) return false;
  if (keys[0] === 'blob') return typeof record.blob === 'string';
  return keys[0] === 'real' && (record.real === 'Infinity' || record.real === '-Infinity');
}

/** True for a list of rows (each a list of `SqlValue`), as stored in the annotation. */
export function isSqlRows(value: unknown): value is SqlRow[] {
  return Array.isArray(value) && value.every((row) => Array.isArray(row) && row.every(isSqlValue));
}

/** Type-tagged key of one value: numbers by value in shortest form (so 1 and 1.0 agree), text and blobs apart. */
function valueKey(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return `n:${value}`;
  if (typeof value === 'string') return `s:${value}`;
  if (typeof value === 'object' && 'blob' in value) return `b:${String(value.blob)}`;
  if (typeof value === 'object' && 'real' in value) return `n:${String(value.real)}`;
  // Anything else (only possible among the bare slot values) gets a key no row or value can share.
  return `j:${JSON.stringify(value)}`;
}

/**
 * Set of canonical keys of a result. `bare` marks HELM's slot-value fallback, whose elements are values, not rows:
 * in Python a tuple never equals a bare value, so their keys live apart.
 * @example resultKeys([[1], [1.0], [null]], false).size // 2
 */
export function resultKeys(result: readonly unknown[], bare: boolean): Set<string> {
  const keys = new Set<string>();
  for (const element of result) {
    keys.add(bare ? `value:${valueKey(element)}` : JSON.stringify((element as readonly unknown[]).map(valueKey)));
  }
  return keys;
}

/**
 * Python `set(a) == set(b)` for two results given as key sets.
 * @example sameKeySet(resultKeys([[0]], false), resultKeys([[0.0], [0]], false)) // true
 */
export function sameKeySet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const key of a) if (!b.has(key)) return false;
  return true;
}
