/**
 * The JSON of the instance browser and the instance page (part of the viewer's API, api-types.ts): one
 * (instance, trial) of a run, its model answer and its judges' verdicts. Plain data only, as api-types.ts.
 */

/**
 * What an instance's outcome was, for filtering: `correct` / `wrong` for a 0/1 main metric, `scored` for any other
 * main metric value, `failed` (no answer from the model) and `unscored` (answered, but no main-metric value).
 */
export type Verdict = 'correct' | 'wrong' | 'scored' | 'failed' | 'unscored';
export const VERDICTS: readonly Verdict[] = ['correct', 'wrong', 'scored', 'failed', 'unscored'];

export interface ReferenceView {
  readonly text: string;
  readonly correct: boolean;
}

/** One (instance, trial) of results.jsonl joined with its instances.jsonl line. */
export interface InstanceRecord {
  /** Position in results.jsonl (0-based): the order of the instance browser. */
  readonly index: number;
  readonly id: string;
  readonly trial: number;
  readonly status: string;
  readonly verdict: Verdict;
  readonly variant: string | null;
  readonly split: string | null;
  readonly input: string;
  readonly references: readonly ReferenceView[];
  readonly prediction: string | null;
  readonly mapped_output: string | null;
  readonly extracted: unknown;
  readonly metrics: Readonly<Record<string, number>>;
  readonly main_value: number | null;
  readonly reason: string | null;
  readonly flags: readonly string[];
  readonly annotations: Readonly<Record<string, unknown>> | null;
}

/** A row of the instance browser: short texts only, so a page of rows stays small. */
export interface InstanceRow {
  readonly index: number;
  readonly id: string;
  readonly trial: number;
  readonly verdict: Verdict;
  readonly input: string;
  readonly prediction: string | null;
  readonly gold: string;
  readonly main_value: number | null;
  readonly reason: string | null;
}

export interface InstanceQuery {
  readonly q: string;
  readonly verdict: Verdict | 'all';
  /** 1-based. */
  readonly page: number;
  readonly page_size: number;
}

export interface InstancePage {
  readonly query: InstanceQuery;
  /** Rows matching the search and the verdict filter. */
  readonly total: number;
  readonly pages: number;
  /** Per verdict, rows matching the search alone (the filter chips' numbers). */
  readonly counts: Readonly<Record<Verdict | 'all', number>>;
  readonly rows: readonly InstanceRow[];
}

export interface ChatMessageView {
  readonly role: string;
  readonly content: string;
}

/** One line of responses/model.jsonl, as shown on the instance page. */
export interface ResponseView {
  readonly messages: readonly ChatMessageView[] | null;
  readonly prompt: string | null;
  readonly completions: readonly { readonly text: string; readonly finish_reason: string | null }[];
  readonly success: boolean;
  readonly error: string | null;
  readonly error_kind: string | null;
  readonly status_code: number | null;
  readonly attempts: number | null;
  readonly cached: boolean;
  readonly request_time_s: number | null;
  readonly usage: Readonly<Record<string, number | null>> | null;
  readonly request_datetime: string | null;
}

export interface CriterionView {
  readonly name: string;
  readonly score: string;
  readonly explanation: string;
}

/** One judge's verdict on one instance: its raw reply, the criteria read from it, or why there is none. */
export interface JudgeView {
  readonly annotator: string;
  readonly judge: string;
  readonly ok: boolean;
  readonly reply: string | null;
  readonly criteria: readonly CriterionView[];
  readonly error: string | null;
}

export interface InstanceDetail {
  readonly record: InstanceRecord;
  readonly response: ResponseView | null;
  /** How many lines responses/model.jsonl has for this (instance, trial); the last one is shown. */
  readonly response_lines: number;
  readonly judges: readonly JudgeView[];
}
