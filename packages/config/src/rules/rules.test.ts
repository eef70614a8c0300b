import { describe, it, expect } from '@jest/globals';
import type { EvaluationDraft } from '@eval-factory/types';
import { mergedEvaluation } from '../test-support.js';
import { checkAdapterConfig, renameUseReasoning } from './adapter-config.js';
import { checkApiKeyNames, checkKeyName } from './api-key.js';
import {
  checkEndpointType,
  checkMissingEndpoint,
  checkModelId,
  checkNvcfUrl,
  checkStream,
  isNvcfCapableUrl,
  normalizeEndpointType,
} from './endpoint.js';
import { runRules } from './index.js';
import { checkDataPath, checkJudgeConfig, checkLimitSamples } from './task-needs.js';

/** A rule-valid draft; each case mutates a copy. */
function draft(mutate: (d: any) => void = () => {}): EvaluationDraft {
  const d = mergedEvaluation(
    { limit_samples: null, task: 'pubmed_qa', extra: { gpt_judge_api_key: 'GPT_JUDGE_API_KEY', judges: {} } },
    { url: 'http://localhost:8000/v1', api_key_name: null, adapter_config: { use_nvcf: false } },
  );
  mutate(d);
  return d as EvaluationDraft;
}

const codes = (r: { errors: readonly { code: string }[] }) => r.errors.map((e) => e.code);

describe('a valid draft', () => {
  it('passes every rule without warnings', () => {
    expect(runRules(draft())).toEqual({ errors: [], warnings: [] });
  });
});

