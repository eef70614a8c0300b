/**
 * @eval-factory/summary: reads run folders as files (never the engine) and turns them into leaderboards with
 * bootstrap intervals and paired comparisons (issue 5; docs/results.md).
 */
export { mulberry32, randomIndex, type Random } from './stats/prng.js';
export {
  bootstrapMeanCI,
  pairedBootstrap,
  quantileSorted,
  DEFAULT_BOOTSTRAP,
  type BootstrapOptions,
  type Interval,
  type PairedBootstrapResult,
} from './stats/bootstrap.js';
export { mcnemarExact, binomialTestHalf, isBinary, type McNemarResult } from './stats/mcnemar.js';
export { holm } from './stats/holm.js';
export { standings, type RankColumn, type ModelStanding } from './stats/ranking.js';
export type { RunInfo, RunMetric, RunState, InstanceCountsView } from './runs/types.js';
export { findRunDirs, isRunDir } from './runs/find-runs.js';
export { readRun, missingReason, scenarioOf } from './runs/read-run.js';
export { readInstanceValues, valuesInOrder, type InstanceValues } from './runs/instance-values.js';
export { collectRuns, pickRun, type CollectedRuns } from './runs/collect.js';
export {
  buildLeaderboard,
  type Leaderboard,
  type LeaderboardCell,
  type LeaderboardColumn,
  type LeaderboardRow,
  type LeaderboardMethod,
  type LeaderboardOptions,
} from './leaderboard.js';
export {
  formatLeaderboardMarkdown,
  formatLeaderboardCsv,
  formatLeaderboardJson,
  cellText,
  cellMarkers,
  methodText,
} from './leaderboard-format.js';
export { compareRuns, type CompareSide, type Comparison, type ComparisonRow, type CompareOptions } from './compare.js';
export {
  formatComparisonMarkdown,
  formatComparisonCsv,
  formatComparisonJson,
  comparisonMethodText,
} from './compare-format.js';
export { resolveSide } from './sides.js';
