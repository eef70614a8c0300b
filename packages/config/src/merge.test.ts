import { describe, it, expect } from '@jest/globals';
import { mergeLayers, mergeTwo, normalizeApiKeyLayer, stackLayers, UNSET, type Layer } from './merge.js';
import { thrown } from './test-support.js';

describe('mergeLayers (docs/configuration.md)', () => {
  it('§3.3 worked example: null skipped, judges deep-merged, list replaced', () => {
    const framework = {
      config: {
        supported_endpoint_types: ['chat', 'completions'],
        params: { extra: { subject: null, judges: { gpt: { url: 'A', model_id: 'm' } } } },
      },
    };
    const runConfig = {
      config: {
        supported_endpoint_types: ['chat'],
        params: { extra: { subject: 'x', judges: { gpt: { url: 'B' } } } },
      },
    };
    const overrides = { config: { params: { extra: { subject: null } } } };
    expect(mergeLayers([framework, runConfig, overrides])).toEqual({
      config: {
        supported_endpoint_types: ['chat'],
        params: { extra: { subject: 'x', judges: { gpt: { url: 'B', model_id: 'm' } } } },
      },
    });
  });

  it.each<[string, Layer, Layer, Layer]>([
    ['dicts merge key by key', { a: { b: 1, c: 2 } }, { a: { c: 3, d: 4 } }, { a: { b: 1, c: 3, d: 4 } }],
    ['lists replace wholesale', { a: [1, 2, 3] }, { a: [9] }, { a: [9] }],
    ['an empty list replaces too', { a: [1] }, { a: [] }, { a: [] }],
    ['scalars replace', { a: 1 }, { a: 'x' }, { a: 'x' }],
    ['a dict replaces a scalar', { a: 1 }, { a: { b: 2 } }, { a: { b: 2 } }],
    ['a scalar replaces a dict', { a: { b: 2 } }, { a: 0 }, { a: 0 }],
    ['null does not override', { a: 5, b: { c: 1 } }, { a: null, b: null }, { a: 5, b: { c: 1 } }],
    ['null records an absent key', {}, { a: null }, { a: null }],
    ['false and 0 do override', { a: true, b: 5 }, { a: false, b: 0 }, { a: false, b: 0 }],
    ['__unset__ removes a key', { a: 1, b: { c: 1, d: 2 } }, { b: { c: UNSET } }, { a: 1, b: { d: 2 } }],
    ['__unset__ removes a whole dict', { a: 1, b: { c: 1 } }, { b: UNSET }, { a: 1 }],
    ['__unset__ of an absent key is harmless', { a: 1 }, { z: UNSET }, { a: 1 }],
    ['__unset__ never reaches the result', {}, { a: UNSET, b: { c: UNSET }, d: ['x', UNSET] }, { b: {}, d: ['x'] }],
  ])('%s', (_name, lower, upper, expected) => {
    expect(mergeTwo(lower, upper)).toEqual(expected);
  });

  it('a later layer can set a key an earlier layer unset', () => {
    expect(mergeLayers([{ a: 1 }, { a: UNSET }, { a: 2 }])).toEqual({ a: 2 });
  });

  it('does not modify its inputs', () => {
    const lower = { a: { b: [1] } };
    const upper = { a: { c: 2 } };
    const merged = mergeTwo(lower, upper);
    (merged.a as { b: number[] }).b.push(5);
    expect(lower).toEqual({ a: { b: [1] } });
    expect(upper).toEqual({ a: { c: 2 } });
  });

  it('drops __proto__ keys from YAML data', () => {
    const upper = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Layer;
    const merged = mergeTwo({}, upper);
    expect(merged).toEqual({ a: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("stackLayers (a suite YAML's task params over its evaluation.params)", () => {
  const framework = { limit_samples: null, parallelism: 1, temperature: 0.5, extra: { subject: 's', stop: ['a'] } };
  it.each<[string, Layer, Layer, Layer]>([
    [
      'null never overrides: the suite limit stays',
      { limit_samples: 20 },
      { limit_samples: null },
      { limit_samples: 20 },
    ],
    ['null records a key neither sets', {}, { limit_samples: null }, { limit_samples: null }],
    ['a task value wins', { limit_samples: 20 }, { limit_samples: 5 }, { limit_samples: 5 }],
    ['maps merge key by key', { extra: { a: 1, b: 2 } }, { extra: { b: 3 } }, { extra: { a: 1, b: 3 } }],
    ['lists replace', { extra: { stop: ['x', 'y'] } }, { extra: { stop: ['z'] } }, { extra: { stop: ['z'] } }],
    [
      "a task's __unset__ stays, for the layers below",
      { temperature: 0.1 },
      { temperature: UNSET },
      { temperature: UNSET },
    ],
    [
      "the suite's __unset__ stays unless a task sets the key",
      { temperature: UNSET },
      { extra: {} },
      { temperature: UNSET, extra: {} },
    ],
    ['a task sets what the suite unset', { temperature: UNSET }, { temperature: 0 }, { temperature: 0 }],
  ])('%s', (_name, suite, task, expected) => {
    const stacked = stackLayers(suite, task);
    expect(stacked).toEqual(expected);
    // Over framework.yml the stacked pair resolves as the two layers merged one after the other.
    expect(mergeTwo(framework, stacked)).toEqual(mergeLayers([framework, suite, task]));
  });

  it('drops __proto__ keys and does not modify its inputs', () => {
    const suite = { extra: { stop: ['a'] } };
    const task = JSON.parse('{"__proto__": {"polluted": true}, "extra": {"b": 1}}') as Layer;
    const stacked = stackLayers(suite, task);
    (stacked.extra as { stop: string[] }).stop.push('z');
    expect(suite).toEqual({ extra: { stop: ['a'] } });
    expect(stacked).toEqual({ extra: { stop: ['a', 'z'], b: 1 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('normalizeApiKeyLayer (§2.4)', () => {
  const layer = (endpoint: Layer): Layer => ({ target: { api_endpoint: endpoint } });

  it.each<[string, Layer, Layer, boolean]>([
    ['api_key only → api_key_name', { api_key: 'MY_KEY', url: 'u' }, { api_key_name: 'MY_KEY', url: 'u' }, true],
    ['api_key_name only → unchanged', { api_key_name: 'MY_KEY' }, { api_key_name: 'MY_KEY' }, false],
    ['both, same value → fine', { api_key: 'K', api_key_name: 'K' }, { api_key_name: 'K' }, true],
    ['api_key null → dropped', { api_key: null, api_key_name: 'K' }, { api_key_name: 'K' }, false],
  ])('%s', (_name, endpoint, expected, wrote) => {
    const result = normalizeApiKeyLayer(layer(endpoint), 'run_config');
    expect(result.layer).toEqual(layer(expected));
    expect(result.wroteApiKey).toBe(wrote);
  });

  it('leaves a layer without target alone', () => {
    const input = { config: { type: 'x' } };
    expect(normalizeApiKeyLayer(input, 'run_config')).toEqual({ layer: input, wroteApiKey: false });
  });

  it('both set to different values → EF_API_KEY_CONFLICT naming the layer', () => {
    const error = thrown(() => normalizeApiKeyLayer(layer({ api_key: 'KEY_A', api_key_name: 'KEY_B' }), 'run_config'));
    expect(error.code).toBe('EF_API_KEY_CONFLICT');
    expect(error.message).toBe("run_config: target.api_endpoint.api_key ('KEY_A') and api_key_name ('KEY_B') differ");
    expect(error.hint).toMatch(/api_key_name/);
  });

  it('a conflict message never prints a pasted secret, only its last 4 characters', () => {
    const secret = 'nvapi-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    const error = thrown(() =>
      normalizeApiKeyLayer(layer({ api_key: secret, api_key_name: 'NVIDIA_API_KEY' }), 'run_config'),
    );
    expect(error.message).not.toContain(secret.slice(0, -4));
    expect(error.message).toContain('…6789');
  });
});
