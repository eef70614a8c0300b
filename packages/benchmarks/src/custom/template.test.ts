import { describe, expect, it } from '@jest/globals';
import { compileTemplate, parsePythonFormat } from './template.js';

const hbs = (text: string) => compileTemplate({ engine: 'handlebars', text, origin: 'prompt.template' }, '/d/def.yml');
const py = (text: string) => compileTemplate({ engine: 'python', text, origin: 'p.txt' }, '/d/def.yml');

describe('Handlebars templates', () => {
  it.each([
    ['{{question}}', ['question']],
    ['{{a}} {{b}} {{a}}', ['a', 'b']],
    ['{{#if context}}Context: {{context}}\n{{/if}}{{question}}', ['context', 'question']],
    ['{{#each options}}{{this}} {{@index}} {{../stem}}{{/each}}', ['options']],
    ['{{lookup row "x"}} {{[Patient Note]}}', ['row', 'Patient Note']],
    ['no fields', []],
  ])('%j reads %j', (text, fields) => expect(hbs(text).fields).toEqual(fields));

  it('renders without HTML escaping, lists as Handlebars prints them', () => {
    expect(hbs('{{q}} | {{opts}}').render({ q: 'a < b & "c"', opts: ['x', 'y'] }, 'row 1')).toBe('a < b & "c" | x,y');
  });

  it('strict: a field a row lacks is an EF_CUSTOM_TEMPLATE error naming the row', () => {
    expect(() => hbs('{{q}} {{missing}}').render({ q: 'a' }, 'quiz.csv row 3')).toThrow(
      expect.objectContaining({
        code: 'EF_CUSTOM_TEMPLATE',
        message: expect.stringContaining('prompt.template on quiz.csv row 3'),
      }),
    );
  });

  it('a syntax error names where the template came from', () => {
    expect(() => hbs('{{#if a}}x')).toThrow(
      expect.objectContaining({
        code: 'EF_CUSTOM_TEMPLATE',
        message: expect.stringContaining('prompt.template: not a valid Handlebars template'),
      }),
    );
  });
});

describe('Python format templates (MedHELM prompt files)', () => {
  const fail = (what: string): never => {
    throw new Error(what);
  };

  it('parses fields, {{ }} escapes and !s', () => {
    expect(parsePythonFormat('A {x} {{y}} {z!s}}}', fail)).toEqual([
      { literal: 'A ' },
      { field: 'x' },
      { literal: ' {y} ' },
      { field: 'z' },
      { literal: '}' },
    ]);
    expect(py('{a}{b}{a}').fields).toEqual(['a', 'b']);
    expect(py('{a} and {b}').render({ a: '1', b: 'x' }, 'row 1')).toBe('1 and x');
  });

  it.each([
    ['{}', 'unsupported placeholder {}'],
    ['{0}x', null],
    ['{a.b}', 'unsupported placeholder {a.b}'],
    ['{a[0]}', 'unsupported placeholder {a[0]}'],
    ['{a:>10}', 'unsupported placeholder {a:>10}'],
    ['{a!r}', 'unsupported placeholder {a!r}'],
    ['{a', "single '{' at character 0"],
    ['a}', "single '}' at character 1"],
  ])('%j → %j', (text, error) => {
    if (error === null) expect(() => parsePythonFormat(text, fail)).not.toThrow();
    else expect(() => parsePythonFormat(text, fail)).toThrow(error);
  });
});
