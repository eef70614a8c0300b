import { describe, it, expect, afterAll } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateFramework } from './framework.js';
import { readRunConfig, resolveEvaluation } from './resolve.js';
import { endpoint, resolve, runConfig, thrown } from './test-support.js';

describe('resolveEvaluation: the merged Evaluation', () => {
  const { evaluation, warnings, userWroteApiKey, metadata } = resolve({ runConfig: runConfig() });

  it('has exactly the five keys, in order', () => {
    expect(Object.keys(evaluation)).toEqual(['command', 'framework_name', 'pkg_name', 'config', 'target']);
    expect(evaluation.framework_name).toBe('helm');
    expect(evaluation.pkg_name).toBe('eval_factory_engine');
    expect(evaluation.command).toContain('{{config.params.task}}'); // unrendered
  });

  it('merges framework and task defaults under the user layer', () => {
    expect(evaluation.config).toMatchObject({
      type: 'pubmed_qa',
      output_dir: 'out',
      supported_endpoint_types: ['chat', 'completions'],
    });
    expect(evaluation.config.params).toMatchObject({
      task: 'pubmed_qa',
      parallelism: 1,
      max_retries: 5,
      limit_samples: null,
    });
    expect(evaluation.target.api_endpoint).toMatchObject({ ...endpoint, api_key_name: null });
    expect(evaluation.target.api_endpoint.adapter_config).toMatchObject({ use_caching: true, use_nvcf: false });
  });

  it('gives no warnings, no api_key alias and no metadata for a plain config', () => {
    expect(warnings).toEqual([]);
    expect(userWroteApiKey).toBe(false);
    expect('api_key' in evaluation.target.api_endpoint).toBe(false);
    expect(metadata).toBeNull();
  });
});

