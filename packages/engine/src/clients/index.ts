export {
  readModelDeployment,
  DEFAULT_SETTINGS,
  type ModelDeployment,
  type RequestSettings,
} from './model-deployment.js';
export { buildRequestBody } from './request-body.js';
export { classifyError, classifyStatus, parseRetryAfter, BadResponseError } from './classify-error.js';
export { createOpenAISender, parseResponse } from './openai-client.js';
export type { RawSuccess, SendAttempt } from './send-attempt.js';
export { createNvcfSender } from './nvcf-client.js';
export { createSender } from './create-sender.js';
export { sendWithRetries, type RetryPolicy, type RetryResult, type AttemptLog } from './retry.js';
export { createModelClient, UNIT_MISSING, type ModelClient, type ModelCallRecord } from './model-client.js';
export { openSharedBudget, type SharedBudget } from './shared-budget.js';
export { readsAs, type ResponseFormat } from './readable-response.js';
export { RequestLimiter, estimateTokens, type LimiterOptions, type AttemptResult } from './rate-limiter.js';
