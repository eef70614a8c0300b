export { benchmarkNames, getBenchmark, listBenchmarks } from './registry.js';
/** For custom benchmarks (@eval-factory/custom-benchmarks), which build multiple-choice references the same way. */
export { optionReferences } from './shared/instances.js';
