import { describe, it, expect } from '@jest/globals';
import { compareWithPrevious, outputDirMismatch } from './output-dir.js';
import { mergedEvaluation } from './test-support.js';

function evaluation(): any {
  return mergedEvaluation(
    { limit_samples: 10, parallelism: 1, max_retries: 5, request_timeout: 600, top_p: null, extra: { subject: null } },
    { api_key_name: 'K', adapter_config: { use_caching: true } },
  );
}

describe('compareWithPrevious (§7.7)', () => {
  it('identical configs → no difference', () => {
    expect(compareWithPrevious(evaluation(), evaluation())).toEqual([]);
  });

  it.each<[string, (e: any) => void]>([
    [
      'parallelism',
      (e) => {
        e.config.params.parallelism = 16;
      },
    ],
    [
      'max_retries',
      (e) => {
        e.config.params.max_retries = 0;
      },
    ],
    [
      'request_timeout',
      (e) => {
        e.config.params.request_timeout = 30;
      },
    ],
    [
      'output_dir spelling',
      (e) => {
        e.config.output_dir = './out/';
      },
    ],
    [
      'api_key alias written only when the user used it',
      (e) => {
        e.target.api_endpoint.api_key = 'K';
      },
    ],
    [
      'null vs absent',
      (e) => {
        delete e.config.params.top_p;
      },
    ],
    [
      'client-side rate limits (a run hitting 429s adds one and resumes)',
      (e) => {
        e.config.params.extra.requests_per_minute = 60;
        e.config.params.extra.tokens_per_minute = 90_000;
      },
    ],
    [
      'a trailing / on the endpoint URL',
      (e) => {
        e.target.api_endpoint.url = `${e.target.api_endpoint.url}/`;
      },
    ],
  ])('ignores %s', (_name, mutate) => {
    const current = evaluation();
    mutate(current);
    expect(compareWithPrevious(evaluation(), current)).toEqual([]);
  });

  it.each<[string, (e: any) => void, string[]]>([
    [
      'limit_samples',
      (e) => {
        e.config.params.limit_samples = 20;
      },
      ['config.params.limit_samples'],
    ],
    [
      'model',
      (e) => {
        e.target.api_endpoint.model_id = 'other';
      },
      ['target.api_endpoint.model_id'],
    ],
    [
      'a list',
      (e) => {
        e.config.supported_endpoint_types = ['chat'];
      },
      ['config.supported_endpoint_types'],
    ],
    [
      'a new extra key',
      (e) => {
        e.config.params.extra.subset = 'x';
      },
      ['config.params.extra.subset'],
    ],
    [
      'several, sorted',
      (e) => {
        e.command = 'x';
        e.config.params.temperature = 0.5;
      },
      ['command', 'config.params.temperature'],
    ],
    [
      'adapter_config',
      (e) => {
        e.target.api_endpoint.adapter_config.use_caching = false;
      },
      ['target.api_endpoint.adapter_config.use_caching'],
    ],
  ])('reports %s', (_name, mutate, expected) => {
    const current = evaluation();
    mutate(current);
    expect(compareWithPrevious(evaluation(), current)).toEqual(expected);
  });

  it('a previous file that is not a mapping differs at the root', () => {
    expect(compareWithPrevious('garbage', evaluation())).toEqual(['(root)']);
  });

  it('outputDirMismatch builds the EF_OUTPUT_DIR_MISMATCH error', () => {
    const error = outputDirMismatch('out', ['config.params.limit_samples']);
    expect(error.code).toBe('EF_OUTPUT_DIR_MISMATCH');
    expect(error.message).toBe(
      'out already holds a run with a different configuration (differs in: config.params.limit_samples)',
    );
    expect(error.hint).toMatch(/--output_dir/);
  });
});
