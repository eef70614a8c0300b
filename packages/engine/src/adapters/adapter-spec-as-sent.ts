/** The adapter spec the HELM files record: what the requests actually used (docs/configuration.md#compatibility). */
import type { AdapterSpec, HelmAdapterSpec, PromptRequest } from '@eval-factory/types';

/**
 * `adapter` with the settings every request of the run was sent with: `max_tokens` (after `num_output_tokens` or
 * `max_new_tokens`), `temperature` (after `--temperature`), and for generation the stop sequences sent. MCQ-joint
 * keeps its spec's stop sequences, as HELM records them (its adapter never sends them). `max_eval_instances` is the
 * run's limit when it is a whole number of instances, as HELM's `--max-eval-instances` records it.
 * @example adapterSpecAsSent(spec, { ...request, max_tokens: 1000 }, 1000).max_tokens // 1000
 */
export function adapterSpecAsSent(
  adapter: AdapterSpec,
  sent: PromptRequest | undefined,
  maxEvalInstances: number | null,
): HelmAdapterSpec {
  const limit =
    maxEvalInstances !== null && Number.isInteger(maxEvalInstances) && maxEvalInstances >= 1
      ? { max_eval_instances: maxEvalInstances }
      : {};
  if (!sent) return { ...adapter, ...limit };
  return {
    ...adapter,
    temperature: sent.temperature,
    max_tokens: sent.max_tokens,
    stop_sequences: adapter.method === 'generation' ? [...sent.stop] : adapter.stop_sequences,
    ...limit,
  };
}
