/**
 * Hostile cases of generated files, plans and terminal output (see cases.ts for how a row is run): cluster scripts
 * and manifests, units plans, the cache URL, leaderboard cells and run_suite's output folder.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { fixture, linkFixtures, writeRunConfig } from '../support.js';
import type { AttackCase, AttackContext } from './attack-case.js';
import { SENTINELS } from './attack-case.js';

/** `run_suite` of head_qa for the echo model into `ctx.dir/out`, plus `extra` flags. */
function suite(
  ctx: AttackContext,
  extra: string[],
  o: { entry?: string; url?: string; model?: string } = {},
): string[] {
  const entry = o.entry ?? 'head_qa:model=echo-model';
  const conf = join(ctx.dir, 'suite.conf');
  writeFileSync(conf, `entries: [{description: ${JSON.stringify(entry)}, priority: 1}]\n`);
  return [
    'run_suite',
    '--conf-paths',
    conf,
    '--models-to-run',
    o.model ?? 'echo-model',
    '--model_url',
    o.url ?? ctx.modelUrl,
    '--output_dir',
    join(ctx.dir, 'out'),
    ...(extra.includes('--suite') ? [] : ['--suite', 's']),
    ...extra,
  ];
}

/** Nothing of the refused suite is on disk: no plan, no script, no manifest. */
function nothingWritten(_: unknown, ctx: AttackContext): void {
  if (existsSync(join(ctx.dir, 'out'))) throw new Error('the refused submission wrote into its output folder');
}

/** A run_eval of head_qa on its fixture against the echo model, into `ctx.dir/out`. */
function headQa(ctx: AttackContext): string[] {
  const runConfig = writeRunConfig(ctx.dir, {
    config: { type: 'head_qa', output_dir: join(ctx.dir, 'out'), params: { extra: { data_path: fixture('head_qa') } } },
    target: { api_endpoint: { url: ctx.modelUrl, model_id: 'echo-model', type: 'chat' } },
  });
  return ['run_eval', '--run_config', runConfig];
}

