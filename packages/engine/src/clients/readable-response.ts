import { parseAnthropicResponse } from './anthropic-client.js';
import { parseResponse } from './openai-client.js';

export type ResponseFormat = 'chat' | 'completions' | 'anthropic';

/**
 * Whether a stored response reads as an answer in one of `formats`, through the same parsers as a live answer: a
 * shared-cache entry that does not is a miss, not a failed (or crashed) request (docs/scale.md).
 */
export function readsAs(response: unknown, formats: readonly ResponseFormat[]): boolean {
  return formats.some((format) => {
    try {
      if (format === 'anthropic') parseAnthropicResponse(response);
      else parseResponse(response, format);
      return true;
    } catch {
      return false;
    }
  });
}
