import { describe, expect, it } from '@jest/globals';
import { resolve, runConfig, thrown } from '../test-support.js';

/** The resolved adapter_config of a run_config whose adapter_config is `adapter`. */
function adapterOf(adapter: object): Record<string, unknown> {
  const { evaluation } = resolve({ runConfig: runConfig({ target: { api_endpoint: { adapter_config: adapter } } }) });
  return evaluation.target.api_endpoint.adapter_config as Record<string, unknown>;
}

describe('interceptor-style adapter_config', () => {
  it("the launcher example's interceptors become the flat keys the engine applies", () => {
    const adapter = adapterOf({
      interceptors: [
        { name: 'payload_modifier', config: { params_to_add: { seed: 7 }, params_to_remove: ['top_p'] } },
        { name: 'system_message', enabled: true, config: { system_message: 'Be brief.' } },
        { name: 'request_logging', config: { max_requests: 1 } },
        { name: 'caching', config: { cache_dir: '/results/cache', reuse_cached_responses: true } },
        { name: 'reasoning', config: { end_reasoning_token: '</r>', enable_reasoning_tracking: true } },
        'endpoint',
        { name: 'response_stats' },
        { name: 'response_logging', config: { max_responses: 3 } },
      ],
    });
    expect(adapter).toMatchObject({
      params_to_add: { seed: 7 },
      params_to_remove: ['top_p'],
      use_system_prompt: true,
      custom_system_prompt: 'Be brief.',
      use_request_logging: true,
      max_logged_requests: 1,
      caching_dir: '/results/cache',
      use_caching: true,
      process_reasoning_traces: true,
      end_reasoning_token: '</r>',
      tracking_requests_stats: true,
      use_response_logging: true,
      max_logged_responses: 3,
    });
    expect(adapter).not.toHaveProperty('interceptors');
  });

  it('a disabled interceptor changes nothing; nvcf is the NVCF mode, with its URL check', () => {
    const adapter = adapterOf({
      interceptors: [{ name: 'system_message', enabled: false, config: { system_message: 'x' } }, 'endpoint'],
    });
    expect(adapter.use_system_prompt).not.toBe(true);
    expect(adapter.custom_system_prompt).not.toBe('x');
    expect(thrown(() => adapterOf({ interceptors: ['nvcf'] })).code).toBe('EF_NVCF_URL');
  });

  it('progress_tracking and post_eval_report are accepted with the "accepted, ignored" warning', () => {
    const { warnings } = resolve({
      runConfig: runConfig({
        target: {
          api_endpoint: {
            adapter_config: { interceptors: ['endpoint', 'progress_tracking'], post_eval_hooks: ['post_eval_report'] },
          },
        },
      }),
    });
    const ignored = warnings.find((w) => w.code === 'EF_ADAPTER_IGNORED');
    expect(ignored?.message).toContain('use_progress_tracking');
    expect(ignored?.message).toContain('generate_html_report');
  });

  it.each([
    [
      'unknown field',
      { interceptors: [{ name: 'caching', config: { cachedir: '/x' } }] },
      'EF_ADAPTER_CONFIG',
      "target.api_endpoint.adapter_config.interceptors[0] (run_config).config: 'caching' has no field 'cachedir'; its fields: cache_dir, reuse_cached_responses, save_requests, save_responses, max_saved_requests, max_saved_responses",
    ],
    [
      'mixed with flat keys',
      { use_caching: false, interceptors: ['endpoint'] },
      'EF_ADAPTER_CONFIG',
      'target.api_endpoint.adapter_config (run_config): flat keys (use_caching) cannot be mixed with interceptors; configure them as interceptors',
    ],
    [
      'bad strategy',
      { interceptors: [{ name: 'system_message', config: { system_message: 'x', strategy: 'middle' } }] },
      'EF_ADAPTER_CONFIG',
      'target.api_endpoint.adapter_config.interceptors[0] (run_config).config.strategy: must be one of prepend, append, replace',
    ],
    [
      'wrong value type (checked by the flat rule)',
      { interceptors: [{ name: 'request_logging', config: { max_requests: 'two' } }] },
      'EF_ADAPTER_CONFIG',
      'target.api_endpoint.adapter_config.max_logged_requests: must be integer >= 0',
    ],
    [
      'unsupported hook',
      { post_eval_hooks: ['upload'] },
      'EF_ADAPTER_UNSUPPORTED',
      "target.api_endpoint.adapter_config.post_eval_hooks[0] (run_config): 'upload' is not supported here; supported: post_eval_report",
    ],
  ])('%s → %s', (_name, adapter, code, message) => {
    const error = thrown(() => adapterOf(adapter));
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.hint).toBeTruthy();
  });
});
