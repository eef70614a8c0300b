/** Prompt construction contracts (docs/architecture.md). */

export type AdapterMethod = 'multiple_choice_joint' | 'generation';

/** Wording that the project ships as data and users may replace with `--prompt-texts` (docs/architecture.md). */
export interface PromptTexts {
  readonly instructions: string;
  /** `null` = no input noun (no prefix); `""` is a real noun and gives the prefix `": "`. */
  readonly input_noun: string | null;
  readonly output_noun: string | null;
}

/** Inputs of HELM's adapter-spec builders (docs/architecture.md). */
export interface PromptSpec extends PromptTexts {
  readonly method: AdapterMethod;
  readonly newline_after_input_noun?: boolean;
  readonly max_tokens: number;
  readonly stop_sequences?: readonly string[];
  readonly temperature?: number;
  readonly max_train_instances?: number;
}

/** HELM `AdapterSpec` fields (docs/architecture.md), as derived by a builder. */
export interface AdapterSpec {
  readonly method: AdapterMethod;
  readonly global_prefix: string;
  readonly global_suffix: string;
  readonly instructions: string;
  readonly input_prefix: string;
  readonly input_suffix: string;
  readonly reference_prefix: string;
  readonly reference_suffix: string;
  readonly output_prefix: string;
  readonly output_suffix: string;
  readonly instance_prefix: string;
  readonly substitutions: readonly { source: string; target: string }[];
  readonly max_train_instances: number;
  readonly num_outputs: number;
  readonly num_train_trials: number;
  readonly sample_train: boolean;
  readonly eval_splits: readonly string[];
  readonly multi_label: boolean;
  readonly temperature: number;
  readonly max_tokens: number;
  /** The stop sequences of the spec; MCQ-joint requests never send them (docs/architecture.md). */
  readonly stop_sequences: readonly string[];
}

/**
 * The adapter spec a run's HELM files record: the benchmark's spec with every setting the requests actually used
 * (max_tokens after num_output_tokens / max_new_tokens, temperature, stop sequences sent) and HELM's
 * `max_eval_instances` when the run was limited (docs/configuration.md#compatibility).
 */
export interface HelmAdapterSpec extends AdapterSpec {
  readonly max_eval_instances?: number;
}

/** One request to the model, before transport details (docs/architecture.md). */
export interface PromptRequest {
  readonly instance_id: string;
  readonly train_trial_index: number;
  readonly prompt: string;
  readonly temperature: number;
  readonly max_tokens: number;
  /** Stop sequences actually sent (always `[]` for MCQ joint). */
  readonly stop: readonly string[];
  readonly top_p: number | null;
  readonly num_completions: number;
  readonly top_k_per_token: number;
  /** MCQ joint: `{"A": text of reference 0, …}`. */
  readonly output_mapping?: Readonly<Record<string, string>>;
  readonly salt?: string;
}
