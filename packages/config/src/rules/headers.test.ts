import { describe, expect, it } from '@jest/globals';
import type { EvaluationDraft } from '@eval-factory/types';
import { mergedEvaluation } from '../test-support.js';
import { checkHeaders } from './headers.js';
import { runRules } from './index.js';

/** A rule-valid draft whose endpoint sends `headers` (and `headers_to_add` through adapter_config). */
function draft(headers: Record<string, string>, headersToAdd?: Record<string, string>): EvaluationDraft {
  return mergedEvaluation(
    { task: 'pubmed_qa', limit_samples: null, extra: {} },
    {
      url: 'http://localhost:8000/v1',
      headers,
      adapter_config: headersToAdd ? { headers_to_add: headersToAdd } : {},
    },
  ) as EvaluationDraft;
}

const codes = (r: { errors: readonly { code: string }[] }) => r.errors.map((e) => e.code);

describe('request headers in a config', () => {
  it.each([
    ['a bearer token', 'Authorization', 'Bearer sk-live-0123456789abcdefWXYZ'],
    ['a key under a credential name', 'X-Api-Key', 'abc123def456ghi789WXYZ'],
    ['a cookie', 'Cookie', 'session=0123456789abWXYZ'],
    ['a key-shaped value under any name', 'X-Trace', 'nvapi-0123456789abcdefWXYZ'],
    ['a reference beside a literal secret part', 'Authorization', 'Basic ${USER_NAME}:hunter2-0123WXYZ'],
  ])('%s is refused, showing its last 4 characters only', (_, name, value) => {
    const result = runRules(draft({ [name]: value }));
    expect(codes(result)).toEqual(['EF_API_KEY_LOOKS_LIKE_SECRET']);
    const message = result.errors[0]!.message;
    expect(message).toContain(`target.api_endpoint.headers.${name}`);
    expect(message).toContain("'…WXYZ'");
    expect(message).not.toContain(value.slice(-8));
  });

  it('shows no tail of a short secret', () => {
    const message = checkHeaders(draft({ 'X-Session-Token': 'abc123' })).errors[0]!.message;
    expect(message).not.toContain('123');
  });

  it('refuses a literal secret in adapter_config.headers_to_add too', () => {
    const result = checkHeaders(draft({}, { 'X-Api-Key': 'sk-0123456789abcdefWXYZ' }));
    expect(result.errors).toEqual([
      expect.objectContaining({
        code: 'EF_API_KEY_LOOKS_LIKE_SECRET',
        message: expect.stringContaining('target.api_endpoint.adapter_config.headers_to_add.X-Api-Key'),
      }),
    ]);
  });

  it.each([
    ['Authorization', 'Bearer ${GATEWAY_TOKEN}'],
    ['X-Api-Key', '${GATEWAY_KEY}'],
    ['Cookie', '${SESSION_COOKIE}'],
    ['X-Request-Source', 'medhelm'],
    ['X-Run', 'run-${RUN_ID}'],
  ])('accepts %s: %s', (name, value) => {
    expect(runRules(draft({ [name]: value }, { [name]: value }))).toEqual({ errors: [], warnings: [] });
  });
});
