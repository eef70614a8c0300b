/**
 * The pure half of model-config generation: merged Evaluation in, file contents out (docs/configuration.md).
 */
import type { CodedMessage } from '@eval-factory/types';
import { buildModelDeployment, buildModelMetadata, type ModelDeployment } from './deployment.js';
import type { EvaluationInput } from './evaluation.js';
import { buildJudges, type JudgeEntry } from './judges.js';
import {
  JUDGES_TEMPLATE,
  MODEL_DEPLOYMENTS_TEMPLATE,
  MODEL_METADATA_TEMPLATE,
  renderYamlTemplate,
} from './templates.js';

export const MODEL_DEPLOYMENTS_FILE = 'model_deployments.yaml';
export const MODEL_METADATA_FILE = 'model_metadata.yaml';
export const JUDGES_FILE = 'judges.yaml';

export interface RenderedModelConfigs {
  /** File name (inside `model_configs/`) → YAML text; `judges.yaml` only when a judge is enabled. */
  readonly files: Readonly<Record<string, string>>;
  readonly deployment: ModelDeployment;
  readonly judges: readonly JudgeEntry[];
  readonly warnings: readonly CodedMessage[];
}

/**
 * Renders model_deployments.yaml, model_metadata.yaml and (for judged tasks) judges.yaml. Reads no environment
 * variable: credentials are written as names only.
 * @example renderModelConfigs(evaluation).files['model_deployments.yaml']
 */
export function renderModelConfigs(evaluation: EvaluationInput): RenderedModelConfigs {
  const model = buildModelDeployment(evaluation);
  const judged = buildJudges(evaluation);
  const files: Record<string, string> = {
    [MODEL_DEPLOYMENTS_FILE]: renderYamlTemplate(MODEL_DEPLOYMENTS_TEMPLATE, { deployments: [model.deployment] }),
    [MODEL_METADATA_FILE]: renderYamlTemplate(MODEL_METADATA_TEMPLATE, {
      models: [buildModelMetadata(model.deployment)],
    }),
  };
  if (judged.judges.length > 0) files[JUDGES_FILE] = renderYamlTemplate(JUDGES_TEMPLATE, { judges: judged.judges });
  return {
    files,
    deployment: model.deployment,
    judges: judged.judges,
    warnings: [...model.warnings, ...judged.warnings],
  };
}
