import { describe, it, expect } from '@jest/globals';
import { parse } from 'yaml';
import type { Evaluation } from '@eval-factory/types';
import { renderArgv, renderCommand, templateContext } from './render-command.js';

// The command of docs/configuration.md, read through YAML so the `>-` folding is the real one.
const FRAMEWORK_YAML = `
command: >-
  ef-bench run
  --run-entries {{config.params.task}}:model={{target.api_endpoint.model_id}}{{#if (isSet config.params.extra.subset)}},subset={{config.params.extra.subset}}{{/if}}
  --suite {{config.params.task}} --output-path {{quote config.output_dir}}
  --model-configs {{quote config.output_dir}}/model_configs
  {{#if (isSet config.params.limit_samples)}}--max-eval-instances {{config.params.limit_samples}}{{/if}}
  {{#if (isSet config.params.parallelism)}}-n {{config.params.parallelism}}{{/if}}
  {{#if (isSet config.params.max_new_tokens)}}--max-new-tokens {{config.params.max_new_tokens}}{{/if}}
  {{#if (isSet config.params.temperature)}}--temperature {{config.params.temperature}}{{/if}}
  {{#if (isSet config.params.max_retries)}}--max-retries {{config.params.max_retries}}{{/if}}
  {{#if (isSet config.params.request_timeout)}}--request-timeout {{config.params.request_timeout}}{{/if}}
  {{#if (isSet config.params.extra.num_train_trials)}}--num-train-trials {{config.params.extra.num_train_trials}}{{/if}}
  {{#if (isSet config.params.extra.num_output_tokens)}}--num-output-tokens {{config.params.extra.num_output_tokens}}{{/if}}
  {{#if (isSet config.params.extra.max_length)}}--max-length {{config.params.extra.max_length}}{{/if}}
  {{#if (isSet config.params.extra.data_path)}}--data-path {{quote config.params.extra.data_path}}{{/if}}
  {{#if (isSet config.params.extra.subject)}}--subject {{config.params.extra.subject}}{{/if}}
  {{#if (isSet config.params.extra.condition)}}--condition {{config.params.extra.condition}}{{/if}}
  --report-corrected {{config.params.extra.report_corrected}}
  --max-failure-rate {{config.params.extra.max_failure_rate}}
`;
const TEMPLATE = (parse(FRAMEWORK_YAML) as { command: string }).command;

const OUT = `/tmp/my runs/it's "here"`;