describe('resolveEvaluation: layers and precedence (§3.1)', () => {
  it('strips the framework prefix from config.type', () => {
    expect(resolve({ runConfig: runConfig({ config: { type: 'helm.head_qa' } }) }).evaluation.config).toMatchObject({
      type: 'head_qa',
      params: { task: 'head_qa' },
    });
  });

  it('CLI flags alone are enough', () => {
    const { evaluation } = resolve({
      flags: {
        eval_type: 'medbullets',
        output_dir: 'o',
        model_id: 'm',
        model_url: 'http://127.0.0.1:1/v1',
        model_type: 'completions',
        api_key_name: 'K',
      },
    });
    expect(evaluation.config).toMatchObject({ type: 'medbullets', output_dir: 'o' });
    expect(evaluation.target.api_endpoint).toMatchObject({
      model_id: 'm',
      url: 'http://127.0.0.1:1/v1',
      type: 'completions',
      api_key_name: 'K',
    });
  });

  it('flags win over the file, overrides win over flags', () => {
    const { evaluation } = resolve({
      runConfig: runConfig({ config: { output_dir: 'file_dir', params: { limit_samples: 5 } } }),
      flags: { output_dir: 'flag_dir', model_id: 'flag-model' },
      overrides: ['target.api_endpoint.model_id=override-model,config.params.limit_samples=7'],
    });
    expect(evaluation.config.output_dir).toBe('flag_dir');
    expect(evaluation.target.api_endpoint.model_id).toBe('override-model');
    expect(evaluation.config.params.limit_samples).toBe(7);
  });

  it('overrides can supply config.type and config.output_dir', () => {
    const { evaluation } = resolve({
      runConfig: { target: { api_endpoint: endpoint } },
      overrides: ['config.type=head_qa,config.output_dir=x'],
    });
    expect(evaluation.config).toMatchObject({ type: 'head_qa', output_dir: 'x' });
  });

  it('overrides index lists that came from framework.yml', () => {
    const { evaluation } = resolve({
      runConfig: runConfig(),
      overrides: ['config.supported_endpoint_types.1=__unset__'],
    });
    expect(evaluation.config.supported_endpoint_types).toEqual(['chat']);
    const error = thrown(() =>
      resolve({ runConfig: runConfig(), overrides: ['config.supported_endpoint_types.2=chat'] }),
    );
    expect(error.code).toBe('EF_OVERRIDE_SYNTAX');
  });

  it('a list in run_config replaces the framework list', () => {
    const { evaluation } = resolve({ runConfig: runConfig({ config: { supported_endpoint_types: ['chat'] } }) });
    expect(evaluation.config.supported_endpoint_types).toEqual(['chat']);
  });

  it('__unset__ removes a default; the declared key comes back as null', () => {
    const { evaluation } = resolve({ runConfig: runConfig(), overrides: ['config.params.parallelism=__unset__'] });
    expect(evaluation.config.params.parallelism).toBeNull();
    expect(JSON.stringify(evaluation)).not.toContain('__unset__');
  });

  it('a null in run_config does not override a default', () => {
    const { evaluation } = resolve({ runConfig: runConfig({ config: { params: { max_retries: null } } }) });
    expect(evaluation.config.params.max_retries).toBe(5);
  });

  it('§3.3 worked example end to end', () => {
    const fw = validateFramework(
      {
        framework: { name: 'helm', pkg_name: 'p' },
        defaults: {
          command: 'ef-bench {{config.params.task}} {{config.params.extra.subject}}',
          config: {
            supported_endpoint_types: ['chat', 'completions'],
            params: { extra: { subject: null, judges: { gpt: { url: 'A', model_id: 'm' } } } },
          },
          target: { api_endpoint: {} },
        },
        evaluations: [{ name: 't', defaults: { config: { type: 't', params: { task: 't' } } } }],
      },
      'worked.yml',
    );
    const { evaluation } = resolveEvaluation({
      framework: fw,
      runConfig: {
        config: {
          type: 't',
          output_dir: 'o',
          supported_endpoint_types: ['chat'],
          params: { extra: { subject: 'x', judges: { gpt: { url: 'B' } } } },
        },
        target: { api_endpoint: endpoint },
      },
      overrides: ['config.params.extra.subject=null'],
    });
    expect(evaluation.config.params.extra.subject).toBe('x');
    expect(evaluation.config.params.extra.judges).toEqual({ gpt: { url: 'B', model_id: 'm' } });
    expect(evaluation.config.supported_endpoint_types).toEqual(['chat']);
  });

  it('an unlisted framework.task runs from the framework defaults with params.task set', () => {
    const { evaluation } = resolve({ runConfig: runConfig({ config: { type: 'helm.some_engine_benchmark' } }) });
    expect(evaluation.config).toMatchObject({
      type: 'some_engine_benchmark',
      params: { task: 'some_engine_benchmark' },
    });
  });

  it('returns metadata separately', () => {
    const result = resolve({ runConfig: runConfig({ metadata: { versioning: { git_hash: 'abc' } } }) });
    expect(result.metadata).toEqual({ versioning: { git_hash: 'abc' } });
    expect('metadata' in result.evaluation).toBe(false);
  });
});

