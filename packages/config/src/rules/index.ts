/** The named rules of docs/configuration.md step 4, in the order the spec lists them. */
import type { EvaluationDraft } from '@eval-factory/types';
import { checkAdapterConfig } from './adapter-config.js';
import { checkApiKeyNames } from './api-key.js';
import {
  checkCacheUrl,
  checkEndpointType,
  checkMissingEndpoint,
  checkModelId,
  checkNvcfUrl,
  checkStream,
} from './endpoint.js';
import { checkHeaders } from './headers.js';
import { combine, type RuleResult } from './result.js';
import { checkDataPath, checkJudgeConfig, checkLimitSamples, type NeedsLookup } from './task-needs.js';

/** A named rule; `needs` tells what the run's task needs (from framework.yml). */
export type Rule = (ev: EvaluationDraft, needs?: NeedsLookup) => RuleResult;

export const RULES: readonly Rule[] = [
  checkEndpointType,
  checkMissingEndpoint,
  checkApiKeyNames,
  checkHeaders,
  checkDataPath,
  checkJudgeConfig,
  checkNvcfUrl,
  checkLimitSamples,
  checkModelId,
  checkAdapterConfig,
  checkStream,
  checkCacheUrl,
];

/** Runs every rule over a schema-valid merged object. */
export function runRules(ev: EvaluationDraft, needs?: NeedsLookup): RuleResult {
  return combine(RULES.map((rule) => rule(ev, needs)));
}

export type { RuleResult } from './result.js';
export { checkAdapterConfig, renameUseReasoning, ADAPTER_KEYS, ADAPTER_IGNORED_KEYS } from './adapter-config.js';
export { checkApiKeyNames, checkKeyName } from './api-key.js';
export { checkHeaders } from './headers.js';
export {
  checkEndpointType,
  checkMissingEndpoint,
  checkModelId,
  checkNvcfUrl,
  checkStream,
  isNvcfCapableUrl,
  normalizeEndpointType,
} from './endpoint.js';
export {
  checkDataPath,
  checkJudgeConfig,
  checkLimitSamples,
  needsFrom,
  type NeedsLookup,
  type TaskNeeds,
} from './task-needs.js';
