/** Builders for tests: a minimal merged Evaluation with the fields the generator reads. Not exported by index.ts. */
import type { ApiEndpointInput, EvaluationInput, JudgeInput } from './evaluation.js';

export function makeEvaluation(
  endpoint: Partial<ApiEndpointInput> = {},
  extra: Readonly<Record<string, unknown>> & { judges?: Record<string, JudgeInput | null> } = {},
): EvaluationInput {
  return {
    command: 'ef-bench run',
    framework_name: 'helm',
    pkg_name: 'eval_factory_engine',
    config: {
      type: 'medcalc_bench',
      output_dir: '/tmp/out',
      params: {
        task: 'medcalc_bench',
        extra: {
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
        adapter_config: { use_nvcf: false },
        ...endpoint,
      },
    },
  };
}

/** The default judge roster of docs/configuration.md#judges (example hosts). */
export const DEFAULT_JUDGES: Record<string, JudgeInput> = {
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
