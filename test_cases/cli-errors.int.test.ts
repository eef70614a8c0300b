import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TASK_ORDER } from '@eval-factory/testkit';
import { describe, expect, it } from '@jest/globals';
import { fixture, REPO_ROOT, runCli, tempDir, writeRunConfig } from './support.js';

const endpoint = { url: 'http://127.0.0.1:9/v1', model_id: 'm', type: 'chat' };
const base = (out: string) => ({
  config: { type: 'pubmed_qa', output_dir: out, params: { extra: { data_path: fixture('pubmed_qa') } } },
  target: { api_endpoint: endpoint },
});

describe('bad input gets one coded error, exit 1, no stack trace, nothing written', () => {
  it.each([
    [
      'unknown task',
      (o: string) => ({ ...base(o), config: { ...base(o).config, type: 'pubmed_qaa' } }),
      'EF_UNKNOWN_EVALUATION',
    ],
    [
      'wrong type',
      (o: string) => ({ ...base(o), config: { ...base(o).config, params: { parallelism: 'many' } } }),
      'EF_CONFIG_INVALID',
    ],
    [
      'unknown key',
      (o: string) => ({ ...base(o), config: { ...base(o).config, params: { paralelism: 4 } } }),
      'EF_CONFIG_INVALID',
    ],
    [
      'secret pasted as key name',
      (o: string) => ({
        ...base(o),
        target: { api_endpoint: { ...endpoint, api_key_name: 'sk-proj-Abc123Def456Ghi789Jkl012Mno345' } },
      }),
      'EF_API_KEY_LOOKS_LIKE_SECRET',
    ],
    ['missing endpoint', (o: string) => ({ config: base(o).config }), 'EF_MISSING_ENDPOINT'],
    [
      'a judge URL that is not http(s)',
      (o: string) => ({
        ...base(o),
        config: {
          ...base(o).config,
          params: {
            extra: {
              data_path: fixture('pubmed_qa'),
              judges: { gpt: { url: 'ftp://judge.example/v1', model_id: 'j' } },
            },
          },
        },
      }),
      'EF_URL_INVALID',
    ],
    [
      'a key pasted under extra.judges',
      (o: string) => ({
        ...base(o),
        config: {
          ...base(o).config,
          params: {
            extra: {
              data_path: fixture('pubmed_qa'),
              judges: {
                gpt: { url: 'http://127.0.0.1:9/v1', model_id: 'j', api_key: 'sk-Abc123Def456Ghi789Jkl012Mno345' },
              },
            },
          },
        },
      }),
      'EF_API_KEY_LOOKS_LIKE_SECRET',
    ],
  ])('%s', async (_name, make, code) => {
    const dir = tempDir();
    const out = join(dir, 'out');
    const rc = writeRunConfig(dir, make(out));
    const r = await runCli(['run_eval', '--run_config', rc]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error[${code}]`);
    expect(r.stderr).toMatch(/^hint: /m);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.stderr).not.toContain('Abc123Def456Ghi789Jkl012Mno345');
    expect(existsSync(out)).toBe(false);
  });

  it('a task marked not yet available (framework.yml `available: false`)', async () => {
    const dir = tempDir();
    const framework = readFileSync(join(REPO_ROOT, 'framework.yml'), 'utf8').replace(
      '  - name: medec\n',
      '  - name: medec\n    available: false\n',
    );
    writeFileSync(join(dir, 'framework.yml'), framework);
    const rc = writeRunConfig(dir, {
      ...base(join(dir, 'out')),
      config: { ...base(join(dir, 'out')).config, type: 'medec' },
    });
    const r = await runCli(['run_eval', '--run_config', rc], {
      env: { EF_FRAMEWORK_FILE: join(dir, 'framework.yml') },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[EF_TASK_NOT_AVAILABLE]');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('a command template that renders to nothing', async () => {
    const dir = tempDir();
    const framework = readFileSync(join(REPO_ROOT, 'framework.yml'), 'utf8').replace(
      /^ {2}command: >-\n( {4}.*\n)+/m,
      "  command: '{{#if false}}x{{/if}}'\n",
    );
    writeFileSync(join(dir, 'framework.yml'), framework);
    const rc = writeRunConfig(dir, base(join(dir, 'out')));
    const r = await runCli(['run_eval', '--run_config', rc], {
      env: { EF_FRAMEWORK_FILE: join(dir, 'framework.yml') },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[EF_COMMAND_NOT_SINGLE]');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('an output_dir below a file: EF_OUTPUT_WRITE, not an internal error', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'blocker'), 'x');
    const rc = writeRunConfig(dir, base(join(dir, 'blocker', 'out')));
    const r = await runCli(['run_eval', '--run_config', rc]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `error[EF_OUTPUT_WRITE]: cannot write to ${join(dir, 'blocker', 'out')}: ${join(dir, 'blocker')} is not a folder (ENOTDIR)`,
    );
  });

  it('a damaged run_config.yml of an earlier run in the output folder: EF_YAML with its position', async () => {
    const dir = tempDir();
    const out = join(dir, 'out');
    mkdirSync(out);
    writeFileSync(join(out, 'run_config.yml'), 'config: [unclosed\n');
    const r = await runCli(['run_eval', '--run_config', writeRunConfig(dir, base(out))]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error[EF_YAML]: ${join(out, 'run_config.yml')}:`);
  });

  it('adds the stack trace only with --debug', async () => {
    const dir = tempDir();
    const rc = writeRunConfig(dir, {
      ...base(join(dir, 'out')),
      config: { ...base(join(dir, 'out')).config, type: 'nope' },
    });
    const r = await runCli(['--debug', 'run_eval', '--run_config', rc]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^\s+at /m);
  });

  it('a missing run_config file', async () => {
    const r = await runCli(['run_eval', '--run_config', join(tempDir(), 'absent.yml')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[EF_FILE_NOT_FOUND]');
  });

  it('a named key variable that is not set', async () => {
    const dir = tempDir();
    const rc = writeRunConfig(dir, {
      ...base(join(dir, 'out')),
      target: { api_endpoint: { ...endpoint, api_key_name: 'EF_SURELY_UNSET_KEY' } },
    });
    const r = await runCli(['run_eval', '--run_config', rc], { env: { EF_SURELY_UNSET_KEY: undefined } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the variable was not found in the environment: EF_SURELY_UNSET_KEY');
  });

  it('an unknown command is a usage error (exit 2)', async () => {
    const r = await runCli(['frobnicate']);
    expect(r.code).toBe(2);
  });
});

describe('ls and --dry_run', () => {
  it('ls lists the MedHELM tasks in framework order', async () => {
    const r = await runCli(['ls']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('helm: '); // NeMo's own line, trailing space included (docs/configuration.md#compatibility)
    expect(lines.slice(1)).toEqual(TASK_ORDER.map((t) => `  * ${t}`));
  });

  it('plain ls (which skips the argument parser) prints what ls through the parser prints', async () => {
    const [plain, parsed] = await Promise.all([runCli(['ls']), runCli(['--debug', 'ls'])]);
    expect(plain).toEqual({ code: 0, stdout: parsed.stdout, stderr: '' });
    // --debug: the same stdout, and the details on stderr only.
    expect(parsed.code).toBe(0);
    expect(parsed.stderr).toMatch(/^debug: framework file .*framework\.yml\n/);
  });

  it.each([
    'openai.yml',
    'nvidia-build.yml',
    'nvcf.yml',
    'vllm.yml',
    'ollama.yml',
    'llama-cpp.yml',
    'medhelm-published.yml',
  ])('dry-runs configs/%s without a key and writes nothing', async (file) => {
    const cwd = tempDir();
    const r = await runCli(['run_eval', '--run_config', join(__dirnameOf(), '..', 'configs', file), '--dry_run'], {
      cwd,
      env: { OPENAI_API_KEY: undefined, NVIDIA_API_KEY: undefined },
    });
    expect(r.stderr).not.toMatch(/error\[/);
    expect(r.code).toBe(0);
    const [head, command] = r.stdout.split('\nRendered command:\n\n');
    expect(head).toMatch(/^Rendered config:\n\nframework_name: helm\npkg_name: eval_factory_engine\nconfig:\n/);
    expect(head).not.toContain('{{'); // the raw template is not shown
    const lines = command.trimEnd().split('\n');
    expect(lines[0]).toBe('ef-bench run \\');
    expect(lines[1]).toMatch(/^ {2}--run-entries \S+ \\$/);
    // One flag per line, whitespace normalised: no run of spaces inside a line.
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {2}--?[a-z][\w-]*( \S+)*( \\)?$/);
    expect(readdirSync(cwd)).toEqual([]);
  });
});

describe('--dry_run size estimate', () => {
  it('prints instances, requests and prompt size on stderr when the data is local, and never downloads', async () => {
    const local = await runCli([
      'run_eval',
      '--run_config',
      join(__dirnameOf(), '..', 'configs', 'quickstart', 'pubmed_qa.yml'),
      '--dry_run',
    ]);
    expect(local.code).toBe(0);
    expect(local.stderr).toMatch(/^dry run: 5 instances, 5 requests, \d+ prompt characters \(~\d+ tokens\)$/m);
    const remote = await runCli(
      ['run_eval', '--run_config', join(__dirnameOf(), '..', 'configs', 'openai.yml'), '--dry_run'],
      { cwd: tempDir(), env: { EF_DATA_CACHE: tempDir() } },
    );
    expect(remote.code).toBe(0);
    expect(remote.stderr).toContain('note: no size estimate');
    expect(remote.stderr).toContain('offline');
  });
});

describe('rate limits', () => {
  it('reach the engine command line from config.params.extra', async () => {
    const r = await runCli(
      [
        'run_eval',
        '--run_config',
        join(__dirnameOf(), '..', 'configs', 'vllm.yml'),
        '--dry_run',
        '--overrides',
        'config.params.extra.requests_per_minute=120,config.params.extra.tokens_per_minute=90000',
      ],
      { cwd: tempDir() },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--requests-per-minute 120 \\\n {2}--tokens-per-minute 90000/);
  });
});

function __dirnameOf(): string {
  return new URL('.', import.meta.url).pathname;
}

describe('an endpoint with nothing listening', () => {
  it('is EF_ENDPOINT_DOWN after a few refused attempts, not every request retried with back-off', async () => {
    const out = join(tempDir(), 'out');
    const rc = writeRunConfig(tempDir(), {
      config: {
        type: 'head_qa',
        output_dir: out,
        params: { parallelism: 4, max_retries: 5, extra: { data_path: fixture('head_qa') } },
      },
      target: { api_endpoint: { url: 'http://127.0.0.1:1/v1', model_id: 'm', type: 'chat' } },
    });
    const r = await runCli(['run_eval', '--run_config', rc]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error[EF_ENDPOINT_DOWN]: nothing is listening at http://127.0.0.1:1/v1/chat/completions: connection refused (ECONNREFUSED)',
    );
    const lines = readFileSync(join(out, 'responses', 'model.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { attempts: number });
    const attempts = lines.reduce((a, l) => a + l.attempts, 0);
    // Before: every instance was tried 1 + max_retries times with back-off. Now: the refusals that show the endpoint
    // is down, plus at most one more attempt for each request then in flight.
    expect(attempts).toBeLessThanOrEqual(5 + 2 * 4);
  });
});
