/**
 * The normalised form both definition formats (native YAML, MedHELM configurable benchmark) are turned into, so
 * loading, templating and scoring have one code path. Defaults are already filled in.
 */
import type { PromptSpec } from '@eval-factory/types';

export type DataFormat = 'csv' | 'jsonl' | 'json';

/** A data file: local (absolute path) or downloaded once into the data cache and pinned by sha256. */
export type DataSource =
  | {
      readonly kind: 'local';
      readonly path: string;
      readonly format: DataFormat;
      readonly sha256: string | null;
      readonly yamlPath: string;
    }
  | {
      readonly kind: 'url';
      readonly url: string;
      readonly fileName: string;
      readonly format: DataFormat;
      readonly sha256: string;
      readonly yamlPath: string;
    };

/** `handlebars`: the native format (strict). `python`: MedHELM's `str.format_map` with `{column}` fields. */
export interface TemplateSource {
  readonly engine: 'handlebars' | 'python';
  readonly text: string;
  /** Where the text came from, for error messages: `prompt.template` or a file path. */
  readonly origin: string;
}

export type TaskSpec =
  | {
      readonly kind: 'multiple_choice';
      readonly options: { readonly columns: readonly string[] } | { readonly listColumn: string };
      readonly answerColumn: string;
      readonly answerFormat: 'letter' | 'number' | 'text';
      readonly shuffleSeed: number | null;
    }
  | { readonly kind: 'short_answer'; readonly answerColumn: string; readonly aliasesColumn: string | null }
  | {
      readonly kind: 'numeric';
      readonly answerColumn: string | null;
      readonly tolerance: number;
      readonly relativeTolerance: number;
      readonly lowerColumn: string | null;
      readonly upperColumn: string | null;
    }
  | {
      readonly kind: 'label';
      readonly answerColumn: string;
      readonly labels: readonly string[];
      readonly caseSensitive: boolean;
    }
  | {
      readonly kind: 'regex';
      readonly answerColumn: string;
      readonly pattern: string;
      readonly flags: string;
      readonly group: number;
    }
  | { readonly kind: 'free_text'; readonly referenceColumn: string | null }
  /** MedHELM: `correct_answer` (optional when jury_score is the only metric), JSON-list `incorrect_answers`. */
  | { readonly kind: 'medhelm'; readonly requireCorrectAnswer: boolean };

export type TaskKind = TaskSpec['kind'];

/** The rubric the jury annotator sends; `subkeys` per criterion come from a `<rubric_criteria>` JSON block. */
export interface RubricSpec {
  readonly template: string;
  readonly criteria: readonly string[];
  readonly subkeys: Readonly<Record<string, readonly string[]>>;
}

export interface CustomSpec {
  readonly file: string;
  readonly format: 'native' | 'medhelm';
  readonly name: string;
  readonly description: string;
  readonly data: DataSource;
  readonly idColumn: string | null;
  readonly groupColumn: string | null;
  readonly template: TemplateSource;
  readonly prompt: PromptSpec;
  readonly task: TaskSpec;
  readonly metrics: readonly string[];
  readonly mainMetric: string;
  readonly rubric: RubricSpec | null;
  readonly fewShot: { readonly count: number; readonly seed: number; readonly data: DataSource | null } | null;
  /** `pandas`: cells typed and printed as `pandas.read_csv` + Python `str()` would (MedHELM prompts). */
  readonly cells: 'raw' | 'pandas';
  /** Notes for the run log (e.g. MedHELM judges replaced by the run's jury). */
  readonly notes: readonly string[];
}
