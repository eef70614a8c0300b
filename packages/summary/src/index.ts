/**
 * @eval-factory/summary: reads run folders as files (never the engine) and turns them into leaderboards with
 * bootstrap intervals and paired comparisons (docs/results.md).
 */
export { bootstrapMeanCI, DEFAULT_BOOTSTRAP, type BootstrapOptions, type Interval } from './stats/bootstrap.js';
export { mcnemarExact } from './stats/mcnemar.js';
export type { RunInfo } from './runs/types.js';
export { readInstanceValues, valuesInOrder } from './runs/instance-values.js';
export { collectRuns } from './runs/collect.js';
export { buildLeaderboard, prepareRunSummary, type Leaderboard } from './leaderboard.js';
export {
  formatLeaderboardMarkdown,
  formatLeaderboardCsv,
  formatLeaderboardJson,
  cellMarkers,
} from './leaderboard-format.js';
export { compareRuns } from './compare.js';
export { formatComparisonMarkdown, formatComparisonCsv, formatComparisonJson } from './compare-format.js';
export { resolveSide } from './sides.js';
export { groupColumns, loadCategories, MEDHELM_CATEGORIES, type CategoryTable } from './categories.js';
