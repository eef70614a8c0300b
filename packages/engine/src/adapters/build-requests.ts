/** Turns selected instances into model requests (docs/architecture.md). */
import type { AdapterSpec, Instance, PromptRequest } from '@eval-factory/types';
import { assemblePrompt } from './assemble-prompt.js';

export interface BuildRequestsOptions {
  /** Trials per instance (forced to 1 by the caller for zero-shot benchmarks, docs/architecture.md). */
  readonly numTrials: number;
  /** `--max-new-tokens`: replaces every request's max_tokens (run not HELM-compatible); wins over numOutputTokens. */
  readonly maxTokensOverride?: number;
  /** `--temperature`: replaces the adapter's temperature (run not HELM-compatible). */
  readonly temperatureOverride?: number;
  /** `--top-p`; unset means top_p is not sent (HELM default 1). */
  readonly topP?: number;
  /** `--num-output-tokens` (HELM's reasoning-model variant): replaces max_tokens, stays HELM-compatible. */
  readonly numOutputTokens?: number;
  /** In-context examples of a trial; none for the shipped zero-shot benchmarks. */
  readonly trainInstancesForTrial?: (trial: number) => readonly Instance[];
}

/** `top_k_per_token` of MCQ-joint requests: HELM passes the builder's num_outputs (5); only logprob APIs use it. */
const MCQ_TOP_K_PER_TOKEN = 5;

/** Trial 0 carries no salt so its cache entries are shared with single-trial runs; repeats get "1", "2", …. */
function saltFor(trial: number): { salt?: string } {
  return trial === 0 ? {} : { salt: String(trial) };
}

function requestSettings(adapter: AdapterSpec, opts: BuildRequestsOptions) {
  const isMcq = adapter.method === 'multiple_choice_joint';
  return {
    temperature: opts.temperatureOverride ?? adapter.temperature,
    max_tokens: opts.maxTokensOverride ?? opts.numOutputTokens ?? adapter.max_tokens,
    // HELM's MCQ-joint adapter always sends [] whatever its spec says.
    stop: isMcq ? [] : [...adapter.stop_sequences],
    top_p: opts.topP ?? null,
    num_completions: 1,
    top_k_per_token: isMcq ? MCQ_TOP_K_PER_TOKEN : 1,
  };
}

/**
 * One request per instance and trial, trial-major like HELM (all instances of trial 0, then of trial 1, …), each
 * trial in selection order.
 * @example buildRequests(adapter, selected, { numTrials: 1 }).length // selected.length
 */
export function buildRequests(
  adapter: AdapterSpec,
  instances: readonly Instance[],
  opts: BuildRequestsOptions,
): PromptRequest[] {
  const settings = requestSettings(adapter, opts);
  const requests: PromptRequest[] = [];
  for (let trial = 0; trial < opts.numTrials; trial++) {
    const train = opts.trainInstancesForTrial?.(trial) ?? [];
    for (const instance of instances) {
      const { prompt, output_mapping } = assemblePrompt(adapter, instance, train);
      requests.push({
        instance_id: instance.id,
        train_trial_index: trial,
        prompt,
        ...settings,
        ...(output_mapping === undefined ? {} : { output_mapping }),
        ...saltFor(trial),
      });
    }
  }
  return requests;
}
