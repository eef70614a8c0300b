import { stringify } from 'yaml';

/** Last line of defence: no output file ever holds NaN/Infinity (docs/architecture.md); they become null. */
export function finiteOrNull(_key: unknown, value: unknown): unknown {
  return typeof value === 'number' && !Number.isFinite(value) ? null : value;
}

/**
 * YAML text for an output file. `lineWidth: 0` keeps long commands on one line; duplicate objects are written
 * out in full (never as `&anchor`/`*alias`), which YAML consumers outside this project may not expect.
 */
export function dumpYaml(value: unknown, opts: { sorted: boolean }): string {
  return stringify(value, finiteOrNull, {
    sortMapEntries: opts.sorted,
    lineWidth: 0,
    minContentWidth: 0,
    aliasDuplicateObjects: false,
  });
}
