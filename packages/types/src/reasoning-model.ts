/**
 * OpenAI's reasoning models (o1, o3, o4-mini, gpt-5, …), named as HELM's OpenAIClient recognises them: they reject
 * `max_tokens` (so the factory writes `max_completion_tokens` into the deployment) and `temperature`, `top_p` and
 * the penalties (so the engine leaves them out of the body, as HELM does). Both sides must agree on the rule.
 */
const REASONING_MODEL_ID = /(?:^|\/)(?:o\d+|gpt-5)(?:[-.:_]|$)/i;

/**
 * Whether `modelId` (the name the server knows, with or without an `org/` prefix) is a reasoning model.
 * @example isReasoningModelId('openai/o3-mini') // true
 */
export function isReasoningModelId(modelId: string): boolean {
  return REASONING_MODEL_ID.test(modelId);
}
