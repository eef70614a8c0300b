/**
 * MedHELM's configurable benchmark YAML (stanford-crfm/helm `run_specs/medhelm/benchmark_config.py` and
 * `scenarios/medhelm_configurable_scenario.py`) → CustomSpec, keeping HELM's semantics:
 *
 * - the prompt file is a Python format string with `{column}` fields, filled from the CSV row as pandas reads it;
 * - references: `correct_answer` (tagged correct), then each item of the JSON-list `incorrect_answers`; the
 *   `correct_answer` column may be absent only when `jury_score` is the sole metric; a `category` column becomes
 *   the instance sub_split;
 * - the main metric is the one marked `main: true`, else the first; `exact_match` is HELM's whole exact-match
 *   family; `jury_score` needs `prompt_file` (the rubric, with a `<rubric_criteria>` block) and `judges`;
 * - the adapter is HELM's generation builder with no instructions and no nouns, `max_tokens` (default 1024), no
 *   stop sequences, zero-shot: the prompt is the filled template plus a newline.
 *
 * Deliberate differences (documented in docs/custom-benchmarks.md): a `{field}` the CSV lacks is an error (HELM
 * fills ""); files are looked up next to the YAML first, then in the working directory (HELM: working directory
 * only); the `judges` list names HELM deployments, so the run's configured jury (extra.judges) judges instead.
 */
import type { PromptSpec } from '@eval-factory/types';
import type { RawDefinition } from './read-definition.js';
import { parseRubric } from './rubric.js';
import { fieldError, locate, readTemplateFile } from './sources.js';
import type { CustomSpec, RubricSpec } from './spec.js';

interface MedhelmMetric {
  readonly name: string;
  readonly main?: boolean;
  readonly prompt_file?: string;
  readonly judges?: readonly { readonly name: string; readonly model_name: string }[];
}

const KNOWN_KEYS = new Set(['name', 'description', 'prompt_file', 'dataset_file', 'max_tokens', 'metrics']);
const SUPPORTED = new Set(['exact_match', 'jury_score', 'rouge_1', 'rouge_2', 'rouge_l']);
const BERTSCORE = new Set(['BERTScore-P', 'BERTScore-R', 'BERTScore-F']);
/** HELM `BenchmarkConfig.max_tokens` default. */
export const MEDHELM_DEFAULT_MAX_TOKENS = 1024;

function metricNames(raw: RawDefinition, metrics: readonly MedhelmMetric[]): string[] {
  return metrics.map((m, i) => {
    if (BERTSCORE.has(m.name))
      throw fieldError(
        raw,
        'EF_CUSTOM_METRIC',
        ['metrics', i, 'name'],
        `${m.name} needs a BERT model on a GPU and is not supported`,
        'Remove the BERTScore metrics; exact_match, rouge_1, rouge_2, rouge_l and jury_score are supported.',
      );
    if (!SUPPORTED.has(m.name))
      throw fieldError(
        raw,
        'EF_CUSTOM_METRIC',
        ['metrics', i, 'name'],
        `unknown metric name ${m.name} (MedHELM knows exact_match, jury_score, rouge_1, rouge_2, rouge_l)`,
      );
    return m.name;
  });
}

function mainMetric(raw: RawDefinition, metrics: readonly MedhelmMetric[]): string {
  const marked = metrics.flatMap((m, i) => (m.main ? [i] : []));
  if (marked.length > 1)
    throw fieldError(
      raw,
      'EF_CUSTOM_METRIC',
      ['metrics', marked[1]!, 'main'],
      `several metrics are marked main (${marked.map((i) => metrics[i]!.name).join(', ')})`,
    );
  return metrics[marked[0] ?? 0]!.name;
}

function rubric(raw: RawDefinition, metrics: readonly MedhelmMetric[]): RubricSpec | null {
  const index = metrics.findIndex((m) => m.name === 'jury_score');
  if (index < 0) return null;
  const { text, file } = readTemplateFile(raw, ['metrics', index, 'prompt_file'], metrics[index]!.prompt_file!, true);
  return parseRubric(text, file, raw.file);
}

/**
 * @example medhelmSpec(readDefinition('/m/exact_match_demo.yaml')).prompt.output_noun // null
 */
export function medhelmSpec(raw: RawDefinition): CustomSpec {
  const v = raw.value;
  const metrics = v.metrics as MedhelmMetric[];
  const names = metricNames(raw, metrics);
  const { text, file: promptFile } = readTemplateFile(raw, ['prompt_file'], v.prompt_file as string, true);
  const datasetFile = locate(raw, ['dataset_file'], v.dataset_file as string, true);
  if (!datasetFile)
    throw fieldError(
      raw,
      'EF_CUSTOM_DATA',
      ['dataset_file'],
      `dataset file not found: ${v.dataset_file as string}`,
      'dataset_file is looked up next to the YAML file, then in the current directory.',
    );
  const prompt: PromptSpec = {
    method: 'generation',
    instructions: '',
    input_noun: null,
    output_noun: null,
    max_tokens: (v.max_tokens as number | undefined) ?? MEDHELM_DEFAULT_MAX_TOKENS,
    stop_sequences: [],
    temperature: 0,
    max_train_instances: 0,
  };
  const judges = metrics.find((m) => m.name === 'jury_score')?.judges ?? [];
  const ignored = Object.keys(v).filter((k) => !KNOWN_KEYS.has(k));
  return {
    file: raw.file,
    format: 'medhelm',
    name: v.name as string,
    description: v.description as string,
    data: { kind: 'local', path: datasetFile, format: 'csv', sha256: null, yamlPath: 'dataset_file' },
    idColumn: null,
    groupColumn: null,
    template: { engine: 'python', text, origin: promptFile },
    prompt,
    task: { kind: 'medhelm', requireCorrectAnswer: !(names.length === 1 && names[0] === 'jury_score') },
    metrics: [...new Set(names)],
    mainMetric: mainMetric(raw, metrics),
    rubric: rubric(raw, metrics),
    fewShot: null,
    cells: 'pandas',
    notes: [
      ...(judges.length > 0
        ? [
            `${v.name as string}: the definition's judges (${judges.map((j) => j.name).join(', ')}) are HELM deployments; the run's configured jury (extra.judges) judges instead`,
          ]
        : []),
      ...(ignored.length > 0
        ? [`${v.name as string}: HELM ignores the keys ${ignored.join(', ')}; so does eval-factory`]
        : []),
    ],
  };
}
