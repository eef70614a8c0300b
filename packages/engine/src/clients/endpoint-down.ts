/**
 * Nothing listening at the model's URL: every request used to retry with back-off before the run
 * gave up (66 s for `--model_url http://127.0.0.1:1/v1`). Refused connections before the endpoint has answered
 * anything are counted across all requests; at REFUSALS_BEFORE_DOWN the run stops with EF_ENDPOINT_DOWN within
 * seconds. Once one request has succeeded, refusals are ordinary retriable failures (a restarting server).
 */
import { codeInCauses } from './error-causes.js';
import type { SendAttempt } from './send-attempt.js';

export const REFUSALS_BEFORE_DOWN = 5;

/** Thrown instead of the connection error once the endpoint is known to be down; fatal for the run. */
export class EndpointDownError extends Error {
  override readonly name = 'EndpointDownError';
}

/** `send`, with refused connections counted until the first success (one counter per model client). */
export function failFastWhenRefused(send: SendAttempt, url: string): SendAttempt {
  let answered = false;
  let refusals = 0;
  const counted: SendAttempt = async (body, timeoutMs, signal) => {
    try {
      const result = await send(body, timeoutMs, signal);
      answered = true;
      return result;
    } catch (error) {
      if (answered || !isRefused(error)) throw error;
      refusals++;
      if (refusals >= REFUSALS_BEFORE_DOWN) {
        throw new EndpointDownError(
          `nothing is listening at ${url}: connection refused (ECONNREFUSED) on the first ${refusals} attempts`,
        );
      }
      throw error;
    }
  };
  // Once the endpoint has answered, nothing is counted: the attempt is sent as it is, with no step of its own.
  return (body, timeoutMs, signal) => (answered ? send(body, timeoutMs, signal) : counted(body, timeoutMs, signal));
}

/** ECONNREFUSED on the error or along its causes (the SDK wraps fetch's error, which wraps the socket's). */
function isRefused(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ECONNREFUSED' || codeInCauses(error) === 'ECONNREFUSED';
}
