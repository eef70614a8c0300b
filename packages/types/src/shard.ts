/**
 * Work units (docs/scale.md): a suite job larger than `--max-instances-per-unit` runs as `count` instance shards,
 * each on any machine. Shards are a pure function of the job's instance ids: the ids ordered by sha256(id) (then
 * by id), cut into `count` consecutive runs of equal size (±1). Every machine and every re-run therefore puts an
 * instance in the same shard whatever order the data was loaded in, no shard is empty and none is more than one
 * instance larger than another. The engine applies it to the ids of HELM's seed-0 selection (`ef-bench run --shard
 * K/N`) — to the whole job's ids, corrected sets included; a corrected twin (`c-<id>`) goes with its instance.
 */
import { hash } from 'node:crypto';

export interface ShardSpec {
  /** 0-based. */
  readonly index: number;
  readonly count: number;
}

/** A shard's run folder, inside its job's folder: `<job>/units/<index>-of-<count>/`. */
export const UNITS_DIR = 'units';

/** `2-of-7`: the folder name of shard index 2 of 7. */
export function shardDirName(shard: ShardSpec): string {
  return `${shard.index}-of-${shard.count}`;
}

/** The engine flag's value, `K/N`. */
export function formatShard(shard: ShardSpec): string {
  return `${shard.index}/${shard.count}`;
}

/** `K/N` → ShardSpec; null when the text is not two whole numbers with 0 ≤ K < N. */
export function parseShard(text: string): ShardSpec | null {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return null;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return count >= 1 && index < count ? { index, count } : null;
}

/**
 * The ids of one job that are placed by their own hash: all but the corrected twins (`c-<id>` whose `<id>` is one of
 * the job's ids, which go with it). A corrected instance of an independently selected set whose namesake is not
 * selected (mtsamples_replicate's `c-id6` beside 5 HELM instances) is placed by its own hash, like any instance.
 */
export function shardRoots(ids: readonly string[]): string[] {
  const unique = new Set(ids);
  return [...unique].filter((id) => !(id.startsWith('c-') && unique.has(id.slice(2))));
}

/**
 * id → shard index for every id of one job (the contract above); `run_suite` plans with it, the engine filters with
 * it, and `merge` checks each unit's instances against it, so the three always agree.
 */
export function assignShards(ids: readonly string[], count: number): Map<string, number> {
  const unique = new Set(ids);
  const keyed = shardRoots(ids).map((id) => ({ id, key: hash('sha256', id, 'hex') }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const shards = new Map(keyed.map(({ id }, position) => [id, Math.floor((position * count) / keyed.length)]));
  // A twin's twin (`c-c-x`) follows the chain down to the id placed by its hash.
  const root = (id: string): string => (id.startsWith('c-') && unique.has(id.slice(2)) ? root(id.slice(2)) : id);
  for (const id of unique) if (!shards.has(id)) shards.set(id, shards.get(root(id))!);
  return shards;
}
