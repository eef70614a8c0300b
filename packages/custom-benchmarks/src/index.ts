export { CUSTOM_BENCHMARK, loadCustomBenchmark, listCustomBenchmarks } from './definition.js';
export type { CustomBenchmarkListing } from './definition.js';
