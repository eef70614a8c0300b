import { describe, it, expect } from '@jest/globals';
import type { EvaluationDraft } from './evaluation.js';
import { loadFramework } from './framework.js';
import { checkUnusedParams, templateParamRefs } from './unused-params.js';

function draft(command: string, params: object, extra: object = {}): EvaluationDraft {
  return { command, config: { params: { ...params, extra } } } as unknown as EvaluationDraft;
}

describe('templateParamRefs', () => {
  it.each<[string, string[]]>([
    ['{{config.params.task}}', ['task']],
    ['{{#if (isSet config.params.limit_samples)}}--max {{config.params.limit_samples}}{{/if}}', ['limit_samples']],
    ['{{quote config.params.extra.data_path}}', ['extra.data_path']],
    ['{{#unless config.params.extra.a}}x{{else}}{{config.params.extra.b}}{{/unless}}', ['extra.a', 'extra.b']],
    ['{{#each config.params.extra}}{{this}}{{/each}}', ['extra']],
    ['{{target.api_endpoint.model_id}} {{config.output_dir}}', []],
  ])('%s', (template, expected) => {
    expect([...templateParamRefs(template)].sort()).toEqual(expected.sort());
  });
});

describe('checkUnusedParams', () => {
  it('warns about non-null params the template never uses', () => {
    const warnings = checkUnusedParams(
      draft('{{config.params.task}}', { task: 't', top_p: 0.9, temperature: null }, { subset: 'x', subject: null }),
    );
    expect(warnings).toEqual([
      {
        code: 'EF_UNUSED_PARAMS',
        message:
          'Configuration contains parameter(s) that are not used in the command template: config.params.top_p, config.params.extra.subset',
      },
    ]);
  });

  it('0 and false count as set', () => {
    const [warning] = checkUnusedParams(draft('', { max_retries: 0 }, { report_corrected: false }));
    expect(warning!.message).toMatch(/config\.params\.max_retries, config\.params\.extra\.report_corrected$/);
  });

  it('ignores keys the model-config generator consumes', () => {
    const extra = { gpt_judge_api_key: 'G', llama_judge_api_key: 'L', claude_judge_api_key: 'C', judges: { gpt: {} } };
    expect(checkUnusedParams(draft('', {}, extra))).toEqual([]);
  });

  it('a reference to the extra dict uses all of it', () => {
    expect(checkUnusedParams(draft('{{#each config.params.extra}}{{/each}}', {}, { foo: 1 }))).toEqual([]);
  });

  it('the repository template uses every framework.yml default that is set', () => {
    const fw = loadFramework();
    const { config, command } = fw.defaults as any;
    expect(checkUnusedParams({ command, config } as EvaluationDraft)).toEqual([]);
  });
});
