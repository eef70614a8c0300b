/** resolveEvaluation: the errors of §5.2 in order, and the warnings. */
import { describe, it, expect } from '@jest/globals';
import type { ResolveInput } from './resolve.js';
import { loadFramework, type FrameworkDefinition } from './framework.js';
import { resolve, runConfig, thrown } from './test-support.js';

/** The repository's framework.yml with some tasks marked `available: false` (every task is available today). */
function withUnavailable(...names: string[]): FrameworkDefinition {
  const fw = loadFramework();
  return { ...fw, evaluations: fw.evaluations.map((e) => (names.includes(e.name) ? { ...e, available: false } : e)) };
}

describe('resolveEvaluation: errors in §5.2 order', () => {
  it.each<[string, Partial<ResolveInput>, string, string]>([
    [
      'no type',
      { runConfig: { config: { output_dir: 'o' } } },
      'EF_MISSING_ARG',
      'Missing required argument: config.type (cli: --eval_type)',
    ],
    [
      'no output_dir',
      { flags: { eval_type: 'pubmed_qa' } },
      'EF_MISSING_ARG',
      'Missing required argument: config.output_dir (cli: --output_dir)',
    ],
    [
      'type checked before output_dir',
      { runConfig: null },
      'EF_MISSING_ARG',
      'Missing required argument: config.type (cli: --eval_type)',
    ],
    [
      'not available',
      {
        framework: withUnavailable('mtsamples_replicate'),
        runConfig: runConfig({ config: { type: 'mtsamples_replicate' } }),
      },
      'EF_TASK_NOT_AVAILABLE',
      "Task 'mtsamples_replicate' is not yet available in this version of eval-factory",
    ],
    [
      'not available, qualified',
      { framework: withUnavailable('medalign'), runConfig: runConfig({ config: { type: 'helm.medalign' } }) },
      'EF_TASK_NOT_AVAILABLE',
      "Task 'medalign' is not yet available in this version of eval-factory",
    ],
    [
      'unknown framework',
      { runConfig: runConfig({ config: { type: 'lm_eval.pubmed_qa' } }) },
      'EF_UNKNOWN_FRAMEWORK',
      'Unknown framework lm_eval. Frameworks available: helm',
    ],
    [
      'unknown evaluation',
      { runConfig: runConfig({ config: { type: 'mmlu' } }) },
      'EF_UNKNOWN_EVALUATION',
      'Unknown evaluation mmlu. Evaluations available: pubmed_qa, head_qa, medbullets, medcalc_bench, medec, ehr_sql, race_based_med, medhallu, mtsamples_replicate, ehrshot, clear, medalign, n2c2_ct_matching, ' +
        'medhelm_med_qa, medication_qa, medi_qa, aci_bench, mtsamples_procedures, med_dialog, med_dialog_healthcaremagic, med_dialog_icliniq, medhelm_med_mcqa, mimic_rrs, mimic_bhc, mimiciv_billing_code, dischargeme',
    ],
    [
      'run_config not a mapping',
      { runConfig: ['a'], flags: { eval_type: 'pubmed_qa', output_dir: 'o' } },
      'EF_CONFIG_INVALID',
      'run_config: expected a mapping at the top level',
    ],
    [
      'typo in params',
      { runConfig: runConfig({ config: { params: { limit_sample: 5 } } }) },
      'EF_CONFIG_INVALID',
      "Invalid configuration (run_config): config.params: Invalid parameter 'limit_sample'. Valid params: [limit_samples, parallelism, max_new_tokens, temperature, top_p, max_retries, request_timeout, task, extra]",
    ],
    [
      'typo via --overrides',
      { runConfig: runConfig(), overrides: ['target.api_endpoint.modelid=x'] },
      'EF_CONFIG_INVALID',
      "Invalid configuration (run_config): target.api_endpoint: Invalid parameter 'modelid'. Valid params: [url, model_id, type, api_key_name, api_key, stream, headers, adapter_config, helm_model, helm_deployment]",
    ],
    [
      'missing endpoint',
      { flags: { eval_type: 'pubmed_qa', output_dir: 'o', model_id: 'm', model_type: 'chat' } },
      'EF_MISSING_ENDPOINT',
      'target.api_endpoint.url (CLI: --model_url) should be defined to run model evaluation!',
    ],
    [
      'bad limit_samples',
      { runConfig: runConfig({ config: { params: { limit_samples: 2.5 } } }) },
      'EF_LIMIT_SAMPLES',
      'config.params.limit_samples must be an integer >= 1 or a fraction strictly between 0 and 1 (got 2.5)',
    ],
    [
      'unsupported type',
      { runConfig: runConfig({ target: { api_endpoint: { type: 'embedding' } } }) },
      'EF_ENDPOINT_TYPE',
      "The benchmark 'pubmed_qa' does not support the model type 'embedding'. The benchmark supports '[chat, completions]'.",
    ],
    [
      'unsupported interceptor',
      { runConfig: runConfig({ target: { api_endpoint: { adapter_config: { interceptors: ['omni_info'] } } } }) },
      'EF_ADAPTER_UNSUPPORTED',
      "target.api_endpoint.adapter_config.interceptors[0] (run_config): 'omni_info' is not supported here; supported: system_message, payload_modifier, request_logging, response_logging, caching, reasoning, endpoint, nvcf, response_stats, progress_tracking, raise_client_errors",
    ],
    [
      'bad override',
      { runConfig: runConfig(), overrides: ['config.params.limit_samples'] },
      'EF_OVERRIDE_SYNTAX',
      "--overrides fragment 'config.params.limit_samples' has no '=' (expected dotted.path=value)",
    ],
  ])('%s → %s', (_name, input, code, message) => {
    const error = thrown(() => resolve(input));
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.hint).toBeTruthy();
  });

  it('several schema errors come as one message', () => {
    const error = thrown(() =>
      resolve({ runConfig: runConfig({ config: { params: { parallelism: 0, temperature: 'hot' } } }) }),
    );
    expect(error.code).toBe('EF_CONFIG_INVALID');
    expect(error.message).toBe(
      'Invalid configuration (run_config), 2 errors: config.params.parallelism: must be >= 1; config.params.temperature: must be number or null',
    );
  });

  it('several rule errors: the first decides the code, the others follow on the same line', () => {
    const error = thrown(() =>
      resolve({ runConfig: runConfig({ target: { api_endpoint: { url: null, model_id: 'a,b' } } }) }),
    );
    expect(error.code).toBe('EF_MISSING_ENDPOINT');
    expect(error.message).toBe(
      "target.api_endpoint.url (CLI: --model_url) should be defined to run model evaluation! (also: [EF_MODEL_ID] target.api_endpoint.model_id 'a,b' must not contain ',')",
    );
  });
});

