/** Instance shards (the contract is `ShardSpec` / `assignShards` in @eval-factory/types; docs/scale.md). */
import { assignShards, type Instance, type ShardSpec } from '@eval-factory/types';

/**
 * The selected instances of one shard, in selection order. A corrected twin `c-<id>` goes with its HELM instance, so
 * paired sets stay paired inside a shard.
 */
export function instancesOfShard(selected: readonly Instance[], shard: ShardSpec | null): Instance[] {
  if (shard === null) return [...selected];
  const base = (i: Instance) => (i.variant === 'corrected' && i.id.startsWith('c-') ? i.id.slice(2) : i.id);
  const shards = assignShards(
    selected.filter((i) => i.variant !== 'corrected').map((i) => i.id),
    shard.count,
  );
  return selected.filter((i) => shards.get(base(i)) === shard.index);
}
