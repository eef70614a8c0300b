import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { PromptRequest, RequestOutcome } from '@eval-factory/types';
import type { ModelCallRecord } from '../clients/index.js';
import { responseLine } from './execute-requests.js';

const request = { instance_id: 'id1', train_trial_index: 2, prompt: 'Prompt é\n"x"' } as PromptRequest;
const sha = createHash('sha256').update(request.prompt, 'utf8').digest('hex');
const record = (outcome: RequestOutcome, extra: Partial<ModelCallRecord> = {}): ModelCallRecord => ({
  body: { model: 'm', n: 1 },
  outcome,
  retries: [],
  request_datetime: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('responseLine', () => {
  const success: RequestOutcome = {
    ok: true,
    completions: [{ text: 'A', finish_reason: 'stop' }],
    usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
    cached: true,
    request_time_s: 0.001,
    attempts: 0,
  };
  const failure: RequestOutcome = {
    ok: false,
    error_kind: 'server_error',
    message: 'boom',
    retriable: true,
    fatal: false,
    attempts: 3,
  };
  // The exact JSONL text, field order included (absent optional fields leave no trace).
  it.each([
    [
      'a cached success',
      record(success, { original_request_time_s: 0.5 }),
      `{"instance_id":"id1","train_trial_index":2,"request":{"model":"m","n":1},"prompt_sha256":"${sha}","result":{"success":true,"completions":[{"text":"A","finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4}},"cached":true,"request_time_s":0.001,"original_request_time_s":0.5,"attempts":0,"retries":[],"request_datetime":"2026-01-01T00:00:00.000Z"}`,
    ],
    [
      'a success without usage',
      record({ ...success, usage: null, cached: false }),
      `{"instance_id":"id1","train_trial_index":2,"request":{"model":"m","n":1},"prompt_sha256":"${sha}","result":{"success":true,"completions":[{"text":"A","finish_reason":"stop"}]},"cached":false,"request_time_s":0.001,"attempts":0,"retries":[],"request_datetime":"2026-01-01T00:00:00.000Z"}`,
    ],
    [
      'a failure with a status code',
      record({ ...failure, status_code: 500 }),
      `{"instance_id":"id1","train_trial_index":2,"request":{"model":"m","n":1},"prompt_sha256":"${sha}","result":{"success":false,"completions":[],"error":"boom","error_kind":"server_error","status_code":500},"cached":false,"request_time_s":null,"attempts":3,"retries":[],"request_datetime":"2026-01-01T00:00:00.000Z"}`,
    ],
    [
      'a failure without one',
      record(failure),
      `{"instance_id":"id1","train_trial_index":2,"request":{"model":"m","n":1},"prompt_sha256":"${sha}","result":{"success":false,"completions":[],"error":"boom","error_kind":"server_error"},"cached":false,"request_time_s":null,"attempts":3,"retries":[],"request_datetime":"2026-01-01T00:00:00.000Z"}`,
    ],
  ])('%s', (_label, rec, expected) => {
    expect(JSON.stringify(responseLine(request, rec))).toBe(expected);
  });
});
