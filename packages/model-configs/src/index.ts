export type { AdapterConfigInput, ApiEndpointInput, EndpointType, EvaluationInput, JudgeInput } from './evaluation.js';
export { resolveEndpointUrl, isNvcfBackedHost, parseHttpUrl, NVCF_BACKED_HOSTS } from './url.js';
export type { ResolvedEndpointUrl, ResolveUrlOptions } from './url.js';
export {
  PROVIDERS,
  NVCF_POLL_SECONDS,
  chooseProvider,
  providerByName,
  maxTokensField,
  nvcfSettings,
} from './providers.js';
export type { ProviderEntry, ProviderName, MaxTokensField, NvcfSettings } from './providers.js';
export { checkEnvVarName, modelAuth } from './auth.js';
export type { ModelAuth } from './auth.js';
export { deploymentName, buildModelDeployment, buildRequestSettings, buildModelMetadata } from './deployment.js';
export type { ModelDeployment, ModelMetadata, RequestSettings } from './deployment.js';
export { buildJudges } from './judges.js';
export { checkJudgeCredentials } from './judge-credentials-check.js';
export type { JudgeEntry } from './judges.js';
export type { JudgeAuth } from '@eval-factory/types';
export { yamlScalar } from './yaml-scalar.js';
export { renderModelConfigs, MODEL_DEPLOYMENTS_FILE, MODEL_METADATA_FILE, JUDGES_FILE } from './render.js';
export type { RenderedModelConfigs } from './render.js';
export { writeModelConfigs, writeRenderedModelConfigs } from './write.js';
export type { WrittenModelConfigs } from './write.js';
