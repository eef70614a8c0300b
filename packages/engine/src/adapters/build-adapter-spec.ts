/** HELM's adapter-spec builders (docs/architecture.md): the only way benchmarks get an `AdapterSpec`. */
import type { AdapterSpec, PromptSpec } from '@eval-factory/types';

/** Fields every shipped benchmark shares (HELM `AdapterSpec` defaults that the builders do not change). */
const COMMON = {
  global_prefix: '',
  global_suffix: '',
  reference_prefix: 'A. ',
  reference_suffix: '\n',
  output_suffix: '\n',
  instance_prefix: '\n',
  substitutions: [],
  num_train_trials: 1,
  sample_train: true,
  eval_splits: ['valid', 'test'],
  multi_label: false,
} as const;

/** HELM `format_instructions`: a non-empty text gets one trailing newline. */
function formatInstructions(instructions: string): string {
  return instructions === '' ? '' : `${instructions}\n`;
}

/** `noun + ": "` (or `":\n"`); `null` means no noun at all, while `""` is a real noun giving `": "`. */
function nounPrefix(noun: string | null, newlineAfter = false): string {
  if (noun === null) return '';
  return `${noun}:${newlineAfter ? '\n' : ' '}`;
}

function buildGeneration(spec: PromptSpec): AdapterSpec {
  return {
    ...COMMON,
    method: 'generation',
    instructions: formatInstructions(spec.instructions),
    input_prefix: nounPrefix(spec.input_noun, spec.newline_after_input_noun ?? false),
    input_suffix: '\n',
    output_prefix: nounPrefix(spec.output_noun),
    max_train_instances: spec.max_train_instances ?? 0,
    num_outputs: 1,
    temperature: spec.temperature ?? 0,
    max_tokens: spec.max_tokens,
    stop_sequences: spec.stop_sequences ?? ['\n'],
  };
}

function buildMultipleChoiceJoint(spec: PromptSpec): AdapterSpec {
  return {
    ...COMMON,
    method: 'multiple_choice_joint',
    instructions: formatInstructions(spec.instructions),
    input_prefix: nounPrefix(spec.input_noun),
    // Without an input noun HELM also drops the newline after the input: options follow the text directly.
    input_suffix: spec.input_noun === null ? '' : '\n',
    // HELM would write Python's "None: " for a missing output noun; no benchmark has one, so treat it as none.
    output_prefix: nounPrefix(spec.output_noun),
    max_train_instances: spec.max_train_instances ?? 0,
    num_outputs: 5,
    temperature: spec.temperature ?? 0,
    max_tokens: spec.max_tokens,
    // Kept for the record only: MCQ-joint requests never send stop sequences (docs/architecture.md).
    stop_sequences: spec.stop_sequences ?? ['\n'],
  };
}

/**
 * Derives the HELM `AdapterSpec` from a benchmark's prompt spec with the generation or MCQ-joint builder.
 * @example buildAdapterSpec({ method: 'multiple_choice_joint', instructions: 'Pick one.', input_noun: 'Question',
 *   output_noun: 'Answer', max_tokens: 1 }).output_prefix // 'Answer: '
 */
export function buildAdapterSpec(spec: PromptSpec): AdapterSpec {
  return spec.method === 'generation' ? buildGeneration(spec) : buildMultipleChoiceJoint(spec);
}
