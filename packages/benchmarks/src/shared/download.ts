import { writeFile } from 'node:fs/promises';
import { UserError } from '@eval-factory/errors';

/** Generous: data files are a few MB, but the first request to a cold Hugging Face endpoint can be slow. */
export const DEFAULT_DOWNLOAD_TIMEOUT_MS = 300_000;

/** The error for a data download that could not complete. */
export function downloadError(url: string, detail: string): UserError {
  return new UserError(
    'EF_DATA_DOWNLOAD',
    `Could not download benchmark data from ${url}: ${detail}`,
    'Check the network connection, or download the file yourself and point extra.data_path at it for offline runs.',
  );
}

export interface FetchOptions {
  readonly timeoutMs?: number;
  /** Extra attempts after a network error, HTTP 429 or 5xx (never after other statuses). */
  readonly retries?: number;
  /** First back-off delay, doubled on each retry. */
  readonly retryDelayMs?: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchOnce(url: string, timeoutMs: number): Promise<Response | UserError> {
  // `--dry_run` estimates a run's size with the engine's dry run; it must never download anything.
  if (process.env.EF_OFFLINE === '1') return downloadError(url, 'not downloaded: offline (EF_OFFLINE=1)');
  try {
    return await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (e) {
    const cause = (e as { cause?: { message?: string } }).cause?.message;
    return downloadError(url, cause ?? (e as Error).message);
  }
}

/**
 * `fetch` that turns every failure (network, timeout, non-2xx status) into `EF_DATA_DOWNLOAD` naming the URL,
 * retrying transient ones (network errors, 429, 5xx) with exponential back-off.
 * @example const res = await fetchOrThrow('https://example.org/data.json', { retries: 2 })
 */
export async function fetchOrThrow(url: string, options: FetchOptions = {}): Promise<Response> {
  const { timeoutMs = DEFAULT_DOWNLOAD_TIMEOUT_MS, retries = 2, retryDelayMs = 1000 } = options;
  for (let attempt = 0; ; attempt++) {
    const result = await fetchOnce(url, timeoutMs);
    if (!(result instanceof UserError) && result.ok) return result;
    const transient = result instanceof UserError || result.status === 429 || result.status >= 500;
    if (!(result instanceof UserError)) await result.body?.cancel();
    if (!transient || attempt >= retries) {
      throw result instanceof UserError
        ? result
        : downloadError(url, `HTTP ${result.status} ${result.statusText}`.trim());
    }
    await sleep(retryDelayMs * 2 ** attempt);
  }
}

/** `fetchOrThrow` and the body parsed as JSON; a body that is not JSON is `EF_DATA_DOWNLOAD` naming the URL. */
export async function fetchJson(url: string, options?: FetchOptions): Promise<unknown> {
  const res = await fetchOrThrow(url, options);
  try {
    return (await res.json()) as unknown;
  } catch (e) {
    throw downloadError(url, `the response is not JSON (${(e as Error).message})`);
  }
}

/** Downloads `url` into `path` (the caller renames it into place once verified). */
export async function fetchUrlToFile(url: string, path: string, options?: FetchOptions): Promise<void> {
  const res = await fetchOrThrow(url, options);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch (e) {
    throw downloadError(url, `connection lost while reading the body (${(e as Error).message})`);
  }
  await writeFile(path, bytes);
}
