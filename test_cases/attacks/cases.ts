/**
 * Hostile inputs: one row each. A row builds its input in a fresh folder and says what the CLI must
 * answer; attacks.int.test.ts runs every row through the real CLI and checks the invariants every run must keep:
 * no stack trace without --debug, the expected exit code and error code, no sentinel secret bytes in any file the
 * run wrote (cache.db included), no half-written `*.tmp-*` file. Add a case by adding a row.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, writeRunConfig } from '../support.js';
import { SHARD_CASES } from './cases-shards.js';
import { LOCK_CASES } from './cases-locks.js';
import { REDIS_CASES } from './cases-redis.js';
import { GEN_CASES } from './cases-gen.js';
import { HEADER_CASES } from './cases-headers.js';
import { SENTINELS, type AttackCase, type AttackContext } from './attack-case.js';

const QUIZ_CSV =
  'question,answer\nWhich nerve is compressed in carpal tunnel syndrome?,median nerve\nWhich organ makes insulin?,pancreas\n';

/** A custom benchmark folder with `def.yml` (its template given) and the quiz data, plus a run_config for it. */
function customRun(
  ctx: AttackContext,
  template: string,
  extraFiles: Record<string, string> = {},
  csv = QUIZ_CSV,
  keyName = 'ATTACK_MODEL_KEY',
): string[] {
  writeFileSync(join(ctx.dir, 'quiz.csv'), csv);
  for (const [name, text] of Object.entries(extraFiles)) writeFileSync(join(ctx.dir, name), text);
  writeFileSync(
    join(ctx.dir, 'def.yml'),
    [
      'name: attack_quiz',
      'description: self-written',
      'data: {path: quiz.csv}',
      `prompt: ${template}`,
      'task: {kind: short_answer, answer_column: answer}',
      '',
    ].join('\n'),
  );
  const runConfig = writeRunConfig(ctx.dir, {
    config: {
      type: 'custom',
      output_dir: join(ctx.dir, 'out'),
      params: { parallelism: 2, extra: { benchmark: join(ctx.dir, 'def.yml') } },
    },
    target: { api_endpoint: { url: ctx.modelUrl, model_id: 'echo-model', type: 'chat', api_key_name: keyName } },
  });
  return ['run_eval', '--run_config', runConfig];
}

/** A built-in benchmark (head_qa on its fixture) against the echo model, into `outputDir`. */
function builtinRun(ctx: AttackContext, outputDir: string): string[] {
  const runConfig = writeRunConfig(ctx.dir, {
    config: {
      type: 'head_qa',
      output_dir: outputDir,
      params: { parallelism: 2, extra: { data_path: fixture('head_qa') } },
    },
    target: {
      api_endpoint: { url: ctx.modelUrl, model_id: 'echo-model', type: 'chat', api_key_name: 'ATTACK_MODEL_KEY' },
    },
  });
  return ['run_eval', '--run_config', runConfig];
}