export const GEN_CASES: readonly AttackCase[] = [
  {
    name: '27.1 a newline in --account never becomes a Slurm script line',
    setup: (ctx) => suite(ctx, ['--executor', 'slurm', '--account', `medai\ntouch ${join(ctx.dir, 'PWNED')}`]),
    code: 'EF_CLUSTER_VALUE',
    check: nothingWritten,
  },
  {
    name: "27.1 a newline in a suite YAML's suite: name is refused before a script is written",
    setup: (ctx) => {
      const yaml = join(ctx.dir, 'suite.yml');
      writeFileSync(
        yaml,
        [
          'suite: "s\\nid > /tmp/ef-pwned"',
          'targets:',
          `  - api_endpoint: {url: '${ctx.modelUrl}', model_id: echo-model, type: chat}`,
          'evaluation: {tasks: [{name: head_qa}]}',
          '',
        ].join('\n'),
      );
      return ['run_suite', '--suite_config', yaml, '--output_dir', join(ctx.dir, 'out'), '--executor', 'slurm'];
    },
    code: 'EF_CLUSTER_VALUE',
    check: nothingWritten,
  },
  {
    name: '27.1 --pass-env takes variable names only: ALL (every variable of the login node) is refused',
    setup: (ctx) => suite(ctx, ['--executor', 'slurm', '--pass-env', 'HF_HOME,ALL']),
    code: 'EF_CLUSTER_VALUE',
    check: nothingWritten,
  },
  {
    name: "27.1 a $(VAR) in the model URL is written $$ in the Kubernetes Job: the pod's key never lands in it",
    setup: (ctx) =>
      suite(
        ctx,
        ['--executor', 'kubernetes', '--dry_run', '--api_key_name', 'ATTACK_MODEL_KEY', '--secret', 'ef-keys'],
        { url: `${ctx.modelUrl.replace(/\/v1$/, '')}/$(ATTACK_MODEL_KEY)/v1` },
      ),
    code: null,
    check: (result) => {
      const job = parseAllDocuments(result.stdout)[1]!.toJS() as any;
      const args: string[] = job.spec.template.spec.containers[0].args;
      const url = args[args.indexOf('--model_url') + 1]!;
      if (!url.includes('$$(ATTACK_MODEL_KEY)')) throw new Error(`the model URL is not escaped: ${url}`);
      const unescaped = args.filter((a) => /(^|[^$])\$\(/.test(a.replace(/\$\$/g, '')));
      if (unescaped.join() !== '$(JOB_COMPLETION_INDEX)') throw new Error(`unescaped $(…): ${unescaped.join(' ')}`);
    },
  },
  {
    name: '27.11 a Kubernetes Job whose pods need a key, without --secret, is refused naming the variable',
    setup: (ctx) => suite(ctx, ['--executor', 'kubernetes', '--api_key_name', 'ATTACK_MODEL_KEY']),
    code: 'EF_CLUSTER_SECRET',
    check: (result, ctx) => {
      if (!/ATTACK_MODEL_KEY.*--secret|--secret.*ATTACK_MODEL_KEY/s.test(result.stderr))
        throw new Error(`the message names neither the variable nor --secret:\n${result.stderr}`);
      nothingWritten(result, ctx);
    },
  },
  {
    name: "27.8 a password in the cache URL's query is refused before anything is written",
    setup: (ctx) => [
      ...headQa(ctx),
      '--overrides',
      `config.params.extra.cache=redis://127.0.0.1:6379/0?password=${SENTINELS.cachePassword}`,
    ],
    code: 'EF_CACHE_URL',
    check: nothingWritten,
  },
  {
    name: "27.8 a password in run_suite --cache's fragment never reaches a cluster script",
    setup: (ctx) =>
      suite(ctx, [
        '--executor',
        'slurm',
        '--dry_run',
        '--cache',
        `redis://127.0.0.1:6379/0#${SENTINELS.cachePassword}`,
      ]),
    code: 'EF_CACHE_URL',
  },
  {
    name: "27.16 a conf entry's cache=redis://:PASSWORD@host is refused without the password in the message",
    setup: (ctx) =>
      suite(ctx, [], { entry: `head_qa:model=echo-model,cache=redis://:${SENTINELS.cachePassword}@127.0.0.1:6379` }),
    code: 'EF_CACHE_URL',
    check: nothingWritten,
  },
  {
    name: '27.20 a model named like a spreadsheet formula is a quoted text cell of leaderboard.csv',
    setup: (ctx) =>
      suite(ctx, ['--ignore-conf-models', '--data_root', linkFixtures(join(ctx.dir, 'data'), ['head_qa'])], {
        model: '=1+2',
      }),
    code: null,
    check: (_, ctx) => {
      const board = readFileSync(join(ctx.dir, 'out', 's', 'leaderboard.csv'), 'utf8');
      const row = board.split('\n')[1]!;
      if (!row.startsWith("'=1+2,")) throw new Error(`the formula is written bare:\n${board}`);
      if (/,'-?\d/.test(row)) throw new Error(`a number was quoted as text:\n${row}`);
    },
  },
  {
    name: '27.21 run_suite --output_dir under /proc is EF_OUTPUT_WRITE with a hint, not a bug',
    setup: (ctx) => suite(ctx, []).map((a) => (a === join(ctx.dir, 'out') ? '/proc/ef-attack/out' : a)),
    code: 'EF_OUTPUT_WRITE',
    check: (result) => {
      if (!/hint: .*--output_dir/.test(result.stderr)) throw new Error(`no hint:\n${result.stderr}`);
    },
  },
  {
    name: '27.21 run_suite --output_dir under a regular file is EF_OUTPUT_WRITE',
    setup: (ctx) => {
      writeFileSync(join(ctx.dir, 'a-file'), 'x');
      return suite(ctx, []).map((a) => (a === join(ctx.dir, 'out') ? join(ctx.dir, 'a-file', 'out') : a));
    },
    code: 'EF_OUTPUT_WRITE',
  },
  {
    name: '27.21 a 300-character --suite (a folder name too long) is EF_OUTPUT_WRITE naming --suite',
    setup: (ctx) => suite(ctx, ['--suite', 's'.repeat(300)]),
    code: 'EF_OUTPUT_WRITE',
    check: (result) => {
      if (!/hint: .*--suite/.test(result.stderr)) throw new Error(`the hint does not name --suite:\n${result.stderr}`);
    },
  },
  {
    name: "27.6 a units plan's dir of ../../X: the unit still runs inside the suite folder",
    setup: (ctx) => {
      const planFile = join(ctx.dir, 'units.json');
      const unit = { index: 0, model: 'echo-model', job: 'head_qa', job_dir: '../../X', dir: '../../X' };
      const plan = { suite: 's', max_instances_per_unit: null, units: [{ ...unit, shard: null, instances: null }] };
      writeFileSync(planFile, JSON.stringify(plan));
      const dataRoot = linkFixtures(join(ctx.dir, 'data'), ['head_qa']);
      return suite(ctx, ['--data_root', dataRoot, '--units-plan', planFile, '--unit', '0']);
    },
    code: null,
    check: (_, ctx) => {
      if (existsSync(join(ctx.dir, 'X'))) throw new Error('the unit wrote its run outside the suite folder');
      if (!existsSync(join(ctx.dir, 'out', 's', 'echo-model', 'head_qa', 'evaluation_config.yaml')))
        throw new Error("the unit's run is not in its folder of the suite");
    },
  },
  {
    name: "27.9 an api_key in --local-path's model_deployments.yaml never reaches the Kubernetes ConfigMap",
    setup: (ctx) => {
      const local = join(ctx.dir, 'prod_env');
      mkdirSync(local);
      writeFileSync(
        join(local, 'model_deployments.yaml'),
        [
          'model_deployments:',
          '  - name: local/echo-model',
          '    model_name: echo-model',
          '    client_spec:',
          '      class_name: helm.clients.openai_client.OpenAIClient',
          `      args: {base_url: '${ctx.modelUrl}', api_key: ${SENTINELS.modelKey}}`,
          '',
        ].join('\n'),
      );
      const args = suite(ctx, ['--local-path', local, '--executor', 'kubernetes', '--dry_run']);
      return args.filter((a, i) => a !== '--model_url' && args[i - 1] !== '--model_url');
    },
    code: null,
    check: (result) => {
      const configMap = parseAllDocuments(result.stdout)[0]!.toJS() as { data: Record<string, string> };
      const carried = configMap.data['local-model_deployments.yaml'] ?? '';
      if (!/base_url: .*\n.*openai_model_name: echo-model/.test(carried))
        throw new Error(`the pods would not find the deployment:\n${carried}`);
    },
  },
  {
    name: "27.15 escape sequences in a run entry's description and in --suite are shown, never sent raw",
    setup: (ctx) =>
      suite(
        ctx,
        ['--data_root', linkFixtures(join(ctx.dir, 'data'), ['head_qa']), '--suite', 's\u001b]0;pwned\u0007'],
        { entry: 'head_qa:model=echo-model,note=\u001b[2Jgone' },
      ),
    code: null,
    check: (result) => {
      const printed = result.stdout + result.stderr;
      if (/[\u001b\u0007\u009b]/.test(printed)) throw new Error(`a raw control character was printed:\n${printed}`);
      if (!printed.includes('\\x1b[2Jgone')) throw new Error(`the entry's escape is not shown:\n${printed}`);
    },
  },
  {
    name: "27.11 a suite YAML target's api_key_name: the Kubernetes Job is refused without --secret, not written with env: []",
    setup: (ctx) => {
      const yaml = join(ctx.dir, 'suite.yml');
      writeFileSync(
        yaml,
        [
          'suite: s',
          'targets:',
          `  - api_endpoint: {url: '${ctx.modelUrl}', model_id: echo-model, type: chat, api_key_name: ATTACK_MODEL_KEY}`,
          'evaluation: {tasks: [{name: head_qa}]}',
          '',
        ].join('\n'),
      );
      return ['run_suite', '--suite_config', yaml, '--output_dir', join(ctx.dir, 'out'), '--executor', 'kubernetes'];
    },
    code: 'EF_CLUSTER_SECRET',
    check: (result, ctx) => {
      if (!result.stderr.includes('ATTACK_MODEL_KEY')) throw new Error(`the variable is not named:\n${result.stderr}`);
      nothingWritten(result, ctx);
    },
  },
];
