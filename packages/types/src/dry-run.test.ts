import { describe, expect, it } from '@jest/globals';
import { dryRunSentence, dryRunSummary, readDryRunSummary } from './dry-run.js';

const SUMMARY = dryRunSummary({ instances: 3, requests: 6, promptCharacters: 1201, maxOutputTokens: 60 });

describe('the dry-run summary', () => {
  it('estimates prompt tokens as characters / 4, rounded up, and reads back what it wrote', () => {
    expect(SUMMARY.prompt_tokens).toBe(301);
    expect(readDryRunSummary(JSON.stringify(SUMMARY))).toEqual({ summary: SUMMARY });
  });

  it('is one sentence for people', () => {
    expect(dryRunSentence(SUMMARY)).toBe('dry run: 3 instances, 6 requests, 1201 prompt characters (~301 tokens)');
  });

  it.each([
    ['', 'is not JSON'],
    ['dry run: 3 instances, 6 requests', 'is not JSON'],
    ['[]', 'is not a JSON object'],
    [JSON.stringify({ ...SUMMARY, schema_version: 2 }), 'has schema_version 2, not 1'],
    [JSON.stringify({ ...SUMMARY, prompt_tokens: undefined }), 'has no count prompt_tokens (a whole number ≥ 0)'],
    [JSON.stringify({ ...SUMMARY, requests: '6' }), 'has no count requests (a whole number ≥ 0)'],
    [JSON.stringify({ ...SUMMARY, max_output_tokens: -1 }), 'has no count max_output_tokens (a whole number ≥ 0)'],
    [JSON.stringify({ ...SUMMARY, instances: 1.5 }), 'has no count instances (a whole number ≥ 0)'],
  ])('a damaged summary %j is a problem, never a size of 0', (text, problem) => {
    expect(readDryRunSummary(text)).toEqual({ problem });
  });
});