describe('error rules: code and message text', () => {
  it.each<
    [
      string,
      (d: any) => void,
      (d: EvaluationDraft) => { errors: readonly { code: string; message: string }[] },
      string,
      string,
    ]
  >([
    [
      'unsupported endpoint type',
      (d) => {
        d.target.api_endpoint.type = 'embedding';
      },
      checkEndpointType,
      'EF_ENDPOINT_TYPE',
      "The benchmark 'pubmed_qa' does not support the model type 'embedding'. The benchmark supports '[chat, completions]'.",
    ],
    [
      'type outside a narrowed list',
      (d) => {
        d.config.supported_endpoint_types = ['chat'];
        d.target.api_endpoint.type = 'completions';
      },
      checkEndpointType,
      'EF_ENDPOINT_TYPE',
      "The benchmark 'pubmed_qa' does not support the model type 'completions'. The benchmark supports '[chat]'.",
    ],
    [
      'missing url',
      (d) => {
        d.target.api_endpoint.url = null;
      },
      checkMissingEndpoint,
      'EF_MISSING_ENDPOINT',
      'target.api_endpoint.url (CLI: --model_url) should be defined to run model evaluation!',
    ],
    [
      'missing model_id',
      (d) => {
        delete d.target.api_endpoint.model_id;
      },
      checkMissingEndpoint,
      'EF_MISSING_ENDPOINT',
      'target.api_endpoint.model_id (CLI: --model_id) should be defined to run model evaluation!',
    ],
    [
      'missing type',
      (d) => {
        d.target.api_endpoint.type = null;
      },
      checkMissingEndpoint,
      'EF_MISSING_ENDPOINT',
      'target.api_endpoint.type (CLI: --model_type) should be defined to run model evaluation!',
    ],
    [
      'invalid env-var name',
      (d) => {
        d.target.api_endpoint.api_key_name = 'MY KEY';
      },
      checkApiKeyNames,
      'EF_API_KEY_LOOKS_LIKE_SECRET',
      "target.api_endpoint.api_key_name must be the NAME of an environment variable ([A-Za-z_][A-Za-z0-9_]*), but its value (ending '… KEY') is not",
    ],
    [
      'judge key name pasted as a secret',
      (d) => {
        d.config.params.extra.gpt_judge_api_key = 'sk-proj-abcdefgh12345678';
      },
      checkApiKeyNames,
      'EF_API_KEY_LOOKS_LIKE_SECRET',
      "config.params.extra.gpt_judge_api_key must be the NAME of an environment variable, but its value (ending '…5678') looks like a secret key",
    ],
    [
      'a judge key pasted under extra.judges',
      (d) => {
        d.config.params.extra.judges = { gpt: { url: 'u', api_key: 'sk-abcdefghijklmnop1234WXYZ' } };
      },
      checkApiKeyNames,
      'EF_API_KEY_LOOKS_LIKE_SECRET',
      "config.params.extra.judges.gpt.api_key holds what looks like a secret key (ending '…WXYZ'); configs carry the NAME of an environment variable only",
    ],
    [
      'a token pasted under any extra key',
      (d) => {
        d.config.params.extra.my_token = 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7';
      },
      checkApiKeyNames,
      'EF_API_KEY_LOOKS_LIKE_SECRET',
      "config.params.extra.my_token holds what looks like a secret key (ending '…p6q7'); configs carry the NAME of an environment variable only",
    ],
    [
      'ehrshot without data',
      (d) => {
        d.config.params.task = 'ehrshot';
      },
      checkDataPath,
      'EF_MISSING_DATA_PATH',
      "The benchmark 'ehrshot' uses gated or private data and needs config.params.extra.data_path and config.params.extra.subject",
    ],
    [
      'n2c2 without subject',
      (d) => {
        d.config.params.task = 'n2c2_ct_matching';
        d.config.params.extra.data_path = '/data/n2c2';
      },
      checkDataPath,
      'EF_MISSING_DATA_PATH',
      "The benchmark 'n2c2_ct_matching' uses gated or private data and needs config.params.extra.subject",
    ],
    [
      'clear without condition',
      (d) => {
        d.config.params.task = 'clear';
        d.config.params.extra.data_path = '/d';
        d.config.params.extra.condition = ' ';
      },
      checkDataPath,
      'EF_MISSING_DATA_PATH',
      "The benchmark 'clear' uses gated or private data and needs config.params.extra.condition",
    ],
    [
      'medalign without data_path',
      (d) => {
        d.config.params.task = 'medalign';
      },
      checkDataPath,
      'EF_MISSING_DATA_PATH',
      "The benchmark 'medalign' uses gated or private data and needs config.params.extra.data_path",
    ],
    [
      'mimic_bhc without data_path',
      (d) => {
        d.config.params.task = 'mimic_bhc';
      },
      checkDataPath,
      'EF_MISSING_DATA_PATH',
      "The benchmark 'mimic_bhc' uses gated or private data and needs config.params.extra.data_path",
    ],
    [
      'judged task without judges',
      (d) => {
        d.config.params.task = 'mtsamples_replicate';
      },
      checkJudgeConfig,
      'EF_JUDGE_CONFIG',
      "The benchmark 'mtsamples_replicate' is scored by LLM judges but config.params.extra.judges has no enabled judge with url and model_id",
    ],
    [
      'judged task with only disabled judges',
      (d) => {
        d.config.params.task = 'mtsamples_replicate';
        d.config.params.extra.judges = { gpt: { enabled: false, url: 'u', model_id: 'm' }, llama: { url: 'u' } };
      },
      checkJudgeConfig,
      'EF_JUDGE_CONFIG',
      "The benchmark 'mtsamples_replicate' is scored by LLM judges but config.params.extra.judges has no enabled judge with url and model_id",
    ],
    [
      'use_nvcf with a plain URL',
      (d) => {
        d.target.api_endpoint.adapter_config.use_nvcf = true;
      },
      checkNvcfUrl,
      'EF_NVCF_URL',
      "adapter_config.use_nvcf is true but target.api_endpoint.url 'http://localhost:8000/v1' is neither an api.nvcf.nvidia.com function URL nor an integrate.api.nvidia.com URL",
    ],
    [
      'limit_samples 2.5',
      (d) => {
        d.config.params.limit_samples = 2.5;
      },
      checkLimitSamples,
      'EF_LIMIT_SAMPLES',
      'config.params.limit_samples must be an integer >= 1 or a fraction strictly between 0 and 1 (got 2.5)',
    ],
    [
      'limit_samples 0',
      (d) => {
        d.config.params.limit_samples = 0;
      },
      checkLimitSamples,
      'EF_LIMIT_SAMPLES',
      'config.params.limit_samples must be an integer >= 1 or a fraction strictly between 0 and 1 (got 0)',
    ],
    [
      'limit_samples negative',
      (d) => {
        d.config.params.limit_samples = -3;
      },
      checkLimitSamples,
      'EF_LIMIT_SAMPLES',
      'config.params.limit_samples must be an integer >= 1 or a fraction strictly between 0 and 1 (got -3)',
    ],
    [
      'model_id with a comma',
      (d) => {
        d.target.api_endpoint.model_id = 'a,b';
      },
      checkModelId,
      'EF_MODEL_ID',
      "target.api_endpoint.model_id 'a,b' must not contain ','",
    ],
    [
      'model_id carrying engine flags',
      (d) => {
        d.target.api_endpoint.model_id = 'm --output-path /x';
      },
      checkModelId,
      'EF_MODEL_ID',
      'target.api_endpoint.model_id "m --output-path /x" must not contain white space or control characters (found " ")',
    ],
    [
      'model_id with a newline',
      (d) => {
        d.target.api_endpoint.model_id = 'm\n--x';
      },
      checkModelId,
      'EF_MODEL_ID',
      'target.api_endpoint.model_id "m\\n--x" must not contain white space or control characters (found "\\n")',
    ],
    [
      'unknown adapter key',
      (d) => {
        d.target.api_endpoint.adapter_config = { use_cachng: true };
      },
      checkAdapterConfig,
      'EF_ADAPTER_CONFIG',
      "target.api_endpoint.adapter_config: Invalid parameter 'use_cachng'.",
    ],
    [
      'adapter key of the wrong type',
      (d) => {
        d.target.api_endpoint.adapter_config = { use_caching: 'yes' };
      },
      checkAdapterConfig,
      'EF_ADAPTER_CONFIG',
      'target.api_endpoint.adapter_config.use_caching: must be boolean',
    ],
    [
      'interceptors',
      (d) => {
        d.target.api_endpoint.adapter_config = { interceptors: [{ name: 'caching' }] };
      },
      checkAdapterConfig,
      'EF_ADAPTER_UNSUPPORTED',
      'target.api_endpoint.adapter_config.interceptors: interceptors are read from the run_config only, not from --overrides',
    ],
    [
      'post_eval_hooks',
      (d) => {
        d.target.api_endpoint.adapter_config = { post_eval_hooks: [] };
      },
      checkAdapterConfig,
      'EF_ADAPTER_UNSUPPORTED',
      'target.api_endpoint.adapter_config.post_eval_hooks: interceptors are read from the run_config only, not from --overrides',
    ],
  ])('%s', (_name, mutate, rule, code, message) => {
    const result = rule(draft(mutate));
    expect(codes(result)).toEqual([code]);
    expect(result.errors[0]!.message.startsWith(message)).toBe(true);
    // runRules reports the same error (nothing shadows it)
    expect(codes(runRules(draft(mutate)))).toContain(code);
  });
});

