import { describe, it, expect } from '@jest/globals';
import { applyOverrides } from './overrides-apply.js';
import { overrideValue, parseOverrides, splitOverrideString } from './overrides.js';
import type { Layer } from './merge.js';
import { thrown } from './test-support.js';

const apply = (base: Layer, ...overrides: string[]): Layer => applyOverrides(base, parseOverrides(overrides)).result;

describe('splitOverrideString (§4 splitting)', () => {
  it.each<[string, string[]]>([
    ['a=1,b=2', ['a=1', 'b=2']],
    ['x=[1,2]', ['x=[1,2]']], // NeMo pitfall: became "[1" and 2] was dropped
    ['x=[1,2],y=3', ['x=[1,2]', 'y=3']],
    ['x={a: 1, b: [2, 3]},y=4', ['x={a: 1, b: [2, 3]}', 'y=4']],
    ['x="a,b",y=\'c,d\'', ['x="a,b"', "y='c,d'"]],
    ['x="say \\"hi, there\\"",y=1', ['x="say \\"hi, there\\""', 'y=1']],
    ["x='it''s, ok',y=1", ["x='it''s, ok'", 'y=1']],
    ["x=it's,y=1", ["x=it's", 'y=1']], // an apostrophe inside a plain scalar is not a quote
    [' a=1 , b=2 ', ['a=1', 'b=2']],
    ['a=1,,b=2,', ['a=1', 'b=2']],
    ['', []],
  ])('%s', (input, expected) => {
    expect(splitOverrideString(input)).toEqual(expected);
  });
});

