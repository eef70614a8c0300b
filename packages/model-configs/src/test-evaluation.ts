/** Builders for tests: a minimal merged Evaluation with the fields the generator reads. Not exported by index.ts. */
import type { ApiEndpoint, Evaluation, JudgeConfig } from '@eval-factory/types';

export function makeEvaluation(
  endpoint: Partial<ApiEndpoint> = {},
  extra: Readonly<Record<string, unknown>> & { judges?: Record<string, JudgeConfig | null> } = {},
): Evaluation {
  return {
    command: 'ef-bench run',
    framework_name: 'helm',
    pkg_name: 'eval_factory_engine',
    config: {
      type: 'medcalc_bench',
      output_dir: '/tmp/out',
      supported_endpoint_types: ['chat', 'completions'],
      params: {
        limit_samples: null,
        parallelism: null,
        max_new_tokens: null,
        temperature: null,
        top_p: null,
        max_retries: null,
        request_timeout: null,
        task: 'medcalc_bench',
        extra: {
          num_train_trials: null,
          max_length: null,
          num_output_tokens: null,
          data_path: null,
          subject: null,
          condition: null,
          subset: null,
          report_corrected: null,
          prompt_texts: null,
          max_failure_rate: null,
          allow_data_drift: null,
          requests_per_minute: null,
          tokens_per_minute: null,
          benchmark: null,
          gpt_judge_api_key: 'GPT_JUDGE_API_KEY',
          llama_judge_api_key: 'LLAMA_JUDGE_API_KEY',
          claude_judge_api_key: 'CLAUDE_JUDGE_API_KEY',
          judges: {},
          ...extra,
        },
      },
    },
    target: {
      api_endpoint: {
        url: 'http://localhost:8000/v1',
        model_id: 'served-model',
        type: 'chat',
        api_key_name: null,
        adapter_config: { use_nvcf: false },
        ...endpoint,
      },
    },
  };
}

/** The default judge roster of docs/configuration.md#judges (example hosts). */
export const DEFAULT_JUDGES: Record<string, JudgeConfig> = {
  claude: {
    provider: 'nvidia_anthropic',
    url: 'https://prod.api.nvidia.com/llm/v1/azure/',
    model_id: 'claude-3-7-sonnet-20250219',
    auth: 'auto',
    oauth_service: 'anthropic',
  },
  gpt: {
    enabled: true,
    provider: 'openai_compatible',
    url: 'https://prod.api.nvidia.com/llm/v1/azure/',
    model_id: 'gpt-4o',
    auth: 'auto',
    oauth_service: 'openai',
    max_tokens: 4096,
    temperature: 0,
  },
  llama: {
    provider: 'openai_compatible',
    url: 'https://integrate.api.nvidia.com/v1',
    model_id: 'nvdev/meta/llama-3.3-70b-instruct',
    auth: 'api_key',
  },
};
