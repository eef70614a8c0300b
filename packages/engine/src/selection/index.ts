export { selectEvalInstances, selectionSha256, SUBSAMPLE_METHOD } from './select-instances.js';
export { instancesOfShard } from './shard.js';
export { StreamedInstances } from './streamed-instances.js';
