export { taskName, withoutNulls, targetForOutput } from './evaluation.js';
export { formatDryRun } from './dry-run.js';
export { formatRunConfigYml } from './run-config-yml.js';
export { formatResultsYml, type ResultsYmlInput } from './results-yml.js';
export { formatEvaluationConfig, type EvaluationConfigInput, type UrlInfo } from './evaluation-config.js';
export { formatEvalFactoryMetrics, type EvalFactoryMetricsOptions } from './metrics-json.js';
export { formatMetadataYaml, buildVersioning, type ComponentVersions } from './metadata-yaml.js';
export { formatConsoleSummary, type ConsoleSummaryInput } from './console-summary.js';
export { selectMetrics, METRIC_NO_VALUE, type MetricSelection } from './metric-selection.js';