describe('resolveEvaluation: warnings', () => {
  it.each<[string, Partial<ResolveInput>, string]>([
    [
      'unused extra parameter',
      { runConfig: runConfig({ config: { params: { extra: { my_flag: 1 } } } }) },
      'EF_UNUSED_PARAMS',
    ],
    ['vlm alias', { runConfig: runConfig({ target: { api_endpoint: { type: 'vlm' } } }) }, 'EF_VLM_DEPRECATED'],
    ['stream: true', { runConfig: runConfig({ target: { api_endpoint: { stream: true } } }) }, 'EF_STREAM_IGNORED'],
    [
      'ignored adapter key',
      { runConfig: runConfig({ target: { api_endpoint: { adapter_config: { save_responses: true } } } }) },
      'EF_ADAPTER_IGNORED',
    ],
    [
      'use_reasoning',
      { runConfig: runConfig({ target: { api_endpoint: { adapter_config: { use_reasoning: true } } } }) },
      'EF_ADAPTER_DEPRECATED',
    ],
  ])('%s → %s', (_name, input, code) => {
    expect(resolve(input).warnings.map((w) => w.code)).toEqual([code]);
  });

  it('the unused-parameter warning names the parameter', () => {
    const [warning] = resolve({ runConfig: runConfig({ config: { params: { extra: { my_flag: 1 } } } }) }).warnings;
    expect(warning!.message).toBe(
      'Configuration contains parameter(s) that are not used in the command template: config.params.extra.my_flag',
    );
  });

  it('use_reasoning is honoured as process_reasoning_traces', () => {
    const { evaluation } = resolve({
      runConfig: runConfig({ target: { api_endpoint: { adapter_config: { use_reasoning: true } } } }),
    });
    expect(evaluation.target.api_endpoint.adapter_config).toMatchObject({ process_reasoning_traces: true });
    expect('use_reasoning' in evaluation.target.api_endpoint.adapter_config).toBe(false);
  });

  it('vlm becomes chat', () => {
    expect(
      resolve({ runConfig: runConfig({ target: { api_endpoint: { type: 'vlm' } } }) }).evaluation.target.api_endpoint
        .type,
    ).toBe('chat');
  });
});
