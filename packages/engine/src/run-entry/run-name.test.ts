import { describe, it, expect } from '@jest/globals';
import { canonicalRunName, runDirName } from './run-name.js';
import type { RunNameValue, ScenarioArgValue } from './run-name.js';

describe('canonicalRunName (docs/architecture.md)', () => {
  const cases: [string, string, ScenarioArgValue[], [string, RunNameValue][], string][] = [
    ['no arguments', 'pubmed_qa', [], [], 'pubmed_qa'],
    [
      'scenario args in declaration order, unset → None',
      'head_qa',
      [
        { name: 'language', value: 'en' },
        { name: 'category', value: null },
      ],
      [],
      'head_qa:language=en,category=None',
    ],
    [
      'first run-level key opens the ":" part',
      'medcalc_bench',
      [],
      [
        ['model', 'openai/gpt-4o'],
        ['num_output_tokens', 4000],
      ],
      'medcalc_bench:model=openai_gpt-4o,num_output_tokens=4000',
    ],
    [
      'run-level keys follow scenario args with ","',
      'head_qa',
      [
        { name: 'language', value: 'en' },
        { name: 'category', value: null },
      ],
      [['model', 'meta/llama-3.3-70b-instruct']],
      'head_qa:language=en,category=None,model=meta_llama-3.3-70b-instruct',
    ],
    ['model keeps only the last two segments', 'pubmed_qa', [], [['model', 'a/b/c/d']], 'pubmed_qa:model=c_d'],
    ['model without "/"', 'pubmed_qa', [], [['model', 'gpt-4o']], 'pubmed_qa:model=gpt-4o'],
    ['model with ":" is kept', 'pubmed_qa', [], [['model', 'llama3.1:8b']], 'pubmed_qa:model=llama3.1:8b'],
    [
      'run-level keys keep entry order',
      'pubmed_qa',
      [],
      [
        ['max_eval_instances', 1000],
        ['model', 'x/y'],
      ],
      'pubmed_qa:max_eval_instances=1000,model=x_y',
    ],
    [
      '"/" in other run-level values becomes "_"',
      'pubmed_qa',
      [],
      [['eval_split', 'a/b/c']],
      'pubmed_qa:eval_split=a_b_c',
    ],
    [
      'numbers, booleans and undefined',
      'x',
      [
        { name: 'k', value: 0.5 },
        { name: 'b', value: true },
        { name: 'u', value: undefined },
      ],
      [],
      'x:k=0.5,b=True,u=None',
    ],
  ];
  it.each(cases)('%s', (_label, benchmark, scenarioArgs, runLevel, expected) => {
    expect(canonicalRunName(benchmark, scenarioArgs, runLevel)).toBe(expected);
  });
});

describe('runDirName (docs/architecture.md)', () => {
  const cases: [string, string, string][] = [
    ['no ":" at all', 'pubmed_qa', 'pubmed_qa'],
    [
      'first ":" → "__"',
      'medcalc_bench:model=openai_gpt-4o,num_output_tokens=4000',
      'medcalc_bench__model=openai_gpt-4o,num_output_tokens=4000',
    ],
    ['later ":" → "_" (model=llama3.1:8b)', 'medcalc_bench:model=llama3.1:8b', 'medcalc_bench__model=llama3.1_8b'],
    ['every unsafe character → "_"', 'x:a<b>c"d/e\\f|g?h*i:j', 'x__a_b_c_d_e_f_g_h_i_j'],
    ['control characters → "_"', 'x:a\u0000b\u001fc\td', 'x__a_b_c_d'],
    ['DEL and non-ASCII are kept', 'x:a\u007fé', 'x__a\u007fé'],
    ['trailing dots and spaces removed', 'x:v=1. . ', 'x__v=1'],
    ['reserved name', 'CON', 'CON_'],
    ['reserved name, any case', 'nul', 'nul_'],
    ['reserved COM1–9 / LPT1–9', 'com7', 'com7_'],
    ['reserved name before a dot', 'aux.v1', 'aux_.v1'],
    ['not reserved: COM0, CONSOLE, LPT10', 'COM0', 'COM0'],
    ['not reserved: CONSOLE', 'CONSOLE', 'CONSOLE'],
    ['not reserved: LPT10', 'LPT10', 'LPT10'],
    ['reserved after trimming trailing dots', 'PRN..', 'PRN_'],
  ];
  it.each(cases)('%s', (_label, canonical, expected) => {
    expect(runDirName(canonical)).toBe(expected);
  });

  it('exactly 100 characters is kept', () => {
    const name = `b${'x'.repeat(99)}`;
    expect(runDirName(name)).toBe(name);
  });

  it('longer than 100 characters: first 80 + "-" + 16 hex of sha256(canonical name)', () => {
    const canonical = `medhallu:${'x'.repeat(120)}`;
    const dir = runDirName(canonical);
    expect(dir).toBe(`medhallu__${'x'.repeat(70)}-cc8374ab71c93c9d`);
    expect(dir).toHaveLength(97);
  });

  it('the hash is of the canonical name, so names that only differ after 80 characters stay distinct', () => {
    const a = runDirName(`race_based_med:model=org/${'m'.repeat(100)}`);
    const b = runDirName(`race_based_med:model=org/${'m'.repeat(99)}n`);
    expect(a).toBe(`race_based_med__model=org_${'m'.repeat(54)}-12977fcf983ca684`);
    expect(a.slice(0, 80)).toBe(b.slice(0, 80));
    expect(a).not.toBe(b);
  });

  it('101 characters is shortened', () => {
    expect(runDirName('y'.repeat(101))).toMatch(/^y{80}-[0-9a-f]{16}$/);
  });

  it('truncation does not split a surrogate pair', () => {
    const dir = runDirName('a'.repeat(79) + '😀'.repeat(30));
    expect(dir.startsWith(`${'a'.repeat(79)}😀-`)).toBe(true);
  });

  it('a name of dots and spaces alone becomes "_"', () => {
    expect(runDirName('. .')).toBe('_');
  });
});
