/**
 * A run-entry description (`med_dialog:subset=icliniq,model=openai/gpt-4o,model_deployment=…`) split as HELM splits
 * it: the scenario name before the first `:`, then `key=value` pairs separated by `,` (empty pairs, which HELM's
 * own files contain as `,,`, are skipped).
 */
import { UserError } from '@eval-factory/errors';

export interface Description {
  readonly scenario: string;
  /** Arguments in written order, model fields included. */
  readonly args: readonly (readonly [string, string])[];
}

/** The fields that say which model runs, not what is evaluated. */
export const MODEL_FIELDS: ReadonlySet<string> = new Set(['model', 'model_deployment']);

/**
 * What `--ignore-conf-models` drops from an entry: the model fields and `num_output_tokens`, a per-model setting
 * in HELM (a run expander, like `model`) that MedHELM's confs give only their reasoning models' entries. Kept, it
 * made every benchmark two jobs per model (run_suite's --num-output-tokens sets it for every job instead).
 */
export const MODEL_LEVEL_FIELDS: ReadonlySet<string> = new Set([...MODEL_FIELDS, 'num_output_tokens']);

/** @example parseDescription('head_qa:num_output_tokens=4000,model=text') // { scenario: 'head_qa', args: [['num_output_tokens', '4000'], ['model', 'text']] } */
export function parseDescription(description: string): Description {
  const colon = description.indexOf(':');
  const scenario = (colon < 0 ? description : description.slice(0, colon)).trim();
  const args: [string, string][] = [];
  for (const part of colon < 0 ? [] : description.slice(colon + 1).split(',')) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    if (eq < 0)
      throw new UserError(
        'EF_SUITE_CONF',
        `run entry "${description}": "${part}" is not key=value`,
        'Write arguments as key=value separated by commas (docs/reproduce-medhelm.md).',
      );
    args.push([part.slice(0, eq).trim(), part.slice(eq + 1).trim()]);
  }
  if (scenario === '')
    throw new UserError(
      'EF_SUITE_CONF',
      `run entry "${description}" names no scenario`,
      'Start the description with the benchmark name, e.g. "pubmed_qa:model=…" (docs/reproduce-medhelm.md).',
    );
  return { scenario, args };
}

/** The value of `key` (the last one written wins, as in HELM), or undefined. */
export function argOf(d: Description, key: string): string | undefined {
  return d.args.filter(([k]) => k === key).at(-1)?.[1];
}
