import { BadResponseError } from './classify-error.js';
import { fetchBefore, throwIfHttpError } from './fetch-deadline.js';
import type { ModelDeployment } from './model-deployment.js';
import { parseResponse } from './openai-client.js';
import type { SendAttempt } from './send-attempt.js';

/**
 * NVCF function protocol (docs/configuration.md), the one place besides judges that speaks HTTP without the SDK:
 * POST the OpenAI-style body to the function URL; a 202 means pending, so poll `/v2/nvcf/pexec/status/<reqid>` on
 * the same host until it is not 202. The whole wait is bounded by the per-attempt timeout. Failures are thrown as
 * the SDK's error classes so one classifier serves every client.
 */
export function createNvcfSender(deployment: ModelDeployment, apiKey: string | null): SendAttempt {
  return async (body, timeoutMs, signal) => {
    const deadline = Date.now() + timeoutMs;
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'NVCF-POLL-SECONDS': String(Math.max(1, Math.min(deployment.nvcf.poll_seconds, Math.floor(timeoutMs / 1000)))),
      ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
      ...deployment.headers,
    };
    let response = await fetchBefore(
      deadline,
      deployment.request_url,
      { method: 'POST', headers, body: JSON.stringify(body) },
      signal,
    );
    while (response.status === 202) {
      const reqId = response.headers.get('nvcf-reqid');
      await response.body?.cancel();
      if (!reqId) throw new BadResponseError('NVCF answered 202 without an NVCF-REQID header');
      const statusUrl = new URL(`/v2/nvcf/pexec/status/${encodeURIComponent(reqId)}`, deployment.request_url);
      response = await fetchBefore(deadline, statusUrl.toString(), { method: 'GET', headers }, signal);
    }
    const text = await response.text();
    throwIfHttpError(response, text);
    return parseResponse(JSON.parse(text) as unknown, deployment.endpoint_type);
  };
}
