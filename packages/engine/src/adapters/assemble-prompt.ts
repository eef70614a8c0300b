/** Prompt assembly (docs/architecture.md), mirroring HELM's in-context-learning adapters. */
import { CORRECT_TAG, type AdapterSpec, type Instance } from '@eval-factory/types';
import { pyRstrip } from '@eval-factory/metrics';

export interface AssembledPrompt {
  readonly prompt: string;
  /** MCQ joint only: `{"A": text of reference 0, …}`. */
  readonly output_mapping?: Readonly<Record<string, string>>;
}

/** What a training example shows after its output prefix when no reference is correct. */
const NO_CORRECT_REFERENCE = 'n/a';

/** HELM `get_reference_prefix`: every `A` in `prefix` becomes the i-th letter (`A`, `B`, …). */
function referencePrefix(prefix: string, index: number): string {
  // Made once per prefix and letter: a request's prompt is assembled each time it is read.
  let byIndex = PREFIXES.get(prefix);
  if (byIndex === undefined) {
    byIndex = [];
    if (PREFIXES.size < MAX_PREFIXES) PREFIXES.set(prefix, byIndex);
  }
  return (byIndex[index] ??= prefix.replaceAll('A', String.fromCharCode('A'.charCodeAt(0) + index)));
}

const PREFIXES = new Map<string, string[]>();
/** A run has one or two prefixes (the adapter's and `A`); a bound keeps an odd caller from growing the map. */
const MAX_PREFIXES = 64;

function correctIndexes(instance: Instance): number[] {
  return instance.references.flatMap((r, i) => (r.tags.includes(CORRECT_TAG) ? [i] : []));
}

/** The gold output of a training example: letter(s) for MCQ, reference text(s) for generation, or `n/a`. */
function goldOutput(adapter: AdapterSpec, instance: Instance): string {
  const correct = correctIndexes(instance);
  if (correct.length === 0) return NO_CORRECT_REFERENCE;
  const shown = adapter.multi_label ? correct : correct.slice(0, 1);
  const render =
    adapter.method === 'multiple_choice_joint'
      ? (i: number) => referencePrefix('A', i)
      : (i: number) => instance.references[i]!.output.text;
  return shown.map(render).join(', ');
}

function optionsBlock(adapter: AdapterSpec, instance: Instance): string {
  if (adapter.method !== 'multiple_choice_joint') return '';
  return instance.references
    .map((r, i) => referencePrefix(adapter.reference_prefix, i) + r.output.text + adapter.reference_suffix)
    .join('');
}

/** One example: input, options (MCQ), then either the gold output (training) or the bare output noun (eval). */
function exampleBlock(adapter: AdapterSpec, instance: Instance, includeOutput: boolean): string {
  const head = adapter.input_prefix + instance.input.text + adapter.input_suffix + optionsBlock(adapter, instance);
  if (includeOutput) return head + adapter.output_prefix + goldOutput(adapter, instance) + adapter.output_suffix;
  return head + pyRstrip(adapter.output_prefix);
}

/** MCQ joint: `{"A": text of reference 0, …}`, what a letter answer maps to. */
export function outputMapping(instance: Instance): Record<string, string> {
  return Object.fromEntries(instance.references.map((r, i) => [referencePrefix('A', i), r.output.text]));
}

/** Applies `substitutions` in order; targets are literal text (no `$1` expansion). */
function applySubstitutions(adapter: AdapterSpec, prompt: string): string {
  return adapter.substitutions.reduce(
    (text, { source, target }) => text.replace(new RegExp(source, 'g'), () => target),
    prompt,
  );
}

/**
 * Builds the prompt text for one eval instance, with optional in-context examples.
 * @example assemblePrompt(adapter, instance).prompt // 'Instructions\n\nQuestion: …\nA. yes\nB. no\nAnswer:'
 */
export function assemblePrompt(
  adapter: AdapterSpec,
  instance: Instance,
  trainInstances: readonly Instance[] = [],
): AssembledPrompt {
  const prompt = promptText(adapter, instance, trainInstances);
  if (adapter.method !== 'multiple_choice_joint') return { prompt };
  return { prompt, output_mapping: outputMapping(instance) };
}

/**
 * The prompt alone, without the MCQ output mapping: a request's `prompt` is assembled each time it is read (a few
 * times per request), and its mapping, built once per request, would be thrown away each time.
 */
export function promptText(adapter: AdapterSpec, instance: Instance, trainInstances: readonly Instance[]): string {
  const blocks: string[] = [];
  if (adapter.instructions !== '') blocks.push(adapter.instructions);
  for (const example of trainInstances) blocks.push(exampleBlock(adapter, example, true));
  blocks.push(exampleBlock(adapter, instance, false));
  return applySubstitutions(
    adapter,
    adapter.global_prefix + blocks.join(adapter.instance_prefix) + adapter.global_suffix,
  );
}
