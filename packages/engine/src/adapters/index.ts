export { buildAdapterSpec } from './build-adapter-spec.js';
export { assemblePrompt } from './assemble-prompt.js';
export type { AssembledPrompt } from './assemble-prompt.js';
export { buildRequests, requestPlan } from './build-requests.js';
export type { BuildRequestsOptions, RequestPlan } from './build-requests.js';
export { adapterSpecAsSent } from './adapter-spec-as-sent.js';