export const ATTACK_CASES: readonly AttackCase[] = [
  {
    name: '12.1 template_file naming the credentials file by absolute path',
    setup: (ctx) => customRun(ctx, `{template_file: ${ctx.credentialsFile}}`),
    code: 'EF_PATH_OUTSIDE',
  },
  {
    name: '12.1 template_file reaching the credentials file through ..',
    setup: (ctx) => customRun(ctx, '{template_file: ../credentials.yaml}'),
    code: 'EF_PATH_OUTSIDE',
  },
  {
    name: '12.1 validate never prints a file outside the definition folder',
    setup: (ctx) => {
      customRun(ctx, `{template_file: ${ctx.credentialsFile}}`);
      return ['validate', join(ctx.dir, 'def.yml')];
    },
    code: 'EF_PATH_OUTSIDE',
  },
  {
    name: '12.1 the model key inside the data and the template: scrubbed before sending, caching and writing',
    setup: (ctx) =>
      customRun(
        ctx,
        `{template: "Key ${SENTINELS.modelKey} / {{question}}"}`,
        {},
        `question,answer\nWhat is ${SENTINELS.modelKey}?,nothing\nWhich organ makes insulin?,pancreas\n`,
      ),
    code: null,
    check: (result) => {
      if (!result.stdout.includes('attack_quiz'))
        throw new Error(`the run did not report its benchmark:\n${result.stdout}`);
    },
  },
  {
    name: '12.1 the model key inside a custom benchmark’s instructions: scrubbed from the HELM adapter spec too',
    setup: (ctx) => customRun(ctx, `{instructions: "Key ${SENTINELS.modelKey}", template: "{{question}}"}`),
    code: null,
  },
  {
    name: '12.1 a key resolved from the credentials file, inside a same-folder template: scrubbed',
    setup: (ctx) =>
      customRun(
        ctx,
        '{template_file: prompt.hbs}',
        { 'prompt.hbs': `Use ${SENTINELS.credentialsFileKey} for {{question}}` },
        QUIZ_CSV,
        'ATTACK_FILE_KEY',
      ),
    code: null,
  },
  {
    name: '12.7 --overrides walking into __proto__',
    setup: (ctx) => [...customRun(ctx, '{template: "{{question}}"}'), '--overrides', '__proto__.polluted=1'],
    code: 'EF_OVERRIDE_SYNTAX',
  },
  {
    name: '12.7 --overrides through constructor.prototype',
    setup: (ctx) => [
      ...customRun(ctx, '{template: "{{question}}"}'),
      '--overrides',
      'config.constructor.prototype.polluted=1',
    ],
    code: 'EF_OVERRIDE_SYNTAX',
  },
  {
    name: '12.6 model_id carrying engine flags is refused naming the field',
    setup: (ctx) => [...customRun(ctx, '{template: "{{question}}"}'), '--model_id', 'm --output-path /tmp/ef-injected'],
    code: 'EF_MODEL_ID',
    check: (result) => {
      if (!result.stderr.includes('target.api_endpoint.model_id'))
        throw new Error(`the error does not name the field:\n${result.stderr}`);
    },
  },
  {
    name: '19.1 an output folder that cannot be made (/proc/…) ends at once with EF_OUTPUT_WRITE (it used to spin forever)',
    setup: (ctx) => builtinRun(ctx, '/proc/ef_attack_out'),
    code: 'EF_OUTPUT_WRITE',
  },
  {
    name: '12.8 a NUL byte in output_dir is EF_OUTPUT_WRITE, not EF_INTERNAL',
    setup: (ctx) => builtinRun(ctx, join(ctx.dir, 'out\u0000x')),
    code: 'EF_OUTPUT_WRITE',
  },
  {
    name: '12.8 parallelism: 1e11 is refused with its range',
    setup: (ctx) => [...builtinRun(ctx, join(ctx.dir, 'out')), '--overrides', 'config.params.parallelism=100000000000'],
    code: 'EF_CONFIG_INVALID',
    check: (result) => {
      if (!result.stderr.includes('config.params.parallelism: must be <= 4096')) throw new Error(result.stderr);
    },
  },
  {
    name: '12.8 limit_samples: 1e300 is refused with its range',
    setup: (ctx) => [...builtinRun(ctx, join(ctx.dir, 'out')), '--overrides', 'config.params.limit_samples=1e300'],
    code: 'EF_CONFIG_INVALID',
  },
  {
    name: '12.8 a run_config that is a YAML list is EF_CONFIG_INVALID',
    setup: (ctx) => {
      writeFileSync(join(ctx.dir, 'list.yml'), '- config: {type: pubmed_qa}\n');
      return ['run_eval', '--run_config', join(ctx.dir, 'list.yml')];
    },
    code: 'EF_CONFIG_INVALID',
  },
  {
    name: '12.8 terminal escape sequences in data are printed visibly by validate, never raw',
    setup: (ctx) => {
      customRun(
        ctx,
        '{template: "{{question}}"}',
        {},
        'question,answer\n"Which\u001b[2J\u001b]0;pwned\u0007 nerve?",median nerve\n',
      );
      return ['validate', join(ctx.dir, 'def.yml')];
    },
    code: null,
    check: (result) => {
      if (/[\u001b\u0007]/.test(result.stdout + result.stderr))
        throw new Error('a raw control character reached the terminal');
      if (!result.stdout.includes('\\x1b[2J')) throw new Error(`the escape is not shown:\n${result.stdout}`);
    },
  },
  {
    name: '12.1 a password in the cache URL of a run_config is refused before anything is written',
    setup: (ctx) => [
      ...builtinRun(ctx, join(ctx.dir, 'out')),
      '--overrides',
      `config.params.extra.cache=redis://:${SENTINELS.cachePassword}@127.0.0.1:6379`,
    ],
    code: 'EF_CACHE_URL',
    check: (_result, ctx) => {
      if (existsSync(join(ctx.dir, 'out'))) throw new Error('the refused run wrote its output folder');
    },
  },
  {
    name: '12.1 a password in run_suite --cache never reaches a cluster script',
    setup: (ctx) => {
      const conf = join(ctx.dir, 'suite.conf');
      writeFileSync(conf, 'entries: [{description: "head_qa:model=echo-model", priority: 1}]\n');
      return [
        'run_suite',
        '--conf-paths',
        conf,
        '--models-to-run',
        'echo-model',
        '--suite',
        's',
        '--model_url',
        ctx.modelUrl,
        '--output_dir',
        join(ctx.dir, 'out'),
        '--executor',
        'slurm',
        '--dry_run',
        '--cache',
        `redis://user:${SENTINELS.cachePassword}@127.0.0.1:6379/0`,
      ];
    },
    code: 'EF_CACHE_URL',
  },
  ...SHARD_CASES,
  ...LOCK_CASES,
  ...REDIS_CASES,
  ...GEN_CASES,
  ...HEADER_CASES,
];
