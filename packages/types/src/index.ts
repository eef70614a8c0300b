export type * from './instance.js';
export { CORRECT_TAG } from './instance.js';
export { ENGINE_ARGV_ON_STDIN } from './engine-start.js';
export type * from './prompt.js';
export type * from './outcome.js';
export type * from './stats.js';
export type * from './benchmark.js';
export type * from './engine-summary.js';
export type * from './judge-auth.js';
