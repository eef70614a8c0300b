import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ErrorKind } from '@eval-factory/types';
import { EndpointDownError } from './endpoint-down.js';
import { codeInCauses } from './error-causes.js';

export interface ClassifiedError {
  readonly error_kind: ErrorKind;
  readonly message: string;
  readonly status_code?: number;
  readonly retriable: boolean;
  readonly fatal: boolean;
  /** Seconds to wait from a `Retry-After` header, capped at 300. */
  readonly retry_after_s?: number;
}

/** Raised by the client for a 200 whose body is unusable (no choices); retriable like a 5xx. */
export class BadResponseError extends Error {}

const CONTEXT_LENGTH = /context.{0,20}(length|window)|too long|maximum.{0,40}tokens|prompt is too long/i;

/**
 * Maps whatever the SDK or fetch threw to one failure class (docs/architecture.md), once, at the client boundary.
 * On NVCF-backed hosts a 504 or client timeout is not retried: the work may still be running there.
 */
export function classifyError(error: unknown, nvcfBacked: boolean): ClassifiedError {
  if (error instanceof EndpointDownError)
    return { error_kind: 'connection', message: error.message, retriable: false, fatal: true };
  if (error instanceof APIConnectionTimeoutError) {
    return { error_kind: 'timeout', message: 'request timed out', retriable: !nvcfBacked, fatal: false };
  }
  if (error instanceof APIConnectionError) {
    return {
      error_kind: 'connection',
      message: `connection error: ${connectionReason(error)}`,
      retriable: true,
      fatal: false,
    };
  }
  if (error instanceof APIError && typeof error.status === 'number')
    return classifyStatus(error.status, error.message, error.headers, nvcfBacked);
  if (error instanceof BadResponseError || error instanceof SyntaxError) {
    return {
      error_kind: 'bad_response',
      message: `unusable response: ${error.message}`,
      retriable: true,
      fatal: false,
    };
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return { error_kind: 'interrupted', message: 'request aborted', retriable: false, fatal: false };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { error_kind: 'unknown', message, retriable: false, fatal: false };
}

/** The first `code` along the cause chain (fetch hides ECONNRESET under "fetch failed"), else the deepest message. */
function connectionReason(error: Error): string {
  return codeInCauses(error) ?? deepestMessage(error);
}

function deepestMessage(error: Error): string {
  let message = error.message;
  for (
    let e: unknown = (error as { cause?: unknown }).cause, depth = 0;
    typeof e === 'object' && e !== null && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { message: m } = e as { message?: unknown };
    if (typeof m === 'string' && m !== '') message = m;
  }
  return message;
}

export function classifyStatus(
  status: number,
  message: string,
  headers: Headers | undefined,
  nvcfBacked: boolean,
): ClassifiedError {
  const base = { status_code: status, message: `HTTP ${status}: ${message}` };
  if (status === 429)
    return {
      ...base,
      error_kind: 'rate_limited',
      retriable: true,
      fatal: false,
      retry_after_s: parseRetryAfter(headers?.get('retry-after') ?? null),
    };
  if (status === 500 || status === 502 || status === 503)
    return {
      ...base,
      error_kind: 'server_error',
      retriable: true,
      fatal: false,
      retry_after_s: parseRetryAfter(headers?.get('retry-after') ?? null),
    };
  if (status === 504) return { ...base, error_kind: 'timeout', retriable: !nvcfBacked, fatal: false };
  if (status === 401 || status === 403) return { ...base, error_kind: 'auth', retriable: false, fatal: true };
  if (status === 404) return { ...base, error_kind: 'not_found', retriable: false, fatal: true };
  if (status === 400 || status === 413 || status === 422) {
    return {
      ...base,
      error_kind: CONTEXT_LENGTH.test(message) ? 'context_length' : 'bad_request',
      retriable: false,
      fatal: false,
    };
  }
  if (status >= 500) return { ...base, error_kind: 'server_error', retriable: true, fatal: false };
  return { ...base, error_kind: 'unknown', retriable: false, fatal: false };
}

/** `Retry-After` as delta-seconds or an HTTP date, capped at 300 s; undefined when absent or unparseable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.min(300, Number(trimmed));
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.min(300, Math.max(0, (date - now) / 1000));
}