describe('pasted secrets', () => {
  it.each([
    ['nvapi- key', 'nvapi-Zq3xY7wPq9LmN2bV5cX8kJ4hG6fD1sA0'],
    ['sk- key', 'sk-abcdefghijklmnopqrstuvwxyz123456'],
    ['Bearer header', 'Bearer abcdef123456'],
    ['long letters+digits', 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7'],
  ])('%s: error shows only the last 4 characters', (_name, secret) => {
    const result = checkKeyName('target.api_endpoint.api_key_name', secret);
    expect(codes(result)).toEqual(['EF_API_KEY_LOOKS_LIKE_SECRET']);
    const message = result.errors[0]!.message;
    expect(message).toContain(`…${secret.slice(-4)}`);
    expect(message).not.toContain(secret.slice(0, -4));
    expect(message).toContain('looks like a secret key');
  });

  it.each([
    'NVIDIA_API_KEY',
    'OPENAI_API_KEY',
    '_X',
    'MY_VERY_LONG_ENVIRONMENT_VARIABLE_NAME_FOR_KEYS_2',
  ])('%s is a fine name', (name) => {
    expect(checkKeyName('f', name)).toEqual({ errors: [], warnings: [] });
  });

  it('null means no key (local servers)', () => {
    expect(checkKeyName('f', null).errors).toEqual([]);
  });
});

describe('passing cases', () => {
  it.each<[string, (d: any) => void]>([
    [
      'limit_samples integer',
      (d) => {
        d.config.params.limit_samples = 1000;
      },
    ],
    [
      'limit_samples 1',
      (d) => {
        d.config.params.limit_samples = 1;
      },
    ],
    [
      'limit_samples fraction',
      (d) => {
        d.config.params.limit_samples = 0.25;
      },
    ],
    [
      'hash-shaped values under extra that are not credentials',
      (d) => {
        d.config.params.extra.data_sha256 = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2';
        d.config.params.extra.judges = { gpt: { url: 'u', model_id: 'm', api_key_name: 'GPT_JUDGE_KEY' } };
      },
    ],
    [
      'ehrshot with data_path and subject',
      (d) => {
        d.config.params.task = 'ehrshot';
        d.config.params.extra.data_path = '/d';
        d.config.params.extra.subject = 'lab_anemia';
      },
    ],
    [
      'judged task with one usable judge',
      (d) => {
        d.config.params.task = 'medalign';
        d.config.params.extra.data_path = '/d';
        d.config.params.extra.judges = {
          gpt: { enabled: false, url: 'u', model_id: 'm' },
          llama: { url: 'u', model_id: 'm' },
        };
      },
    ],
    [
      'use_nvcf with a function URL',
      (d) => {
        d.target.api_endpoint.adapter_config.use_nvcf = true;
        d.target.api_endpoint.url = 'https://api.nvcf.nvidia.com/v2/nvcf/pexec/functions/abc-123';
      },
    ],
    [
      'use_nvcf with integrate.api.nvidia.com',
      (d) => {
        d.target.api_endpoint.adapter_config.use_nvcf = true;
        d.target.api_endpoint.url = 'https://integrate.api.nvidia.com/v1';
      },
    ],
    [
      'all implemented adapter keys',
      (d) => {
        d.target.api_endpoint.adapter_config = {
          use_caching: false,
          caching_dir: '/tmp/c',
          params_to_add: { seed: 1 },
          params_to_remove: ['top_p'],
          params_to_rename: { max_tokens: 'max_completion_tokens' },
          max_logged_requests: 5,
          custom_system_prompt: null,
        };
      },
    ],
  ])('%s', (_name, mutate) => {
    expect(runRules(draft(mutate)).errors).toEqual([]);
  });

  it.each<[string, boolean]>([
    ['https://api.nvcf.nvidia.com/v2/nvcf/pexec/functions/f1/versions/v2', true],
    ['https://api.nvcf.nvidia.com/v1/chat/completions', false],
    ['https://integrate.api.nvidia.com/v1/chat/completions', true],
    ['https://evil.example/integrate.api.nvidia.com', false],
    ['not a url', false],
  ])('isNvcfCapableUrl(%s) = %s', (url, expected) => {
    expect(isNvcfCapableUrl(url)).toBe(expected);
  });
});

describe('warnings', () => {
  it('stream: true is accepted with a warning', () => {
    const result = checkStream(
      draft((d) => {
        d.target.api_endpoint.stream = true;
      }),
    );
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.code)).toEqual(['EF_STREAM_IGNORED']);
  });

  it('accepted-but-ignored adapter keys give one warning listing them', () => {
    const result = checkAdapterConfig(
      draft((d) => {
        d.target.api_endpoint.adapter_config = { save_requests: true, mode: 'x', use_caching: true };
      }),
    );
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      {
        code: 'EF_ADAPTER_IGNORED',
        message: 'target.api_endpoint.adapter_config keys accepted, ignored: save_requests, mode',
      },
    ]);
  });

  it('vlm is rewritten to chat with a warning', () => {
    const { evaluation, warnings } = normalizeEndpointType(
      draft((d) => {
        d.target.api_endpoint.type = 'vlm';
      }),
    );
    expect(evaluation.target.api_endpoint.type).toBe('chat');
    expect(warnings.map((w) => w.code)).toEqual(['EF_VLM_DEPRECATED']);
    expect(checkEndpointType(evaluation).errors).toEqual([]);
  });

  it('chat is left alone', () => {
    const input = draft();
    expect(normalizeEndpointType(input)).toEqual({ evaluation: input, warnings: [] });
  });
});

