/** The engine's data model (docs/architecture.md). Plain, JSON-serialisable, readonly. */

export type Split = 'train' | 'valid' | 'test';

export interface Reference {
  readonly output: { readonly text: string };
  /** `"correct"` marks a gold reference. */
  readonly tags: readonly string[];
}

export interface Instance {
  readonly id: string;
  readonly input: { readonly text: string };
  readonly references: readonly Reference[];
  readonly split: Split;
  readonly sub_split?: string;
  readonly extra_data?: Readonly<Record<string, unknown>>;
  /** The dataset's own key (PMID, Row Number, file name…). */
  readonly source_id?: string;
  /** `"corrected"` for instances of a benchmark's corrected instance set (docs/benchmarks.md). */
  readonly variant?: 'corrected';
}

export const CORRECT_TAG = 'correct';
