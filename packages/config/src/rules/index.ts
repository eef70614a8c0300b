/** The named rules of docs/configuration.md step 4, in the order the spec lists them. */
import type { EvaluationDraft } from '../evaluation.js';
import { checkAdapterConfig } from './adapter-config.js';
import { checkApiKeyNames } from './api-key.js';
import { checkEndpointType, checkMissingEndpoint, checkModelId, checkNvcfUrl, checkStream } from './endpoint.js';
import { combine, type RuleResult } from './result.js';
import { checkDataPath, checkJudgeConfig, checkLimitSamples } from './task-needs.js';

export type Rule = (ev: EvaluationDraft) => RuleResult;

export const RULES: readonly Rule[] = [
  checkEndpointType,
  checkMissingEndpoint,
  checkApiKeyNames,
  checkDataPath,
  checkJudgeConfig,
  checkNvcfUrl,
  checkLimitSamples,
  checkModelId,
  checkAdapterConfig,
  checkStream,
];

/** Runs every rule over a schema-valid merged object. */
export function runRules(ev: EvaluationDraft): RuleResult {
  return combine(RULES.map((rule) => rule(ev)));
}

export type { RuleResult } from './result.js';
export { checkAdapterConfig, renameUseReasoning, ADAPTER_KEYS, ADAPTER_IGNORED_KEYS } from './adapter-config.js';
export { checkApiKeyNames, checkKeyName } from './api-key.js';
export {
  checkEndpointType,
  checkMissingEndpoint,
  checkModelId,
  checkNvcfUrl,
  checkStream,
  isNvcfCapableUrl,
  normalizeEndpointType,
} from './endpoint.js';
export { checkDataPath, checkJudgeConfig, checkLimitSamples, GATED_TASK_NEEDS, JUDGED_TASKS } from './task-needs.js';
