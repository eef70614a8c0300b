/** Instance shards (the contract is `ShardSpec` in @eval-factory/types; docs/scale.md). */
import { shardOfId, type Instance, type ShardSpec } from '@eval-factory/types';

export { shardOfId };

/**
 * The selected instances of one shard, in selection order. A corrected twin `c-<id>` goes with its HELM instance, so
 * paired sets stay paired inside a shard.
 */
export function instancesOfShard(selected: readonly Instance[], shard: ShardSpec | null): Instance[] {
  if (shard === null) return [...selected];
  const base = (i: Instance) => (i.variant === 'corrected' && i.id.startsWith('c-') ? i.id.slice(2) : i.id);
  return selected.filter((i) => shardOfId(base(i), shard.count) === shard.index);
}