/** framework.yml defaults (§1.3) merged with the run_config of §2.1, output folder made awkward on purpose. */
function example(params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Evaluation {
  return {
    command: TEMPLATE,
    framework_name: 'helm',
    pkg_name: 'eval_factory_engine',
    config: {
      type: 'medcalc_bench',
      output_dir: OUT,
      supported_endpoint_types: ['chat', 'completions'],
      params: {
        limit_samples: 1000,
        parallelism: 8,
        max_new_tokens: null,
        temperature: null,
        top_p: null,
        max_retries: 5,
        request_timeout: 600,
        task: 'medcalc_bench',
        ...params,
        extra: {
          num_train_trials: null,
          max_length: null,
          num_output_tokens: null,
          data_path: null,
          subject: null,
          condition: null,
          subset: null,
          gpt_judge_api_key: 'GPT_JUDGE_API_KEY',
          report_corrected: true,
          prompt_texts: null,
          max_failure_rate: 0.05,
          allow_data_drift: false,
          judges: {},
          ...extra,
        },
      },
    },
    target: {
      api_endpoint: {
        url: 'https://integrate.api.nvidia.com/v1',
        model_id: 'meta/llama-3.3-70b-instruct',
        type: 'chat',
        api_key_name: 'NVIDIA_API_KEY',
        adapter_config: { use_nvcf: false },
      },
    },
  };
}

describe('renderArgv with the §1.3 template', () => {
  it('renders the example config into the expected argv', () => {
    expect(renderArgv(TEMPLATE, example())).toEqual([
      'ef-bench',
      'run',
      '--run-entries',
      'medcalc_bench:model=meta/llama-3.3-70b-instruct',
      '--suite',
      'medcalc_bench',
      '--output-path',
      OUT,
      '--model-configs',
      `${OUT}/model_configs`,
      '--max-eval-instances',
      '1000',
      '-n',
      '8',
      '--max-retries',
      '5',
      '--request-timeout',
      '600',
      '--report-corrected',
      'true',
      '--max-failure-rate',
      '0.05',
    ]);
  });

  it('adds optional flags, keeps 0 and false, quotes paths', () => {
    const argv = renderArgv(
      TEMPLATE,
      example(
        { limit_samples: 0.25, temperature: 0, max_new_tokens: 0 },
        {
          subset: 'icliniq',
          data_path: '/data/ehr shot; rm -rf ~',
          report_corrected: false,
          subject: 'lab_anemia',
        },
      ),
    );
    expect(argv).toEqual(expect.arrayContaining(['medcalc_bench:model=meta/llama-3.3-70b-instruct,subset=icliniq']));
    const pairs = Object.fromEntries(
      argv
        .slice(2)
        .map((a, i, all) => [a, all[i + 1]])
        .filter(([a]) => a?.startsWith('-')),
    );
    expect(pairs).toMatchObject({
      '--max-eval-instances': '0.25',
      '--temperature': '0',
      '--max-new-tokens': '0',
      '--data-path': '/data/ehr shot; rm -rf ~',
      '--subject': 'lab_anemia',
      '--report-corrected': 'false',
    });
  });

  // Such a value is not a framework.yml fault (EF_COMMAND_NOT_SINGLE): it stays inside its one argument, and
  // config's EF_MODEL_ID rule names the field that holds it.
  it('keeps a value with a shell operator inside the argument of its unquoted slot', () => {
    const evaluation = example();
    const endpoint = { ...evaluation.target.api_endpoint, model_id: 'm && curl evil.invalid' };
    const argv = renderArgv(TEMPLATE, { ...evaluation, target: { api_endpoint: endpoint } });
    expect(argv.filter((a) => a.includes('evil'))).toEqual([
      expect.stringMatching(/:model=m && curl evil\.invalid(,|$)/),
    ]);
    expect(argv).not.toContain('&&');
  });

  it('refuses a template that renders to nothing', () => {
    expect(() => renderArgv('{{#if (isSet config.nothing)}}x{{/if}}', example())).toThrow(
      expect.objectContaining({ code: 'EF_COMMAND_NOT_SINGLE' }),
    );
  });
});

describe('renderCommand helpers', () => {
  const guard = '{{#if (isSet config.params.x)}}set={{config.params.x}}{{else}}unset{{/if}}';
  it.each([
    [0, 'set=0'],
    [false, 'set=false'],
    ['', 'set='],
    ['a', 'set=a'],
    [null, 'unset'],
  ])('isSet(%j) → %s', (x, expected) => {
    expect(renderCommand(guard, { config: { params: { x } }, target: {} })).toBe(expected);
  });

  it('shows why isSet exists: a plain #if treats 0 as unset', () => {
    expect(
      renderCommand('{{#if config.params.x}}set{{else}}unset{{/if}}', { config: { params: { x: 0 } }, target: {} }),
    ).toBe('unset');
  });

  it.each([
    ['{{#if (eq target.api_endpoint.type "chat")}}chat{{else}}other{{/if}}', 'chat'],
    ['{{#if (eq target.api_endpoint.type "completions")}}completions{{else}}other{{/if}}', 'other'],
    ['{{quote target.api_endpoint.model_id}}', `'meta/llama-3.3-70b-instruct'`],
    ['{{quote config.output_dir}}', `'/tmp/my runs/it'\\''s "here"'`],
    ['{{quote config.params.parallelism}}', `'8'`],
    ['<{{config.params.extra.report_corrected}}>', '<true>'],
  ])('%s → %s', (template, expected) => {
    expect(renderCommand(template, example())).toBe(expected);
  });

  it('does not HTML-escape (noEscape)', () => {
    expect(renderCommand('{{config.params.s}}', { config: { params: { s: `a&b<c>"d'` } }, target: {} })).toBe(
      `a&b<c>"d'`,
    );
  });
});

describe('renderCommand errors', () => {
  it.each([
    ['--x {{config.params.missing}}', 'config.params.missing'],
    ['a\n  b {{config.params.extra.nope}} c', 'config.params.extra.nope'],
    ['{{config.nothing.deeper}}', 'config.nothing.deeper'],
    ['--data {{quote config.params.extra.data_path}}', 'config.params.extra.data_path'],
    ['--data {{quote config.params.extra.never_declared}}', 'config.params.extra.never_declared'],
  ])('%j → Missing required configuration field: %s', (template, path) => {
    expect(() => renderCommand(template, example())).toThrow(
      expect.objectContaining({ code: 'EF_TEMPLATE', message: `Missing required configuration field: ${path}` }),
    );
  });

  it.each([
    '{{#if x}}',
    '{{/if}}',
    '{{config.params.task',
  ])('reports template syntax errors in %j on one line', (template) => {
    expect(() => renderCommand(template, example())).toThrow(
      expect.objectContaining({
        code: 'EF_TEMPLATE',
        message: expect.stringMatching(/^Invalid command template: [^\n]+$/),
      }),
    );
  });
});

describe('templateContext', () => {
  it.each([
    [{ api_key_name: 'NVIDIA_API_KEY' }, 'NVIDIA_API_KEY'],
    [{ api_key: 'LEGACY_KEY' }, 'LEGACY_KEY'],
    [{ api_key: 'SAME', api_key_name: 'SAME' }, 'SAME'],
    [{}, null],
  ])('exposes api_key and api_key_name with the same value for %j', (keys, expected) => {
    // Only the endpoint matters here; the rest of the Evaluation is left out on purpose.
    const evaluation = { config: {}, target: { api_endpoint: { url: 'u', ...keys } } } as unknown as Evaluation;
    const context = templateContext(evaluation) as { target: { api_endpoint: Record<string, unknown> } };
    expect(context.target.api_endpoint.api_key).toBe(expected);
    expect(context.target.api_endpoint.api_key_name).toBe(expected);
    expect(renderCommand('{{target.api_endpoint.api_key}}|{{target.api_endpoint.api_key_name}}', evaluation)).toBe(
      expected === null ? '|' : `${expected}|${expected}`,
    );
    // The caller's object is left untouched.
    expect(evaluation.target.api_endpoint).toEqual({ url: 'u', ...keys });
  });
});

describe('renderArgv: a configuration value is never more than the argument it stands in', () => {
  const template =
    'ef-bench run --run-entries {{config.params.task}}:model={{target.api_endpoint.model_id}} --output-path {{quote config.output_dir}}{{#if (eq config.type "x y")}} --flag{{/if}}';
  it.each([
    ['m --output-path /x', 'a b'],
    ["m'; rm -rf / #", 'o"ut'],
    ['m\n--debug', '$(touch /tmp/p)'],
    ['`id` | cat > /etc/x', 'dir with  two  spaces'],
  ])('model_id %j, output_dir %j', (modelId, outputDir) => {
    const argv = renderArgv(template, {
      config: { type: 'x y', output_dir: outputDir, params: { task: 'pubmed_qa' } },
      target: { api_endpoint: { model_id: modelId } },
    });
    expect(argv).toEqual([
      'ef-bench',
      'run',
      '--run-entries',
      `pubmed_qa:model=${modelId}`,
      '--output-path',
      outputDir,
      '--flag',
    ]);
  });
});
