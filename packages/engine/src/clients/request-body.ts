import { isReasoningModelId, type PromptRequest } from '@eval-factory/types';
import type { ModelDeployment } from './model-deployment.js';

/**
 * The exact JSON body sent (docs/configuration.md), after the adapter_config edits (§2.5). This object is also what
 * the cache key hashes, so every field that can change the answer is in it.
 */
export function buildRequestBody(
  request: PromptRequest,
  deployment: ModelDeployment,
  prompt: string = request.prompt,
): Record<string, unknown> {
  const s = deployment.request_settings;
  // The name the server knows (HELM's openai_model_name), which differs from HELM's model name for a prod_env model.
  const model = deployment.client_spec?.args.openai_model_name ?? deployment.model_name;
  const body: Record<string, unknown> = { model };
  if (deployment.endpoint_type === 'chat') {
    const messages: { role: string; content: string }[] = [];
    if (s.use_system_prompt && s.custom_system_prompt)
      messages.push({ role: 'system', content: s.custom_system_prompt });
    messages.push({ role: 'user', content: prompt });
    body.messages = messages;
  } else {
    body.prompt = prompt;
  }
  // A reasoning model rejects temperature and top_p (HELM's OpenAIClient leaves them out too); params_to_add can
  // still send them to a server that takes them.
  const reasoning = isReasoningModelId(model);
  if (!reasoning) body.temperature = request.temperature;
  body[deployment.max_tokens_field] = request.max_tokens;
  if (request.top_p !== null && !reasoning) body.top_p = request.top_p;
  if (request.stop.length > 0) body.stop = [...request.stop];
  body.n = request.num_completions;
  return applyParamEdits(body, s.params_to_add, s.params_to_remove, s.params_to_rename);
}

function applyParamEdits(
  body: Record<string, unknown>,
  add: Readonly<Record<string, unknown>>,
  remove: readonly string[],
  rename: Readonly<Record<string, string>>,
): Record<string, unknown> {
  // No edits (the usual endpoint): the body as built, not a copy of it per request.
  if (remove.length === 0 && isEmpty(add) && isEmpty(rename)) return body;
  const out: Record<string, unknown> = { ...body, ...add };
  for (const key of remove) delete out[key];
  for (const [from, to] of Object.entries(rename)) {
    if (from in out) {
      out[to] = out[from];
      delete out[from];
    }
  }
  return out;
}

function isEmpty(record: Readonly<Record<string, unknown>>): boolean {
  for (const _ in record) return false;
  return true;
}
