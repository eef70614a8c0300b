import type { ModelDeployment } from './model-deployment.js';
import { createNvcfSender } from './nvcf-client.js';
import { createOpenAISender } from './openai-client.js';
import type { SendAttempt } from './send-attempt.js';

/** NVCF function URLs speak the pexec/polling protocol; every other deployment goes through the openai SDK. */
export function createSender(deployment: ModelDeployment, apiKey: string | null): SendAttempt {
  return deployment.nvcf.is_function || deployment.base_url === null
    ? createNvcfSender(deployment, apiKey)
    : createOpenAISender(deployment, apiKey);
}
