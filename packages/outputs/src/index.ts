/** @eval-factory/outputs — pure writers of a run's outputs (results.yml, evaluation_config.yaml, run_config.yml, metrics, console summary). */
export { formatDryRun } from './dry-run.js';
export { formatRunConfigYml } from './run-config-yml.js';
export { formatResultsYml, resultsYmlDoc, resultsYmlText } from './results-yml.js';
export {
  evaluationConfigDoc,
  evaluationConfigYaml,
  formatEvaluationConfig,
  type UrlInfo,
} from './evaluation-config.js';
export { formatEvalFactoryMetrics } from './metrics-json.js';
export { formatMetadataYaml } from './metadata-yaml.js';
export { formatConsoleSummary, formatFinalLogLine } from './console-summary.js';
