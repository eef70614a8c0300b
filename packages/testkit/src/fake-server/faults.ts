import { errorBody } from './bodies.js';
import type { Responder } from './http-io.js';
import type { Fault } from './types.js';

function retryAfterHeader(value: number | string | Date | undefined): Record<string, string> {
  if (value === undefined) return {};
  const text = value instanceof Date ? value.toUTCString() : String(value);
  return { 'retry-after': text };
}

const GARBAGE = '{"id": "chatcmpl-garbage", "choices": [{"message": {"content": "trunc';

/**
 * Answers a request with a failure. Returns false for faults that are not responses (`hang`: the caller just
 * never answers) or that only apply to NVCF pexec (`nvcf_*`, handled by the NVCF route).
 */
export function sendFault(responder: Responder, fault: Fault, model: string | null): boolean {
  switch (fault.kind) {
    case 'rate_limit':
      responder.send(
        429,
        errorBody('Rate limit reached (fake server).', 'requests', 'rate_limit_exceeded'),
        retryAfterHeader(fault.retryAfter),
      );
      return true;
    case 'server_error':
      responder.send(fault.status ?? 500, errorBody('The fake server had an error.', 'server_error', null));
      return true;
    case 'reset':
      responder.reset();
      return true;
    case 'garbage':
      responder.sendRaw(200, GARBAGE);
      return true;
    case 'no_choices':
      responder.send(200, {
        id: 'chatcmpl-empty',
        object: 'chat.completion',
        created: 1_700_000_000,
        model,
        choices: [],
      });
      return true;
    case 'unauthorized':
      responder.send(
        401,
        errorBody('Incorrect API key provided (fake server).', 'invalid_request_error', 'invalid_api_key'),
      );
      return true;
    case 'not_found':
      responder.send(
        404,
        errorBody(
          `The model \`${model ?? ''}\` does not exist or you do not have access to it.`,
          'invalid_request_error',
          'model_not_found',
          'model',
        ),
      );
      return true;
    case 'context_length':
      responder.send(
        400,
        errorBody(
          "This model's maximum context length is exceeded. Please reduce the length of the messages.",
          'invalid_request_error',
          'context_length_exceeded',
          'messages',
        ),
      );
      return true;
    case 'status':
      responder.send(
        fault.status,
        fault.body ?? errorBody(`fake status ${fault.status}`, 'fake_error', null),
        fault.headers,
      );
      return true;
    case 'hang':
    case 'nvcf_pending':
    case 'nvcf_missing_reqid':
      return false;
  }
}
