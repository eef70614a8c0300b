/**
 * The run-entry benchmark name that stands for "the definition in --benchmark-file" (docs/custom-benchmarks.md).
 * Declared here so that the engine can tell a custom run apart without loading the custom-benchmarks package,
 * which it imports only for such a run.
 */
export const CUSTOM_BENCHMARK = 'custom';
