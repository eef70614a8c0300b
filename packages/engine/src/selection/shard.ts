/** Instance shards (the contract is `ShardSpec` / `assignShards` in @eval-factory/types; docs/scale.md). */
import { assignShards, type Instance, type ShardSpec } from '@eval-factory/types';

/**
 * The selected instances of one shard, in selection order: the shards of the whole job's selection, corrected set
 * included (an independently selected corrected instance has a shard of its own; a twin `c-<id>` goes with `<id>`).
 */
export function instancesOfShard(selected: readonly Instance[], shard: ShardSpec | null): Instance[] {
  if (shard === null) return [...selected];
  const shards = assignShards(
    selected.map((i) => i.id),
    shard.count,
  );
  return selected.filter((i) => shards.get(i.id) === shard.index);
}
