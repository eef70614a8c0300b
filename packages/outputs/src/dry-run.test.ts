import { describe, it, expect } from '@jest/globals';
import { parse } from 'yaml';
import { formatCommandLines, formatDryRun } from './dry-run.js';
import { sampleEvaluation } from './fixtures/sample.js';

const ARGV = [
  'ef-bench',
  'run',
  '--run-entries',
  'medcalc_bench:model=acme/tiny-model',
  '--suite',
  'medcalc_bench',
  '--output-path',
  'out/run one',
  '--model-configs',
  'out/run one/model_configs',
  '--max-eval-instances',
  '12',
  '-n',
  '2',
  '--temperature',
  '-1',
  '--stop',
  "it's",
  'x',
];

describe('formatDryRun', () => {
  const text = formatDryRun(sampleEvaluation(), ARGV);

  it('frame: heading, blank, YAML, blank, heading, blank, the rendered command one flag per line', () => {
    expect(text.startsWith('Rendered config:\n\nframework_name: helm\n')).toBe(true);
    expect(text.endsWith(`\n\nRendered command:\n\n${formatCommandLines(ARGV)}\n`)).toBe(true);
  });

  it('leaves the raw command template out and round-trips the rest of the config', () => {
    const yamlPart = text.slice('Rendered config:\n\n'.length, text.indexOf('\nRendered command:'));
    const parsed = parse(yamlPart) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['framework_name', 'pkg_name', 'config', 'target']);
    expect(text).not.toContain('{{');
    const { command: _template, ...rest } = sampleEvaluation() as unknown as Record<string, unknown>;
    expect(parsed).toEqual(rest);
  });
});

describe('formatCommandLines', () => {
  it('program and sub-command first, then one flag with its values per line, quoted only where the shell needs it', () => {
    expect(formatCommandLines(ARGV)).toBe(
      [
        'ef-bench run \\',
        '  --run-entries medcalc_bench:model=acme/tiny-model \\',
        '  --suite medcalc_bench \\',
        "  --output-path 'out/run one' \\",
        "  --model-configs 'out/run one/model_configs' \\",
        '  --max-eval-instances 12 \\',
        '  -n 2 \\',
        '  --temperature -1 \\',
        `  --stop 'it'\\''s' x`,
      ].join('\n'),
    );
  });

  it('has no run of spaces and no trailing space, whatever the template left between words', () => {
    const lines = formatCommandLines(['ef-bench', 'run', '--a', '', '--b', 'c']).split('\n');
    expect(lines).toEqual(['ef-bench run \\', "  --a '' \\", '  --b c']);
    for (const line of lines) expect(line.trimStart()).not.toMatch(/ {2}|\s$/);
  });
});
