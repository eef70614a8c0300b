/** Instance shards (the contract is `ShardSpec` in @eval-factory/types; docs/scale.md). */
import { hash } from 'node:crypto';
import type { Instance, ShardSpec } from '@eval-factory/types';

/** The shard an instance id belongs to: the first 4 bytes of sha256(id), big-endian, modulo `count`. */
export function shardOfId(id: string, count: number): number {
  return Number.parseInt(hash('sha256', id, 'hex').slice(0, 8), 16) % count;
}

/**
 * The selected instances of one shard, in selection order. A corrected twin `c-<id>` goes with its HELM instance, so
 * paired sets stay paired inside a shard.
 */
export function instancesOfShard(selected: readonly Instance[], shard: ShardSpec | null): Instance[] {
  if (shard === null) return [...selected];
  const base = (i: Instance) => (i.variant === 'corrected' && i.id.startsWith('c-') ? i.id.slice(2) : i.id);
  return selected.filter((i) => shardOfId(base(i), shard.count) === shard.index);
}
