import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { thrown } from '../test-support.js';
import { benchmarksDirFrom, scanBenchmarksDir } from './benchmarks-dir.js';
import { isDefinitionPath, readDefinitionHeader } from './definition-header.js';

const dir = mkdtempSync(join(tmpdir(), 'ef-bench-dir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files: Record<string, string> = {
  'b_quiz.yml': 'name: quiz\ndescription: Clinical quiz\n',
  'a_notes.YAML': 'name: notes\n',
  'c_again.yml': 'name: quiz\n',
  'd_shadow.yml': 'name: pubmed_qa\n',
  'e_run_config.yml': 'config: {type: quiz}\n',
  'f_broken.yml': 'name: [unclosed\n',
  'g_data.csv': 'name\nnot a definition\n',
  '.hidden.yml': 'name: hidden\n',
};
for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
mkdirSync(join(dir, 'sub.yml'));

describe('scanBenchmarksDir', () => {
  const scan = scanBenchmarksDir(dir, ['pubmed_qa']);

  it('lists named *.yml / *.yaml definitions in file-name order, directly inside the folder', () => {
    expect(scan.benchmarks.map((b) => [b.name, b.file])).toEqual([
      ['notes', join(dir, 'a_notes.YAML')],
      ['quiz', join(dir, 'b_quiz.yml')],
      ['quiz', join(dir, 'c_again.yml')],
      ['pubmed_qa', join(dir, 'd_shadow.yml')],
    ]);
    expect(scan.benchmarks[1]!.description).toBe('Clinical quiz');
  });

  it('warns about files it skips and about names defined twice or shadowed by a built-in', () => {
    expect(scan.warnings.map((w) => [w.code, w.message.replace(dir, 'DIR')])).toEqual([
      [
        'EF_CUSTOM_DEFINITION_SKIPPED',
        "DIR/e_run_config.yml: not listed: no top-level 'name' (is it a benchmark definition?)",
      ],
      [
        'EF_CUSTOM_DEFINITION_SKIPPED',
        expect.stringMatching(/^DIR\/f_broken\.yml: not listed: .*f_broken\.yml:\d+:\d+: /),
      ],
      ['EF_CUSTOM_DEFINITION_SKIPPED', expect.stringMatching(/^DIR\/sub\.yml: not listed: /)],
      [
        'EF_CUSTOM_NAME_CLASH',
        expect.stringMatching(
          /^custom benchmark 'quiz' is defined twice: .*b_quiz\.yml and .*c_again\.yml; rename one$/,
        ),
      ],
      [
        'EF_CUSTOM_NAME_CLASH',
        expect.stringMatching(/^custom benchmark 'pubmed_qa' .* has the name of a built-in task, which wins/),
      ],
    ]);
  });

  it('a missing folder is EF_BENCHMARKS_DIR_NOT_FOUND', () => {
    const error = thrown(() => scanBenchmarksDir(join(dir, 'absent')));
    expect(error.code).toBe('EF_BENCHMARKS_DIR_NOT_FOUND');
    expect(error.message).toContain('absent (from --benchmarks_dir or EF_BENCHMARKS_DIR)');
    expect(thrown(() => scanBenchmarksDir(join(dir, 'b_quiz.yml'))).code).toBe('EF_BENCHMARKS_DIR_NOT_FOUND');
  });
});

describe('benchmarksDirFrom', () => {
  it.each<[string | undefined, Record<string, string>, string | null]>([
    ['flag', { EF_BENCHMARKS_DIR: '/env' }, resolve('flag')],
    [undefined, { EF_BENCHMARKS_DIR: '/env' }, '/env'],
    [undefined, { EF_BENCHMARKS_DIR: ' ' }, null],
    [undefined, {}, null],
  ])('flag %s, env %j → %s', (flag, env, expected) => {
    expect(benchmarksDirFrom(flag, env)).toBe(expected);
  });
});

describe('definition headers', () => {
  it.each([
    ['a.yml', true],
    ['a.YAML', true],
    ['dir.v2/a.yaml', true],
    ['pubmed_qa', false],
    ['helm.pubmed_qa', false],
    ['a.csv', false],
  ])('isDefinitionPath(%s) = %s', (value, expected) => expect(isDefinitionPath(value)).toBe(expected));

  it('a missing file names the field it came from', () => {
    const error = thrown(() => readDefinitionHeader(join(dir, 'nope.yml'), 'config.type'));
    expect(error).toMatchObject({ code: 'EF_CUSTOM_BENCHMARK_NOT_FOUND' });
    expect(error.message).toBe(`Custom benchmark definition not found: ${join(dir, 'nope.yml')} (from config.type)`);
  });
});
