import { describe, it, expect } from '@jest/globals';
import { splitArgv } from './split-argv.js';
import { quoteShellWord } from './shell-quote.js';

describe('splitArgv', () => {
  it.each([
    ['', []],
    ['   \n\t ', []],
    ['ef-bench run', ['ef-bench', 'run']],
    ['  a\n  b\t\tc  ', ['a', 'b', 'c']],
    [`'a b' "c d"`, ['a b', 'c d']],
    [`'' ""`, ['', '']],
    [`pre'mid dle'post`, ['premid dlepost']],
    [`'it'\\''s'`, ["it's"]],
    [`"say \\"hi\\" \\\\ \\$HOME \\x"`, ['say "hi" \\ $HOME \\x']],
    [`"line\\\ncontinued"`, ['linecontinued']],
    [`a\\ b c\\\\d`, ['a b', 'c\\d']],
    [`one\\\ntwo`, ['onetwo']],
    [`'$(not run) && | ; > < \`x\`'`, ['$(not run) && | ; > < `x`']],
    [`a\\;b \\&\\& c`, ['a;b', '&&', 'c']],
    ['$HOME ${X} a=b #c', ['$HOME', '${X}', 'a=b', '#c']],
    ['model=llama3.1:8b,subset=x', ['model=llama3.1:8b,subset=x']],
    ['trailing\\', ['trailing\\']],
  ])('%j → %j', (command, argv) => {
    expect(splitArgv(command)).toEqual(argv);
  });

  it.each([
    ['ef-bench run && rm -rf /', '&&'],
    ['a || b', '||'],
    ['a | b', '|'],
    ['a; b', ';'],
    ['a & b', '&'],
    ['a > out.txt', '>'],
    ['a 2>&1', '>'],
    ['a < in.txt', '<'],
    ['echo `id`', '`'],
    ['echo $(id)', '$('],
    ['echo "$(id)"', '$('],
    ['echo "`id`"', '`'],
  ])('rejects %j (operator %s)', (command, operator) => {
    expect(() => splitArgv(command)).toThrow(
      expect.objectContaining({ code: 'EF_COMMAND_NOT_SINGLE', message: expect.stringContaining(`'${operator}'`) }),
    );
  });

  it.each([`a 'open`, `a "open`, `"a\\"`])('rejects unterminated quotes in %j', (command) => {
    expect(() => splitArgv(command)).toThrow(expect.objectContaining({ code: 'EF_COMMAND_SYNTAX' }));
  });
});

// Property-style: whatever a value contains, quote → split gives it back as one word, also glued to other text.
const tricky = [
  '',
  ' ',
  'plain',
  '/data/my runs/out',
  "it's",
  "''",
  "'",
  '"',
  '""',
  'a "quoted" b',
  '\\',
  '\\\\',
  'back\\slash',
  '$HOME',
  '$(rm -rf /)',
  '`id`',
  'a && b',
  'a || b',
  'a | b',
  'a; b',
  '> out',
  '< in',
  '&',
  'tab\there',
  'new\nline',
  '\r\n',
  ' lead',
  'trail ',
  '#comment',
  '*glob?[x]',
  '~user',
  '{a,b}',
  'ünïcödé 模型 🩺',
  'mix \'single\' and "double" \\ $x `y`',
];

describe('quoteShellWord → splitArgv round trip', () => {
  it.each(tricky)('%j survives alone, glued and among other words', (value) => {
    expect(splitArgv(quoteShellWord(value))).toEqual([value]);
    expect(splitArgv(`--path ${quoteShellWord(value)}/model_configs`)).toEqual(['--path', `${value}/model_configs`]);
    expect(splitArgv(`a\n${quoteShellWord(value)}  ${quoteShellWord(value)}\tz`)).toEqual(['a', value, value, 'z']);
  });

  it('survives every pair of tricky values glued together', () => {
    for (const a of tricky) {
      for (const b of tricky) expect(splitArgv(`${quoteShellWord(a)}${quoteShellWord(b)}`)).toEqual([a + b]);
    }
  });
});