describe('parseOverrides (§4 values and errors)', () => {
  it.each<[string, unknown]>([
    ['config.params.limit_samples=10', 10],
    ['config.params.temperature=0.1', 0.1],
    ['config.params.extra.report_corrected=false', false],
    ['config.params.extra.subject="10"', '10'],
    ['config.params.extra.subject=lab_anemia', 'lab_anemia'],
    ['config.supported_endpoint_types=[chat]', ['chat']],
    ['config.params.extra.judges={gpt: {url: B}}', { gpt: { url: 'B' } }],
    ['target.api_endpoint.model_id=llama3.1:8b', 'llama3.1:8b'],
    ['target.api_endpoint.url=http://localhost:8000/v1', 'http://localhost:8000/v1'],
    ['config.params.top_p=null', null],
    ['config.params.task=', null],
    ['a=b=c', 'b=c'],
  ])('%s', (fragment, value) => {
    expect(parseOverrides([fragment])[0]!.value).toEqual(value);
  });

  it('splits paths on dots', () => {
    expect(parseOverrides(['a.0.b=1'])[0]!.path).toEqual(['a', '0', 'b']);
  });

  it('keeps every repeated flag, in order', () => {
    expect(parseOverrides(['a=1,b=2', 'a=3']).map((a) => a.fragment)).toEqual(['a=1', 'b=2', 'a=3']);
  });

  it.each<[string, RegExp]>([
    ['config.params.limit_samples', /fragment 'config\.params\.limit_samples' has no '='/],
    ['a=1,oops,b=2', /fragment 'oops' has no '='/],
    ['a="unclosed', /Unclosed quote in --overrides fragment 'a="unclosed'/],
    ['a=[1,2', /Unclosed '\[' or '\{' in --overrides fragment 'a=\[1,2'/],
    ['a={b: 1', /Unclosed/],
    ['a=@x', /Invalid YAML value in --overrides fragment 'a=@x'/],
    ['a=[1, 2]]', /Invalid YAML value in --overrides fragment 'a=\[1, 2\]\]'/],
    ['a=x: y: z', /Invalid YAML value/],
    ['=1', /Invalid key '' in --overrides fragment '=1'/],
    ['a..b=1', /Invalid key 'a\.\.b'/],
    ['a.b c=1', /Invalid key 'a\.b c'/],
    ['__proto__.polluted=1', /'__proto__' is not a config key/],
    ['config.constructor.prototype.polluted=1', /'constructor' is not a config key/],
    ['config.params.prototype=1', /'prototype' is not a config key/],
  ])('%s → EF_OVERRIDE_SYNTAX naming the fragment', (input, message) => {
    const error = thrown(() => parseOverrides([input]));
    expect(error.code).toBe('EF_OVERRIDE_SYNTAX');
    expect(error.message).toMatch(message);
  });

  it('a refused __proto__ override leaves Object.prototype untouched', () => {
    thrown(() => parseOverrides(['__proto__.polluted=1']));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('overrideValue returns the last non-null value for a path', () => {
    const assignments = parseOverrides(['config.type=a,config.type=b', 'config.type=null']);
    expect(overrideValue(assignments, 'config.type')).toBe('b');
    expect(overrideValue(assignments, 'config.output_dir')).toBeUndefined();
  });
});

describe('applyOverrides', () => {
  const base: Layer = {
    config: {
      supported_endpoint_types: ['chat', 'completions'],
      params: { limit_samples: null, extra: { subject: 'x', judges: { gpt: { url: 'A', model_id: 'm' } } } },
    },
    target: { api_endpoint: { url: 'u', api_key_name: 'OLD' } },
  };

  it.each<[string, string[], (r: Layer) => unknown, unknown]>([
    ['sets a scalar', ['config.params.limit_samples=10'], (r) => (r.config as any).params.limit_samples, 10],
    [
      'later wins',
      ['config.params.limit_samples=10,config.params.limit_samples=20'],
      (r) => (r.config as any).params.limit_samples,
      20,
    ],
    [
      'later flag wins',
      ['config.params.limit_samples=10', 'config.params.limit_samples=30'],
      (r) => (r.config as any).params.limit_samples,
      30,
    ],
    ['null has no effect', ['config.params.extra.subject=null'], (r) => (r.config as any).params.extra.subject, 'x'],
    [
      '__unset__ removes the key',
      ['config.params.extra.subject=__unset__'],
      (r) => 'subject' in (r.config as any).params.extra,
      false,
    ],
    [
      'a list replaces',
      ['config.supported_endpoint_types=[chat]'],
      (r) => (r.config as any).supported_endpoint_types,
      ['chat'],
    ],
    [
      'a numeric segment indexes the existing list',
      ['config.supported_endpoint_types.1=chat'],
      (r) => (r.config as any).supported_endpoint_types,
      ['chat', 'chat'],
    ],
    [
      '__unset__ of a list item removes it',
      ['config.supported_endpoint_types.0=__unset__'],
      (r) => (r.config as any).supported_endpoint_types,
      ['completions'],
    ],
    [
      'a dict value deep-merges',
      ['config.params.extra.judges={gpt: {url: B}}'],
      (r) => (r.config as any).params.extra.judges,
      { gpt: { url: 'B', model_id: 'm' } },
    ],
    [
      'a dotted path into a dict',
      ['config.params.extra.judges.gpt.url=C'],
      (r) => (r.config as any).params.extra.judges.gpt,
      { url: 'C', model_id: 'm' },
    ],
    [
      'missing dicts are created',
      ['config.params.extra.judges.llama.url=L'],
      (r) => (r.config as any).params.extra.judges.llama,
      { url: 'L' },
    ],
    [
      'an unknown path is set (the schema reports it)',
      ['config.params.limit_sample=5'],
      (r) => (r.config as any).params.limit_sample,
      5,
    ],
    [
      'api_key is written as api_key_name',
      ['target.api_endpoint.api_key=NEW'],
      (r) => (r.target as any).api_endpoint,
      { url: 'u', api_key_name: 'NEW' },
    ],
  ])('%s', (_name, overrides, pick, expected) => {
    expect(pick(apply(base, ...overrides))).toEqual(expected);
  });

  it('reports that the user wrote api_key', () => {
    expect(applyOverrides(base, parseOverrides(['target.api_endpoint.api_key=NEW'])).wroteApiKey).toBe(true);
    expect(applyOverrides(base, parseOverrides(['target.api_endpoint.api_key_name=NEW'])).wroteApiKey).toBe(false);
    const viaDict = applyOverrides(base, parseOverrides(['target.api_endpoint={api_key: NEW}']));
    expect(viaDict.wroteApiKey).toBe(true);
    expect((viaDict.result.target as any).api_endpoint).toEqual({ url: 'u', api_key_name: 'NEW' });
  });

  it('does not modify the base object', () => {
    const copy = JSON.parse(JSON.stringify(base));
    apply(base, 'config.supported_endpoint_types.0=completions', 'config.params.extra.subject=y');
    expect(base).toEqual(copy);
  });

  it.each<[string, RegExp]>([
    [
      'config.supported_endpoint_types.2=chat',
      /index 2 is out of range for 'config\.supported_endpoint_types' \(2 items\)/,
    ],
    ['config.supported_endpoint_types.x=chat', /'config\.supported_endpoint_types' is a list; index it with a number/],
    ['config.params.extra.subject.deeper=1', /'config\.params\.extra\.subject' is a string, not a mapping or list/],
    ['config.supported_endpoint_types.5.x=1', /index 5 is out of range/],
  ])('%s → EF_OVERRIDE_SYNTAX', (override, message) => {
    const error = thrown(() => apply(base, override));
    expect(error.code).toBe('EF_OVERRIDE_SYNTAX');
    expect(error.message).toMatch(message);
  });

  it('never turns a list index into a dict key (NeMo pitfall)', () => {
    const error = thrown(() => apply({ a: null } as Layer, 'a.0.b=1'));
    expect(error.code).toBe('EF_OVERRIDE_SYNTAX');
  });
});

describe('applyOverrides numeric keys', () => {
  it.each<[Layer, string]>([
    [{ a: {} }, 'a.0=1'],
    [{ a: { b: 1 } }, 'a.0.c=1'],
  ])('%j with %s → error instead of a {"0": …} dict', (base, override) => {
    expect(thrown(() => apply(base, override)).message).toMatch(/is not a list; cannot index it with 0/);
  });

  it('an existing numeric dict key is still addressable', () => {
    expect(apply({ a: { '0': 1 } }, 'a.0=2')).toEqual({ a: { '0': 2 } });
  });
});
