import { describe, it, expect } from '@jest/globals';
import { parseEntryValue, parseRunEntry } from './parse-run-entry.js';

describe('parseRunEntry', () => {
  const cases: [string, string, Record<string, string | number>][] = [
    ['pubmed_qa', 'pubmed_qa', {}],
    ['pubmed_qa:model=gpt-4o', 'pubmed_qa', { model: 'gpt-4o' }],
    [
      'head_qa:language=en,category=biology,model=meta/llama-3.3-70b-instruct',
      'head_qa',
      { language: 'en', category: 'biology', model: 'meta/llama-3.3-70b-instruct' },
    ],
    [
      'medcalc_bench:model=llama3.1:8b,num_output_tokens=4000',
      'medcalc_bench',
      { model: 'llama3.1:8b', num_output_tokens: 4000 },
    ],
    ['x:max_eval_instances=0.5', 'x', { max_eval_instances: 0.5 }],
    ['x:k=a=b', 'x', { k: 'a=b' }],
    ['x:k=', 'x', { k: '' }],
    ['x:k=1,k=2', 'x', { k: 2 }],
    ['x:model=gpt-4o,corrected=true', 'x', { model: 'gpt-4o', corrected: 'true' }],
  ];
  it.each(cases)('%j', (entry, benchmark, args) => {
    const parsed = parseRunEntry(entry);
    expect(parsed).toEqual({ benchmark, args });
    expect(Object.keys(parsed.args)).toEqual(Object.keys(args));
  });

  it('keeps "__proto__" as an ordinary key', () => {
    const { args } = parseRunEntry('x:__proto__=1');
    expect(Object.keys(args)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
  });

  const errors: [string, RegExp][] = [
    ['', /benchmark name is empty/],
    [':model=x', /benchmark name is empty/],
    ['pubmed_qa:', /expected key=value, got ''/],
    ['pubmed_qa:model', /expected key=value, got 'model'/],
    ['pubmed_qa:model=a,b', /expected key=value, got 'b'/],
    ['pubmed_qa:model=x,', /expected key=value, got ''/],
    ['pubmed_qa:=x', /empty key/],
  ];
  it.each(errors)('%j is a UserError EF_RUN_ENTRY', (entry, message) => {
    let caught: unknown;
    try {
      parseRunEntry(entry);
    } catch (e) {
      caught = e;
    }
    expect(caught).toMatchObject({ name: 'UserError', code: 'EF_RUN_ENTRY' });
    expect((caught as Error).message).toMatch(message);
    expect((caught as Error).message).toContain(`'${entry}'`);
    expect((caught as { hint?: string }).hint).toBeTruthy();
  });
});

describe('parseEntryValue (Python int, else float, else string)', () => {
  const cases: [string, string | number][] = [
    ['1000', 1000],
    ['-3', -3],
    ['+7', 7],
    ['007', 7],
    ['-0', 0],
    ['1_000', 1000],
    [' 42 ', 42],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['1E-2', 0.01],
    ['1__0', '1__0'],
    ['_1', '_1'],
    ['0x10', '0x10'],
    ['nan', 'nan'],
    ['inf', 'inf'],
    ['1e999', '1e999'],
    ['12345678901234567890', '12345678901234567890'],
    ['gpt-4o', 'gpt-4o'],
    ['llama3.1:8b', 'llama3.1:8b'],
    ['', ''],
    [' x ', ' x '],
  ];
  it.each(cases)('%j → %j', (raw, expected) => {
    expect(parseEntryValue(raw)).toBe(expected);
  });
});
