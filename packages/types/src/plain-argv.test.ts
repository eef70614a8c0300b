import { describe, expect, it } from '@jest/globals';
import { readPlainArgv, type PlainFlag } from './plain-argv.js';

const FLAGS: Record<string, PlainFlag> = {
  'run-entries': { type: 'string', array: true, demandOption: true },
  'output-path': { type: 'string' },
  n: { type: 'number', default: 1 },
  kind: { type: 'string', choices: ['chat', 'completions'] },
  'disable-cache': { type: 'boolean', default: false },
};

describe('readPlainArgv', () => {
  it.each([
    [['run', '--run-entries', 'a:model=m'], { 'run-entries': ['a:model=m'], n: 1, 'disable-cache': false }],
    [
      ['run', '--run-entries', 'a', '-n', '32', '--output-path', '/o p', '--disable-cache', '--kind', 'chat'],
      { 'run-entries': ['a'], n: 32, 'output-path': '/o p', 'disable-cache': true, kind: 'chat' },
    ],
    [['run', '--n', '1e2', '--run-entries', 'a'], { 'run-entries': ['a'], n: 100, 'disable-cache': false }],
  ])('%j is read as yargs reads it', (argv, expected) => {
    expect(readPlainArgv(argv, 'run', FLAGS)).toEqual(expected);
  });

  it.each([
    [['list', '--run-entries', 'a'], 'another command'],
    [['run', 'extra', '--run-entries', 'a'], 'a positional'],
    [['run', '--output-path', '/o'], 'a required flag missing'],
    [['run', '--run-entries', 'a', 'b'], 'an array flag given two values'],
    [['run', '--run-entries', 'a', '--run-entries', 'b'], 'a repeated flag'],
    [['run', '--run-entries', 'a', '-n', '2', '--n', '3'], 'a repeated flag under its other spelling'],
    [['run', '--run-entries=a'], '--flag=value'],
    [['run', '--run-entries', 'a', '--unknown', 'x'], 'an unknown flag'],
    [['run', '--run-entries', 'a', '--help'], 'help'],
    [['run', '--run-entries', 'a', '--no-disable-cache'], 'a negated boolean'],
    [['run', '--run-entries', 'a', '--disable-cache', 'true'], 'a boolean with a value'],
    [['run', '--run-entries', 'a', '-n', 'x'], 'a number that is not one'],
    [['run', '--run-entries', 'a', '-n', '-1'], 'a value starting with -'],
    [
      ['run', '--run-entries', 'a', '--output-path', '"/o"'],
      'a quoted value (yargs strips the quotes of a command-line string)',
    ],
    [['run', '--run-entries', 'a', '--output-path', ''], 'an empty value'],
    [['run', '--run-entries', 'a', '--output-path'], 'a missing value'],
    [['run', '--run-entries', 'a', '--kind', 'vlm'], 'a value outside the choices'],
    [['run', '--run-entries', 'a', '--constructor', 'x'], "a name of Object's prototype"],
  ])('%j is left to yargs (%s)', (argv) => {
    expect(readPlainArgv(argv, 'run', FLAGS)).toBeNull();
  });

  it.each([
    ['alias', { alias: 'p' }],
    ['coerce', { coerce: (v: string) => v.toUpperCase() }],
    ['nargs', { nargs: 2 }],
    ['implies', { implies: 'n' }],
    ['conflicts', { conflicts: 'n' }],
  ])('leaves a table whose flag has %s to yargs (it reads otherwise)', (_, extra) => {
    const flags = { ...FLAGS, 'output-path': { ...FLAGS['output-path'], ...extra } as PlainFlag };
    expect(readPlainArgv(['run', '--run-entries', 'a', '--output-path', '/o'], 'run', flags)).toBeNull();
  });
});