describe('resolveEvaluation: api_key / api_key_name (§2.4)', () => {
  it('a file api_key is normalised; outputs get both spellings', () => {
    const result = resolve({ runConfig: runConfig({ target: { api_endpoint: { api_key: 'NVIDIA_API_KEY' } } }) });
    expect(result.userWroteApiKey).toBe(true);
    expect(result.evaluation.target.api_endpoint).toMatchObject({
      api_key_name: 'NVIDIA_API_KEY',
      api_key: 'NVIDIA_API_KEY',
    });
  });

  it('CLI --api_key_name overrides a file api_key; the alias follows', () => {
    const result = resolve({
      runConfig: runConfig({ target: { api_endpoint: { api_key: 'FILE_KEY' } } }),
      flags: { api_key_name: 'FLAG_KEY' },
    });
    expect(result.evaluation.target.api_endpoint).toMatchObject({ api_key_name: 'FLAG_KEY', api_key: 'FLAG_KEY' });
  });

  it('an --overrides api_key overrides a file api_key_name', () => {
    const result = resolve({
      runConfig: runConfig({ target: { api_endpoint: { api_key_name: 'FILE_KEY' } } }),
      overrides: ['target.api_endpoint.api_key=OVR_KEY'],
    });
    expect(result.userWroteApiKey).toBe(true);
    expect(result.evaluation.target.api_endpoint).toMatchObject({ api_key_name: 'OVR_KEY', api_key: 'OVR_KEY' });
  });

  it('both in the file with different values → EF_API_KEY_CONFLICT', () => {
    const error = thrown(() =>
      resolve({ runConfig: runConfig({ target: { api_endpoint: { api_key: 'A_KEY', api_key_name: 'B_KEY' } } }) }),
    );
    expect(error.code).toBe('EF_API_KEY_CONFLICT');
  });

  it('a secret pasted as the key name fails without printing it', () => {
    const secret = 'nvapi-Qw7Er9Ty1Ui3Op5As7Df9Gh1Jk3Lz5Xc7Vb9';
    for (const where of [{ api_key: secret }, { api_key_name: secret }]) {
      const error = thrown(() => resolve({ runConfig: runConfig({ target: { api_endpoint: where } }) }));
      expect(error.code).toBe('EF_API_KEY_LOOKS_LIKE_SECRET');
      expect(error.message).toContain(`…${secret.slice(-4)}`);
      expect(error.message).not.toContain(secret.slice(0, -4));
      expect(`${error.message} ${error.hint}`).not.toContain('nvapi-');
      expect(error.hint).toContain('put the key in an environment variable and give its name');
    }
  });
});

describe('readRunConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ef-config-resolve-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the file the pipeline consumes', () => {
    const path = join(dir, 'my_test.yml');
    writeFileSync(
      path,
      'config:\n  type: helm.pubmed_qa\n  output_dir: results/x\n  params:\n    limit_samples: 0.5\ntarget:\n  api_endpoint:\n    url: http://127.0.0.1:9/v1\n    model_id: m\n    type: chat\n    api_key: MY_KEY\n',
    );
    const { evaluation, userWroteApiKey } = resolve({ runConfig: readRunConfig(path) });
    expect(evaluation.config).toMatchObject({
      type: 'pubmed_qa',
      output_dir: 'results/x',
      params: { limit_samples: 0.5 },
    });
    expect(userWroteApiKey).toBe(true);
  });

  it('a missing file → EF_FILE_NOT_FOUND', () => {
    expect(thrown(() => readRunConfig(join(dir, 'nope.yml'))).code).toBe('EF_FILE_NOT_FOUND');
  });

  it.each([
    ['a YAML list', '- config: {type: pubmed_qa}\n', 'the file is a list'],
    ['a binary file', '\u007fELF\u0002\u0001\u0001 garbage', 'the file is plain text'],
    ['a bare number', '42\n', 'the file is a number'],
  ])('%s → EF_CONFIG_INVALID (not EF_MISSING_ARG)', (_, text, what) => {
    const path = join(dir, 'odd.yml');
    writeFileSync(path, text);
    const error = thrown(() => readRunConfig(path));
    expect(error.code).toBe('EF_CONFIG_INVALID');
    expect(error.message).toContain(`${what}, not a mapping with config: and target:`);
  });
});

describe('judged', () => {
  const judges = { judges: { gpt: { enabled: true, url: 'http://127.0.0.1:9/v1', model_id: 'j' } } };
  it.each([
    ['a task framework.yml gives a judge roster', 'mtsamples_replicate', {}, true],
    ['an unjudged task', 'pubmed_qa', {}, false],
    // A suite's shared params reach every task: an unjudged one still needs no judge.
    ['an unjudged task whose config names judges', 'pubmed_qa', judges, false],
  ])('%s → %s', (_what, type, extra, judged) => {
    expect(resolve({ runConfig: runConfig({ config: { type, params: { extra } } }) }).judged).toBe(judged);
  });
});
