/**
 * Applies parsed `--overrides` to the merged object. Each pair behaves as its own top layer (§3.2 rules: null has no
 * effect, `__unset__` removes, dicts deep-merge), but numeric segments index EXISTING lists instead of creating
 * `{"0": …}` dicts (the NeMo pitfall of §4).
 */
import { configError } from './codes.js';
import { cleanCopy, isPlainObject, mergeTwo, normalizeApiKeyLayer, UNSET, type Layer } from './merge.js';
import type { OverrideAssignment } from './overrides.js';

type Container = Layer | unknown[];

function pathError(a: OverrideAssignment, why: string): Error {
  return configError('EF_OVERRIDE_SYNTAX', `--overrides fragment '${a.fragment}': ${why}`);
}

function listIndex(list: unknown[], segment: string, a: OverrideAssignment, at: string): number {
  if (!/^\d+$/.test(segment)) throw pathError(a, `'${at}' is a list; index it with a number`);
  const index = Number(segment);
  if (index >= list.length) throw pathError(a, `index ${index} is out of range for '${at}' (${list.length} items)`);
  return index;
}

/** A numeric segment may only name an existing dict key; it never creates `{"0": …}` (the NeMo pitfall). */
function assertNotNewIndexKey(dict: Layer, segment: string, a: OverrideAssignment, at: string): void {
  if (/^\d+$/.test(segment) && !(segment in dict))
    throw pathError(a, `'${at}' is not a list; cannot index it with ${segment}`);
}

/** Walks to the parent of the last segment, creating missing dicts (never lists). */
function parentOf(root: Layer, a: OverrideAssignment): Container {
  let node: Container = root;
  for (let i = 0; i < a.path.length - 1; i++) {
    const segment = a.path[i]!;
    const at = a.path.slice(0, i).join('.') || '(root)';
    if (!Array.isArray(node)) assertNotNewIndexKey(node, segment, a, at);
    const key = Array.isArray(node) ? listIndex(node, segment, a, at) : segment;
    const child = (node as Record<string | number, unknown>)[key];
    if (child === undefined || child === null) {
      if (Array.isArray(node)) throw pathError(a, `'${a.path.slice(0, i + 1).join('.')}' is empty`);
      node[segment] = {};
    } else if (!isPlainObject(child) && !Array.isArray(child)) {
      throw pathError(a, `'${a.path.slice(0, i + 1).join('.')}' is a ${typeof child}, not a mapping or list`);
    }
    node = (node as Record<string | number, unknown>)[key] as Container;
  }
  return node;
}

function assign(parent: Container, segment: string, value: unknown, a: OverrideAssignment): void {
  if (Array.isArray(parent)) {
    const index = listIndex(parent, segment, a, a.path.slice(0, -1).join('.'));
    if (value === UNSET) parent.splice(index, 1);
    else
      parent[index] =
        isPlainObject(value) && isPlainObject(parent[index])
          ? mergeTwo(parent[index] as Layer, value)
          : cleanCopy(value);
    return;
  }
  assertNotNewIndexKey(parent, segment, a, a.path.slice(0, -1).join('.') || '(root)');
  if (value === UNSET) delete parent[segment];
  else if (isPlainObject(value) && isPlainObject(parent[segment]))
    parent[segment] = mergeTwo(parent[segment] as Layer, value);
  else parent[segment] = cleanCopy(value);
}

/** `target.api_endpoint.api_key=X` (or a dict holding `api_key`) is rewritten to `api_key_name` (§2.4). */
function normalizeApiKey(a: OverrideAssignment): { assignment: OverrideAssignment; wroteApiKey: boolean } {
  const apiKeyPath = ['target', 'api_endpoint', 'api_key'];
  const isPrefix = a.path.every((s, i) => s === apiKeyPath[i]);
  if (!isPrefix || a.value === UNSET) return { assignment: a, wroteApiKey: false };
  if (a.path.length === 3) {
    return { assignment: { ...a, path: [...a.path.slice(0, 2), 'api_key_name'] }, wroteApiKey: true };
  }
  if (!isPlainObject(a.value)) return { assignment: a, wroteApiKey: false };
  // Wrap the dict value into a full layer, normalise it like a file layer, then unwrap it again.
  const wrapped = a.path.reduceRight<unknown>((inner, seg) => ({ [seg]: inner }), a.value) as Layer;
  const { layer, wroteApiKey } = normalizeApiKeyLayer(wrapped, `--overrides '${a.fragment}'`);
  const value = a.path.reduce<unknown>((node, seg) => (node as Layer)[seg], layer);
  return { assignment: { ...a, value }, wroteApiKey };
}

export interface AppliedOverrides {
  readonly result: Layer;
  readonly wroteApiKey: boolean;
}

/**
 * Applies assignments left to right to a copy of `merged`.
 * @example applyOverrides({ a: [1, 2] }, parseOverrides(['a.1=5'])).result // → { a: [1, 5] }
 */
export function applyOverrides(merged: Layer, assignments: readonly OverrideAssignment[]): AppliedOverrides {
  const result = cleanCopy(merged) as Layer;
  let wroteApiKey = false;
  for (const original of assignments) {
    if (original.value === null) continue; // §4: null has no effect
    const { assignment, wroteApiKey: wrote } = normalizeApiKey(original);
    wroteApiKey ||= wrote;
    assign(parentOf(result, assignment), assignment.path[assignment.path.length - 1]!, assignment.value, assignment);
  }
  return { result, wroteApiKey };
}
