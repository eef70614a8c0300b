/** A request outcome is data, mapped once at the client boundary (docs/architecture.md). */

export interface Completion {
  readonly text: string;
  readonly finish_reason: string | null;
}

export interface Usage {
  readonly prompt_tokens: number | null;
  readonly completion_tokens: number | null;
  readonly total_tokens: number | null;
}

export type ErrorKind =
  | 'rate_limited'
  | 'server_error'
  | 'timeout'
  | 'connection'
  | 'bad_response'
  | 'auth'
  | 'not_found'
  | 'bad_request'
  | 'context_length'
  | 'interrupted'
  | 'unknown';

export interface RequestSuccess {
  readonly ok: true;
  readonly completions: readonly Completion[];
  readonly usage: Usage | null;
  readonly cached: boolean;
  /** Live wall-clock time of the successful attempt, or the cache lookup time for a hit. */
  readonly request_time_s: number;
  readonly attempts: number;
  readonly status_code?: number;
}

export interface RequestFailure {
  readonly ok: false;
  readonly error_kind: ErrorKind;
  readonly message: string;
  readonly status_code?: number;
  readonly retriable: boolean;
  /** Fatal for the whole run (401/403/404). */
  readonly fatal: boolean;
  readonly attempts: number;
}

export type RequestOutcome = RequestSuccess | RequestFailure;
