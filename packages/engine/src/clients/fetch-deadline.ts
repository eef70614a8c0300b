/**
 * The clients that speak HTTP with Node's fetch instead of the openai SDK (Anthropic-messages judges, NVCF) share
 * one deadline and one error mapping, so `classifyError` and the retry policy treat them like the SDK clients:
 * deadline passed → `APIConnectionTimeoutError`, the caller's abort → an `AbortError`, any other failure →
 * `APIConnectionError`, a non-2xx status → the SDK's `APIError` for that status.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';

/**
 * Runs `exchange` (a fetch, and the body read when it is inside) with a signal that fires at `deadline` (epoch ms)
 * or when the caller's `signal` aborts, and maps its failures to the SDK's error classes.
 */
export async function withDeadline<T>(
  deadline: number,
  signal: AbortSignal | undefined,
  exchange: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) throw new APIConnectionTimeoutError();
  const timeout = AbortSignal.timeout(remaining);
  try {
    return await withAttemptSignal(signal, (own) => exchange(own ? AbortSignal.any([own, timeout]) : timeout));
  } catch (error) {
    if (timeout.aborted) throw new APIConnectionTimeoutError();
    if (signal?.aborted) throw Object.assign(new Error('request aborted'), { name: 'AbortError' });
    throw new APIConnectionError({ cause: error as Error });
  }
}

/** `fetch(url, init)` bounded by `deadline` and `signal`, failures mapped as in `withDeadline`. */
export function fetchBefore(deadline: number, url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  return withDeadline(deadline, signal, (combined) => fetch(url, { ...init, signal: combined }));
}

/** Throws the SDK's `APIError` for a non-2xx response, with the body parsed as JSON when it is JSON. */
export function throwIfHttpError(response: Response, text: string): void {
  if (response.ok) return;
  let parsed: object | undefined;
  try {
    parsed = JSON.parse(text) as object;
  } catch {
    parsed = undefined;
  }
  throw APIError.generate(response.status, parsed, text.slice(0, 500), response.headers);
}

/**
 * Runs one exchange with a signal of its own that aborts when the run's `parent` does: Node's fetch adds an abort
 * listener to the signal it is given and never removes it; given the run-wide signal, that is one listener per
 * request for the whole run, and every add scans the list: O(n²), 37 % of the engine's CPU at 30k requests. Here
 * the run's signal holds one listener per exchange in flight, removed when it ends, and what fetch adds dies with
 * the exchange's own signal. (The SDK senders need none of it: `sdkAttempt`, attempt-limits.ts.)
 */
export async function withAttemptSignal<T>(
  parent: AbortSignal | undefined,
  run: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (!parent || parent.aborted) return run(parent);
  const own = new AbortController();
  const onAbort = () => own.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  try {
    return await run(own.signal);
  } finally {
    parent.removeEventListener('abort', onAbort);
  }
}
