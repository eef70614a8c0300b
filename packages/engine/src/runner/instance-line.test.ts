import { describe, expect, it } from '@jest/globals';
import type { Instance } from '@eval-factory/types';
import { instanceLine } from './dry-run.js';

const base: Instance = {
  id: 'id1',
  split: 'test',
  input: { text: 'Q?\n"x"' },
  references: [{ output: { text: 'yes' }, tags: ['correct'] }],
};

describe('instanceLine (one line of instances.jsonl)', () => {
  it.each([
    [
      'no optional field',
      base,
      '{"id":"id1","split":"test","input":{"text":"Q?\\n\\"x\\""},"references":[{"output":{"text":"yes"},"tags":["correct"]}]}',
    ],
    [
      'every optional field, in its place',
      { ...base, variant: 'corrected', source_id: 's1', extra_data: { a: null }, sub_split: 'dev' } as Instance,
      '{"id":"id1","split":"test","sub_split":"dev","input":{"text":"Q?\\n\\"x\\""},"references":[{"output":{"text":"yes"},"tags":["correct"]}],"extra_data":{"a":null},"source_id":"s1","variant":"corrected"}',
    ],
    [
      'empty optional fields left out',
      { ...base, sub_split: '', source_id: '' } as Instance,
      '{"id":"id1","split":"test","input":{"text":"Q?\\n\\"x\\""},"references":[{"output":{"text":"yes"},"tags":["correct"]}]}',
    ],
  ])('%s', (_name, instance, line) => {
    expect(JSON.stringify(instanceLine(instance))).toBe(line);
  });
});
