import { describe, it, expect } from '@jest/globals';
import { mergedEvaluation, thrown } from '../test-support.js';
import { assertSchema, schemaErrors } from './validate.js';

const PARAMS =
  'limit_samples, parallelism, max_new_tokens, temperature, top_p, max_retries, request_timeout, task, extra';

function valid(): any {
  return mergedEvaluation(
    { limit_samples: 10, parallelism: 1, extra: { subject: null, anything: 'open' } },
    { adapter_config: { free: 1 } },
  );
}

describe('schemaErrors', () => {
  it('accepts a valid merged Evaluation (extra and adapter_config are open)', () => {
    expect(schemaErrors(valid(), 'evaluation')).toEqual([]);
  });

  it('accepts a partial user run_config with metadata', () => {
    expect(schemaErrors({ config: { type: 'x' }, metadata: { versioning: { a: 1 } } }, 'runConfig')).toEqual([]);
  });

  it.each<[string, (v: any) => void, string]>([
    [
      'unknown params key',
      (v) => {
        v.config.params.limit_sample = 5;
      },
      `config.params: Invalid parameter 'limit_sample'. Valid params: [${PARAMS}]`,
    ],
    [
      'unknown config key',
      (v) => {
        v.config.typo = 1;
      },
      "config: Invalid parameter 'typo'. Valid params: [type, output_dir, supported_endpoint_types, params]",
    ],
    [
      'unknown top-level key',
      (v) => {
        v.targets = {};
      },
      "(root): Invalid parameter 'targets'. Valid params: [command, framework_name, pkg_name, metadata, config, target]",
    ],
    [
      'unknown endpoint key',
      (v) => {
        v.target.api_endpoint.modelid = 'x';
      },
      "target.api_endpoint: Invalid parameter 'modelid'. Valid params: [url, model_id, type, api_key_name, api_key, stream, headers, adapter_config, helm_model, helm_deployment]",
    ],
    [
      'unknown target key',
      (v) => {
        v.target.endpoint = {};
      },
      "target: Invalid parameter 'endpoint'. Valid params: [api_endpoint]",
    ],
    [
      'wrong type',
      (v) => {
        v.config.params.parallelism = 'eight';
      },
      'config.params.parallelism: must be integer or null',
    ],
    [
      'below minimum',
      (v) => {
        v.config.params.parallelism = 0;
      },
      'config.params.parallelism: must be >= 1',
    ],
    [
      'float retries',
      (v) => {
        v.config.params.max_retries = 1.5;
      },
      'config.params.max_retries: must be integer or null',
    ],
    [
      'top_p above 1',
      (v) => {
        v.config.params.top_p = 1.5;
      },
      'config.params.top_p: must be <= 1',
    ],
    [
      'extra typed key',
      (v) => {
        v.config.params.extra.report_corrected = 'yes';
      },
      'config.params.extra.report_corrected: must be boolean or null',
    ],
    [
      'bad endpoint type list',
      (v) => {
        v.config.supported_endpoint_types = ['chatty'];
      },
      'config.supported_endpoint_types.0: must be one of [chat, completions, completions_logprob, embedding, vlm]',
    ],
    [
      'judge provider',
      (v) => {
        v.config.params.extra.judges = { gpt: { provider: 'x' } };
      },
      'config.params.extra.judges.gpt.provider: must be one of [openai_compatible, nvidia_anthropic]',
    ],
    [
      'missing command',
      (v) => {
        delete v.command;
      },
      'command: is required',
    ],
    [
      'missing output_dir',
      (v) => {
        delete v.config.output_dir;
      },
      'config.output_dir: is required',
    ],
    [
      'metadata in the merged object',
      (v) => {
        v.metadata = {};
      },
      '(root): must not contain metadata (it is kept outside the merged Evaluation)',
    ],
  ])('%s', (_name, mutate, expected) => {
    const v = valid();
    mutate(v);
    expect(schemaErrors(v, 'evaluation')).toEqual([expected]);
  });
});

describe('assertSchema', () => {
  it('throws one EF_CONFIG_INVALID listing every error on one line', () => {
    const v = valid();
    v.config.params.parallelism = 0;
    v.config.params.foo = 1;
    const error = thrown(() => assertSchema(v, 'evaluation', 'run_config'));
    expect(error.code).toBe('EF_CONFIG_INVALID');
    expect(error.message).toBe(
      `Invalid configuration (run_config), 2 errors: config.params: Invalid parameter 'foo'. Valid params: [${PARAMS}]; config.params.parallelism: must be >= 1`,
    );
    expect(error.message).not.toContain('\n');
  });

  it('is silent for a valid object', () => {
    expect(() => assertSchema(valid(), 'evaluation', 'run_config')).not.toThrow();
  });
});
