import { describe, expect, it } from '@jest/globals';
import {
  cacheKey,
  type CacheKeyParts,
  canonicalJson,
  CACHE_FORMAT_VERSION,
  endpointCacheKey,
  sha256Hex,
} from './index.js';
import type { EndpointKeyParts } from './cache-key.js';

/** The key as docs/architecture.md defines it, spelled out apart from the code that makes it fast. */
const definedKey = (parts: object) => sha256Hex(canonicalJson({ v: CACHE_FORMAT_VERSION, ...parts }));

const model = {
  namespace: 'model' as const,
  provider: 'openai_compatible',
  request_url: 'http://127.0.0.1:8000/v1/chat/completions',
  nvcf: false,
};
const modelBody = { model: 'm', messages: [{ role: 'user', content: 'Q: "why" é\n' }], temperature: 0, max_tokens: 16 };
const judge = {
  namespace: 'judge' as const,
  provider: 'nvcf',
  request_url: 'https://api.nvcf.nvidia.com/v2/nvcf/pexec/functions/f',
  nvcf: true,
};
const judgeBody = { model: 'j', messages: [{ role: 'user', content: 'Grade: yes' }], max_tokens: 4, temperature: 0 };

describe('cacheKey', () => {
  // Every cache.db and Redis entry already stored is found by these keys: a change to the layout or to canonicalJson
  // makes every one of them miss, and a re-run pays for every answer again. Computed with main's code (before
  // endpointCacheKey), and with sorted JSON.stringify and node:crypto.
  it.each([
    ['a model key', { ...model, body: modelBody }, 'd2ee70b6f19a6af30bc71c9f5d04991a182d955059db61df6bb52be5b0fc738d'],
    [
      'a salted model key',
      { ...model, body: modelBody, salt: '2' },
      '403d3b7ef9ec112c3899942e50fed57cc7a9e87c545cc9967ab7ea8eda4aaeb3',
    ],
    ['a judge key', { ...judge, body: judgeBody }, '7951e961a210fd883dd2b81f835b62d12142b0f1f7c727816db0389a809dff49'],
  ])('%s is the one stored caches hold', (_name, parts: CacheKeyParts, key) => {
    expect(cacheKey(parts)).toBe(key);
    const { body, salt, ...endpoint } = parts;
    expect(endpointCacheKey(endpoint)(body, salt)).toBe(key);
  });

  const base = { ...model, body: { model: 'm', temperature: 0 } };
  it('ignores key order in the body', () => {
    expect(cacheKey(base)).toBe(cacheKey({ ...base, body: { temperature: 0, model: 'm' } }));
  });
  it.each([
    ['request_url', { request_url: 'http://b/v1/chat/completions' }],
    ['provider', { provider: 'nvcf' }],
    ['nvcf', { nvcf: true }],
    ['body', { body: { model: 'm', temperature: 0.1 } }],
    ['salt', { salt: '1' }],
    ['namespace', { namespace: 'judge' as const }],
  ])('changes with %s', (_name, change) => {
    expect(cacheKey({ ...base, ...change })).not.toBe(cacheKey(base));
  });
});

describe('endpointCacheKey', () => {
  const endpoints: EndpointKeyParts[] = [
    model,
    { namespace: 'judge', provider: 'nvcf', request_url: 'https://x/"q"?a=\u00e9&b=\\', nvcf: true },
  ];
  const bodies = [
    { model: 'm', messages: [{ role: 'user', content: 'Q: "why"\n\tA:' }], temperature: 0, max_tokens: 1, n: 1 },
    { prompt: 'é 中文 \u{1F600}', zeta: [1, null, { b: 2, a: 1 }], alpha: { y: true, x: 0.1 } },
    {},
  ];
  it.each(endpoints)('gives the key as defined, for every body and salt ($namespace)', (fixed) => {
    const keyOf = endpointCacheKey(fixed);
    for (const body of bodies) {
      expect(keyOf(body)).toBe(definedKey({ ...fixed, body }));
      for (const salt of ['1', '', 'a"b']) expect(keyOf(body, salt)).toBe(definedKey({ ...fixed, body, salt }));
    }
  });

  // A field added to the key's parts must be in every key: two requests that differ only there must not share one
  // (the second would be given the first one's answer). The fields sort before body, between body and salt, after v.
  it.each(['a_new', 'n_new', 'w_new'])('keys a field it does not know by name (%s)', (field) => {
    const fixed = { ...model, [field]: { x: 1 } } as EndpointKeyParts;
    for (const salt of [undefined, '1']) {
      const key = endpointCacheKey(fixed)(modelBody, salt);
      expect(key).toBe(definedKey({ ...fixed, body: modelBody, salt }));
      expect(key).not.toBe(endpointCacheKey(model)(modelBody, salt));
    }
  });
});
