import { describe, expect, it } from '@jest/globals';
import { describeSecret, mask, redact, registerSecret } from './redact.js';

describe('redact (docs/configuration.md#judges)', () => {
  it('replaces a registered value everywhere, keeping only its last four characters', () => {
    registerSecret('registered-secret-value-9876');
    expect(redact('key=registered-secret-value-9876 and again registered-secret-value-9876')).toBe(
      'key=***9876 and again ***9876',
    );
  });

  it('shows no tail for values shorter than 12 characters and ignores values under 8', () => {
    expect(mask('short-key1')).toBe('***');
    expect(mask('long-enough-key1')).toBe('***key1');
    registerSecret('tiny');
    expect(redact('a tiny word')).toBe('a tiny word');
  });

  it.each([
    ['Authorization: Bearer abcdefghijklmnop1234', 'Authorization: Bearer ***1234'],
    ['"authorization":"Basic dXNlcjpwYXNzd29yZDEyMzQ="', '"authorization":"Basic ***MzQ="'],
    ['api-key: 0123456789abcdefWXYZ', 'api-key: ***WXYZ'],
    ['x-api-key=0123456789abcdefWXYZ', 'x-api-key=***WXYZ'],
    ['Ocp-Apim-Subscription-Key: 0123456789abcdefWXYZ', 'Ocp-Apim-Subscription-Key: ***WXYZ'],
    ["{'Ocp-Apim-Subscription-Key': 'sub-0123456789abcdef'}", "{'Ocp-Apim-Subscription-Key': '***cdef'}"],
    [
      'grant_type=client_credentials&client_id=me&client_secret=s3cr3t-client-value&scope=x',
      'grant_type=client_credentials&client_id=me&client_secret=***alue&scope=x',
    ],
    [
      '{"access_token": "eyJhbGciOiJIUzI1NiJ9.payload.sig", "expires_in": 900}',
      '{"access_token": "***.sig", "expires_in": 900}',
    ],
    ['Incorrect API key provided: sk-proj-abcdefghijkl1234', 'Incorrect API key provided: sk-***1234'],
  ])('masks unregistered credentials in %j', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it('is idempotent: redacting twice changes nothing more', () => {
    const once = redact('Authorization: Bearer abcdefghijklmnop1234; api-key: 0123456789abcdefWXYZ');
    expect(redact(once)).toBe(once);
  });

  it('leaves ordinary prose about credentials alone', () => {
    expect(redact('the api-key header is missing; set client_secret in the file')).toBe(
      'the api-key header is missing; set client_secret in the file',
    );
  });

  it('describes a secret by name and, for long values only, its last four characters', () => {
    expect(describeSecret('GPT_JUDGE_API_KEY', 'sk-test-0123456789abcd')).toBe(
      'GPT_JUDGE_API_KEY is set (ends with "abcd")',
    );
    expect(describeSecret('SHORT_KEY', 'abc123')).toBe('SHORT_KEY is set (value hidden)');
  });
});

describe('scrubSecrets / scrubValue', () => {
  it('replaces every registered value whole, keeps unchanged values by reference', async () => {
    const { scrubSecrets, scrubValue, REDACTED } = await import('./redact.js');
    registerSecret('scrub-me-secret-0001');
    expect(scrubSecrets('a scrub-me-secret-0001 b scrub-me-secret-0001')).toBe(`a ${REDACTED} b ${REDACTED}`);
    const clean = { a: ['x', { b: 'y' }], n: 1, z: null };
    expect(scrubValue(clean)).toBe(clean);
    const dirty = { a: ['x', { b: 'scrub-me-secret-0001!' }], n: 1, 'k-scrub-me-secret-0001': true };
    expect(scrubValue(dirty)).toEqual({ a: ['x', { b: `${REDACTED}!` }], n: 1, [`k-${REDACTED}`]: true });
    expect(dirty.a[1]).toEqual({ b: 'scrub-me-secret-0001!' }); // the input is not mutated
  });
});

describe('redact: credentials inside a URL', () => {
  it.each([
    [
      'nothing is listening at https://alice:s3cr3t-token@gw.example/v1/chat/completions',
      'nothing is listening at https://***@gw.example/v1/chat/completions',
    ],
    [
      'http://user:pw@127.0.0.1:8000/v1 and http://127.0.0.1:9/v1',
      'http://***@127.0.0.1:8000/v1 and http://127.0.0.1:9/v1',
    ],
    ['plain https://gw.example/v1 stays', 'plain https://gw.example/v1 stays'],
    // 27.16: a password with no user name (Redis' own form), and a token given as the user name alone.
    [
      'head_qa:model=m,cache=redis://:hunter2hunter2@127.0.0.1:6379: the cache URL holds a password',
      'head_qa:model=m,cache=redis://***@127.0.0.1:6379: the cache URL holds a password',
    ],
    ['clone https://ghp_abcdefgh123@github.com/o/r', 'clone https://***@github.com/o/r'],
    ['a path https://gw.example/v1/a@b stays', 'a path https://gw.example/v1/a@b stays'],
  ])('%s', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });
});
