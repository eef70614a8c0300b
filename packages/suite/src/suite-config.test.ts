import { describe, expect, it } from '@jest/globals';
import { parseSuiteConfig } from './suite-config.js';

const SUITE = `
suite: mini
targets:
  - api_endpoint: {url: 'http://127.0.0.1:9/v1', model_id: org/model-a, type: chat, api_key_name: A_KEY}
  - api_endpoint: {url: 'http://127.0.0.1:10/v1', model_id: model-b, type: completions}
evaluation:
  params: {limit_samples: 20, parallelism: 4, extra: {num_output_tokens: 100, stop: [x, y]}}
  tasks:
    - name: pubmed_qa
    - name: helm.med_dialog
      params: {limit_samples: 5, extra: {subset: icliniq, stop: [z]}}
execution: {type: slurm}
`;

describe('parseSuiteConfig (suite-YAML dialect)', () => {
  const config = parseSuiteConfig(SUITE, 'suite.yml', 'fallback');

  it('makes one job per (target, task), targets outer, in file order', () => {
    expect(config.jobs.map((j) => `${j.model} ${j.name}`)).toEqual([
      'org/model-a pubmed_qa',
      'org/model-a med_dialog',
      'model-b pubmed_qa',
      'model-b med_dialog',
    ]);
    expect(config.suite).toBe('mini');
    expect(config.executor).toBe('slurm');
  });

  it('gives each job a run_config: the suite params under the task params, maps merged, lists replaced', () => {
    expect(config.jobs[1]!.runConfig).toEqual({
      config: {
        type: 'med_dialog',
        params: { limit_samples: 5, parallelism: 4, extra: { num_output_tokens: 100, stop: ['z'], subset: 'icliniq' } },
      },
      target: {
        api_endpoint: { url: 'http://127.0.0.1:9/v1', model_id: 'org/model-a', type: 'chat', api_key_name: 'A_KEY' },
      },
    });
    expect(config.jobs[2]!.runConfig).toMatchObject({
      config: { params: { limit_samples: 20, extra: { stop: ['x', 'y'] } } },
      target: { api_endpoint: { model_id: 'model-b', type: 'completions' } },
    });
  });

  it("merges a task's params by run_eval's layer rules: a null keeps the suite's value, __unset__ stays to remove it", () => {
    const text = `targets:
  - api_endpoint: {url: 'http://127.0.0.1:9/v1', model_id: m, type: chat}
evaluation:
  params: {limit_samples: 20, temperature: 0.3}
  tasks:
    - name: pubmed_qa
      params: {limit_samples: null, temperature: __unset__}
`;
    expect(parseSuiteConfig(text, 'n.yml', 'n').jobs[0]!.runConfig).toMatchObject({
      config: { params: { limit_samples: 20, temperature: '__unset__' } },
    });
  });

  it('gives its output_dir and execution.type as the defaults of --output_dir and --executor', () => {
    expect([config.outputDir, config.executor]).toEqual([null, 'slurm']);
    expect(parseSuiteConfig(`output_dir: /data/runs\n${SUITE}`, 'suite.yml', 'x').outputDir).toBe('/data/runs');
  });

  it('a task listed for two subsets is two jobs, each named by what tells them apart, as HELM names runs', () => {
    const twice = SUITE.replace(
      '    - name: pubmed_qa\n',
      '    - name: med_dialog\n      params: {extra: {subset: healthcaremagic}}\n',
    );
    const jobs = parseSuiteConfig(twice, 'suite.yml', 'x').jobs.filter((j) => j.model === 'model-b');
    expect(jobs.map((j) => [j.name, j.benchmark])).toEqual([
      ['med_dialog,subset=healthcaremagic', 'med_dialog'],
      ['med_dialog,subset=icliniq', 'med_dialog'],
    ]);
  });

  it('names a listing by a value that is not a string as JSON, never [object Object]', () => {
    const twice = SUITE.replace(
      '    - name: pubmed_qa\n',
      '    - name: med_dialog\n      params: {extra: {subset: {a: 1}}}\n',
    ).replace('subset: icliniq', 'subset: {a: 2}');
    const names = parseSuiteConfig(twice, 'suite.yml', 'x')
      .jobs.filter((j) => j.model === 'model-b')
      .map((j) => j.name);
    expect(names).toEqual(['med_dialog,subset={"a":1}', 'med_dialog,subset={"a":2}']);
  });

  it('takes the file name when the suite has no name', () => {
    expect(parseSuiteConfig(SUITE.replace('suite: mini\n', ''), 'suite.yml', 'fallback').suite).toBe('fallback');
  });

  it.each([
    ['not YAML', 'targets: [', /not valid YAML/],
    ['a list', '- a', /expected a mapping/],
    ['an unknown key', SUITE.replace('execution:', 'executon:'), /unknown top-level key executon/],
    ['no targets', 'evaluation: {tasks: [pubmed_qa]}', /targets: must list/],
    [
      'a target without model_id',
      SUITE.replace('model_id: model-b, ', ''),
      /targets\[1\]\.api_endpoint\.model_id: required/,
    ],
    ['no tasks', SUITE.replace(/tasks:[\s\S]*execution/, 'tasks: []\nexecution'), /evaluation\.tasks: must list/],
    ['a task without a name', SUITE.replace('- name: pubmed_qa', '- params: {}'), /evaluation\.tasks\[0\]/],
    ['a model listed twice', SUITE.replace('model_id: model-b', 'model_id: org/model-a'), /listed twice/],
    [
      'a task listed twice alike',
      SUITE.replace('    - name: pubmed_qa\n', '    - name: pubmed_qa\n    - pubmed_qa\n'),
      /pubmed_qa is listed twice with the same/,
    ],
    [
      'an executor that is not a name',
      SUITE.replace('{type: slurm}', '{type: [lsf]}'),
      /execution\.type: \["lsf"\] is not/,
    ],
    ['an output_dir that is not a path', `output_dir: [a]\n${SUITE}`, /output_dir: not a folder path/],
    // A misspelt key below the top would drop what it holds without a word.
    [
      'a misspelt evaluation key',
      SUITE.replace('  params: {limit', '  parms: {limit'),
      /unknown key evaluation\.parms/,
    ],
    [
      "a misspelt task's key",
      SUITE.replace('      params: {limit_samples: 5', '      parms: {limit_samples: 5'),
      /unknown key evaluation\.tasks\[1\]\.parms \(known: name, params\)/,
    ],
    ['a misspelt execution key', SUITE.replace('{type: slurm}', '{typ: slurm}'), /unknown key execution\.typ/],
    ['cluster settings in execution', SUITE.replace('{type: slurm}', '{type: slurm, account: a}'), /flags: docs/],
    ['execution as a string', SUITE.replace('{type: slurm}', 'slurm'), /execution: must be a mapping/],
    ['a Hydra defaults list', `defaults: [{execution: slurm}]\n${SUITE}`, /defaults: .* is not read here/],
    [
      "a key beside a target's api_endpoint",
      SUITE.replace('api_key_name: A_KEY}', 'api_key_name: A_KEY}\n    adapter_confg: {}'),
      /unknown key targets\[0\]\.adapter_confg \(known: api_endpoint\)/,
    ],
  ])('%s → EF_SUITE_CONF naming the file and the field', (_what, text, message) => {
    expect(() => parseSuiteConfig(text, 'suite.yml', 'x')).toThrow(
      expect.objectContaining({ code: 'EF_SUITE_CONF', message: expect.stringMatching(message) }),
    );
    expect(() => parseSuiteConfig(text, 'suite.yml', 'x')).toThrow(/^suite\.yml: /);
  });
});
