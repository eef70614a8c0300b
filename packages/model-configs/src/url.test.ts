import { describe, it, expect } from '@jest/globals';
import { resolveEndpointUrl, isNvcfBackedHost } from './url.js';
import type { EndpointType } from './evaluation.js';

const FN = 'https://api.nvcf.nvidia.com/v2/nvcf/pexec/functions/0a1b2c3d-func';

interface Row {
  readonly url: string;
  readonly type: EndpointType;
  readonly useNvcf?: boolean;
  readonly base: string | null;
  readonly request: string;
  readonly fn?: boolean;
  readonly backed?: boolean;
  readonly warn?: string;
}

const rows: readonly Row[] = [
  {
    url: 'https://api.openai.com/v1',
    type: 'chat',
    base: 'https://api.openai.com/v1',
    request: 'https://api.openai.com/v1/chat/completions',
  },
  {
    url: 'https://api.openai.com/v1/',
    type: 'completions',
    base: 'https://api.openai.com/v1',
    request: 'https://api.openai.com/v1/completions',
  },
  {
    url: 'http://localhost:8000/v1/chat/completions',
    type: 'chat',
    base: 'http://localhost:8000/v1',
    request: 'http://localhost:8000/v1/chat/completions',
  },
  {
    url: 'http://localhost:8000/v1/chat/completions/',
    type: 'chat',
    base: 'http://localhost:8000/v1',
    request: 'http://localhost:8000/v1/chat/completions',
  },
  {
    url: 'http://localhost:8080/v1/completions',
    type: 'completions',
    base: 'http://localhost:8080/v1',
    request: 'http://localhost:8080/v1/completions',
  },
  {
    url: 'http://localhost:8000',
    type: 'chat',
    base: 'http://localhost:8000/v1',
    request: 'http://localhost:8000/v1/chat/completions',
    warn: 'EF_URL_ASSUMED_V1',
  },
  {
    url: 'http://127.0.0.1:11434/',
    type: 'completions',
    base: 'http://127.0.0.1:11434/v1',
    request: 'http://127.0.0.1:11434/v1/completions',
    warn: 'EF_URL_ASSUMED_V1',
  },
  {
    url: 'https://prod.api.nvidia.com/llm/v1/azure/',
    type: 'chat',
    base: 'https://prod.api.nvidia.com/llm/v1/azure',
    request: 'https://prod.api.nvidia.com/llm/v1/azure/chat/completions',
  },
  {
    url: 'https://integrate.api.nvidia.com/v1',
    type: 'chat',
    base: 'https://integrate.api.nvidia.com/v1',
    request: 'https://integrate.api.nvidia.com/v1/chat/completions',
    backed: true,
  },
  {
    url: 'https://integrate.api.nvidia.com/v1',
    type: 'chat',
    useNvcf: true,
    base: 'https://integrate.api.nvidia.com/v1',
    request: 'https://integrate.api.nvidia.com/v1/chat/completions',
    backed: true,
  },
  { url: FN, type: 'chat', useNvcf: true, base: null, request: FN, fn: true, backed: true },
  { url: `${FN}/`, type: 'completions', useNvcf: true, base: null, request: FN, fn: true, backed: true },
  {
    url: `${FN}/versions/v-42`,
    type: 'chat',
    useNvcf: true,
    base: null,
    request: `${FN}/versions/v-42`,
    fn: true,
    backed: true,
  },
  // A function URL is NVCF-backed even when use_nvcf was forgotten: the protocol is decided by the URL.
  { url: FN, type: 'chat', base: null, request: FN, fn: true, backed: true },
];

describe('resolveEndpointUrl', () => {
  it.each(rows.map((r) => ({ useNvcf: false, ...r })))('$url ($type, use_nvcf=$useNvcf)', (row) => {
    const r = resolveEndpointUrl(row.url, row.type, { useNvcf: row.useNvcf });
    expect(r.base_url).toBe(row.base);
    expect(r.request_url).toBe(row.request);
    expect(r.is_nvcf_function).toBe(row.fn ?? false);
    expect(r.nvcf_backed).toBe(row.backed ?? false);
    expect(r.warnings.map((w) => w.code)).toEqual(row.warn ? [row.warn] : []);
  });

  const errors: readonly { url: string; type: EndpointType; useNvcf?: boolean; code: string }[] = [
    { url: 'http://localhost:8000/v1/completions', type: 'chat', code: 'EF_URL_TYPE_MISMATCH' },
    { url: 'http://localhost:8000/v1/chat/completions', type: 'completions', code: 'EF_URL_TYPE_MISMATCH' },
    { url: 'not a url', type: 'chat', code: 'EF_URL_INVALID' },
    { url: 'localhost:8000/v1', type: 'chat', code: 'EF_URL_INVALID' },
    { url: 'ftp://example.invalid/v1', type: 'chat', code: 'EF_URL_INVALID' },
    { url: 'https://user:pw@example.invalid/v1', type: 'chat', code: 'EF_URL_INVALID' },
    { url: 'https://example.invalid/v1?key=abc', type: 'chat', code: 'EF_URL_INVALID' },
    { url: 'http://localhost:8000/v1', type: 'chat', useNvcf: true, code: 'EF_URL_NVCF_MISMATCH' },
  ];
  it.each(errors)('rejects $url ($type) with $code', ({ url, type, useNvcf, code }) => {
    expect(() => resolveEndpointUrl(url, type, { useNvcf: useNvcf ?? false })).toThrow(
      expect.objectContaining({ code }),
    );
  });

  it('names the configured field in messages', () => {
    expect(() =>
      resolveEndpointUrl('nope', 'chat', { useNvcf: false, field: 'config.params.extra.judges.gpt.url' }),
    ).toThrow(/config\.params\.extra\.judges\.gpt\.url/);
  });

  it('never echoes a query string (it may hold a key)', () => {
    expect(() =>
      resolveEndpointUrl('https://example.invalid/v1?api_key=SECRETVALUE', 'chat', { useNvcf: false }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining('SECRETVALUE') }));
  });
});

describe('isNvcfBackedHost', () => {
  it.each([
    ['api.nvcf.nvidia.com', true],
    ['INTEGRATE.api.nvidia.com', true],
    ['api.openai.com', false],
    ['localhost', false],
  ])('%s → %s', (host, expected) => {
    expect(isNvcfBackedHost(host)).toBe(expected);
  });
});
