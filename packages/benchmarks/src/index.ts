export { benchmarkNames, getBenchmark, listBenchmarks } from './registry.js';
export { resolveDataFile } from './shared/data-files.js';
export type { ResolveDataFileOptions } from './shared/data-files.js';
export { readTextPython, pythonNewlines, readJsonObjectEntries } from './shared/read-text.js';
export { CUSTOM_BENCHMARK, loadCustomBenchmark, listCustomBenchmarks } from './custom/index.js';
export type { CustomBenchmarkListing } from './custom/index.js';