describe('renameUseReasoning', () => {
  const layer = (adapter: object) => ({ target: { api_endpoint: { adapter_config: adapter } } });
  const adapterOf = (l: any) => l.target.api_endpoint.adapter_config;

  it.each<[string, object, boolean, object]>([
    ['old name alone is honoured', { use_reasoning: true }, false, { process_reasoning_traces: true }],
    [
      'new name wins inside one layer',
      { use_reasoning: true, process_reasoning_traces: false },
      false,
      { process_reasoning_traces: false },
    ],
    [
      'old name wins in the final pass (it came from --overrides)',
      { use_reasoning: true, process_reasoning_traces: false },
      true,
      { process_reasoning_traces: true },
    ],
    ['null old name is just dropped', { use_reasoning: null }, false, {}],
  ])('%s', (_name, adapter, oldWins, expected) => {
    const { layer: out, warnings } = renameUseReasoning(layer(adapter), oldWins);
    expect(adapterOf(out)).toEqual(expected);
    expect(warnings.map((w) => w.code)).toEqual(['EF_ADAPTER_DEPRECATED']);
  });

  it('no-op without use_reasoning', () => {
    const input = layer({ use_caching: true });
    expect(renameUseReasoning(input, false)).toEqual({ layer: input, warnings: [] });
  });
});
