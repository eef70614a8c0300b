export { selectEvalInstances, selectionSha256, SUBSAMPLE_METHOD } from './select-instances.js';
export { instancesOfShard, shardOfId } from './shard.js';
