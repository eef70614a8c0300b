/**
 * framework.yml's command template renders in strict mode with the helpers of docs/configuration.md The executor
 * owns the real helpers; the minimal ones here only prove the template and the declared defaults fit together.
 */
import { describe, it, expect } from '@jest/globals';
import Handlebars from 'handlebars';
import { loadFramework } from './framework.js';
import { resolveEvaluation } from './resolve.js';

const hb = Handlebars.create();
hb.registerHelper('isSet', (v: unknown) => v !== null && v !== undefined);
hb.registerHelper('quote', (v: unknown) => `'${String(v).replace(/'/g, `'\\''`)}'`);

const fw = loadFramework();

function render(runConfig: object, overrides: string[] = []): string {
  const { evaluation } = resolveEvaluation({ framework: fw, runConfig, overrides });
  return hb.compile(evaluation.command, { strict: true, noEscape: true })(evaluation).replace(/\s+/g, ' ').trim();
}

const base = {
  config: { type: 'pubmed_qa', output_dir: 'my out' },
  target: { api_endpoint: { url: 'http://127.0.0.1:8000/v1', model_id: 'llama3.1:8b', type: 'chat' } },
};

describe('framework.yml command template', () => {
  it('renders the defaults as one ef-bench invocation', () => {
    expect(render(base)).toBe(
      "ef-bench run --run-entries pubmed_qa:model=llama3.1:8b --suite pubmed_qa --output-path 'my out' " +
        "--model-configs 'my out'/model_configs -n 1 --max-retries 5 --request-timeout 600 " +
        '--report-corrected true --max-failure-rate 0.05',
    );
  });

  it('renders every optional flag when set (0 and false included)', () => {
    const command = render(base, [
      'config.params.limit_samples=0.5,config.params.temperature=0,config.params.top_p=1,config.params.max_new_tokens=64',
      'config.params.extra.subset=icliniq,config.params.extra.num_output_tokens=4000,config.params.extra.num_train_trials=1',
      'config.params.extra.max_length=100000,config.params.extra.data_path=/d/x y,config.params.extra.prompt_texts=/p.yml',
      'config.params.extra.report_corrected=false,config.params.extra.allow_data_drift=true',
      'target.api_endpoint.adapter_config.use_caching=false,target.api_endpoint.adapter_config.caching_dir=/c',
    ]);
    for (const part of [
      'pubmed_qa:model=llama3.1:8b,subset=icliniq',
      '--max-eval-instances 0.5',
      '--temperature 0',
      '--top-p 1',
      '--max-new-tokens 64',
      '--num-output-tokens 4000',
      '--num-train-trials 1',
      '--max-length 100000',
      "--data-path '/d/x y'",
      "--prompt-texts '/p.yml'",
      '--report-corrected false',
      '--allow-data-drift',
      '--disable-cache',
      "--cache-path '/c'/cache.db",
    ]) {
      expect(command).toContain(part);
    }
  });

  it('still renders when a declared param was removed with __unset__', () => {
    expect(render(base, ['config.params.parallelism=__unset__,config.params.extra=__unset__'])).not.toContain('-n ');
  });
});
