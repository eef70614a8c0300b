/** A paid answer as the request cache keeps it (`cachedAnswer` in request-cache.ts). */
export interface CachedResponse {
  readonly request: Record<string, unknown>;
  readonly response: unknown;
  readonly request_time_s: number;
  readonly created_at: string;
  readonly engine_version: string;
}

/** What a call reads of a stored answer (clients/model-client.ts): not the stored request, a copy of the prompt. */
export type StoredAnswer = Pick<CachedResponse, 'response' | 'request_time_s'>;
