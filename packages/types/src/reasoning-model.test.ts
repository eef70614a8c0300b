import { describe, expect, it } from '@jest/globals';
import { isReasoningModelId } from './reasoning-model.js';

describe('isReasoningModelId', () => {
  it.each([
    ['o1', true],
    ['o3-mini', true],
    ['openai/o4-mini-2025-04-16', true],
    ['gpt-5', true],
    ['gpt-5-2025-08-07', true],
    ['openai/gpt-5.1', true],
    ['GPT-5-mini', true],
    ['gpt-4o', false],
    ['gpt-4o-mini', false],
    ['gpt-50', false],
    ['meta/llama-3.3-70b-instruct', false],
    ['orca-2', false],
    ['solar-o3', false],
  ])('%s → %s', (id, expected) => {
    expect(isReasoningModelId(id)).toBe(expected);
  });
});
