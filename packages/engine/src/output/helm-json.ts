/** The JSON text of HELM's run files (docs/architecture.md): HELM writes them with `indent=2`, null fields left out. */

/** JSON with 2-space indent, absent/null fields omitted (HELM run files, docs/architecture.md). */
export function helmJson(value: unknown): string {
  return `${helmElementJson(value)}\n`;
}

/**
 * `JSON.stringify(value, omitNull, 2)`, byte for byte: null object fields are omitted, nulls inside arrays stay
 * `null`. A replacer function sends JSON.stringify down its slow path (a call back into JS for every key of a
 * 32 MB file), so the value is first checked for null fields and serialised without a replacer; only the objects
 * that have some are copied without them.
 */
export function helmElementJson(value: unknown): string {
  const stripped = withoutNullFields(value, 0);
  // Not expressible without the replacer (a toJSON method, a BigInt, a very deep value): the replacer decides.
  if (stripped === REPLACER_NEEDED) return JSON.stringify(value, omitNull, 2);
  return JSON.stringify(stripped, null, 2);
}

const REPLACER_NEEDED = Symbol('replacer needed');
/** Deeper than any HELM element: past it (or a cycle) the replacer path runs and reports as JSON.stringify does. */
const MAX_DEPTH = 200;

/**
 * `value` itself when no object inside it has a null field, else a copy without those fields (arrays keep their
 * nulls). `undefined` for a top-level null, which the replacer turns into "no JSON" as well.
 */
function withoutNullFields(value: unknown, depth: number): unknown {
  if (value === null) return depth === 0 ? undefined : value;
  if (typeof value === 'bigint') return REPLACER_NEEDED; // BigInt.prototype.toJSON would run before the replacer
  if (typeof value !== 'object') return value;
  // The replacer sees what toJSON returns, not the object (a Date is a string to it): keep its exact path.
  if (depth >= MAX_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function') return REPLACER_NEEDED;
  return Array.isArray(value)
    ? arrayWithoutNullFields(value, depth)
    : objectWithoutNullFields(value as Record<string, unknown>, depth);
}

function arrayWithoutNullFields(array: readonly unknown[], depth: number): unknown {
  let copy: unknown[] | undefined;
  for (let i = 0; i < array.length; i++) {
    const v = array[i];
    // Nulls and holes stay as they are: JSON.stringify writes `null` for both, with or without the replacer.
    const s =
      v === null || typeof v !== 'object'
        ? typeof v === 'bigint'
          ? REPLACER_NEEDED
          : v
        : withoutNullFields(v, depth + 1);
    if (s === REPLACER_NEEDED) return REPLACER_NEEDED;
    if (s !== v && copy === undefined) copy = array.slice(0, i);
    if (copy !== undefined) copy[i] = s;
  }
  return copy ?? array;
}

function objectWithoutNullFields(object: Record<string, unknown>, depth: number): unknown {
  const keys = Object.keys(object);
  let copy: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const v = object[keys[i]];
    const s = v === null ? undefined : withoutNullFields(v, depth + 1);
    if (s === REPLACER_NEEDED) return REPLACER_NEEDED;
    if (s !== v && copy === undefined) copy = copyFields(object, keys, i);
    if (copy !== undefined && s !== undefined) setField(copy, keys[i], s);
  }
  return copy ?? object;
}

/** A new object with the first `count` fields of `object` (same key order: the keys are added in their order). */
function copyFields(object: Record<string, unknown>, keys: readonly string[], count: number): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) setField(copy, keys[i], object[keys[i]]);
  return copy;
}

/** Assignment, except for a `__proto__` key (JSON.parse makes it an own field): that must stay a field. */
function setField(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

function omitNull(_key: string, value: unknown): unknown {
  return value === null ? undefined : value;
}
