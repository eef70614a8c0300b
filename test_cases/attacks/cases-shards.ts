/**
 * Hostile cases of suites cut into folders and shards (docs/scale.md): one row each, run by attacks.int.test.ts
 * through the real CLI against the loopback echo model.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { linkFixtures } from '../support.js';
import type { AttackCase } from './attack-case.js';

/** `run_suite` of head_qa for `model` on the echo model, into `ctx.dir/out/s`. */
function suiteOf(dir: string, modelUrl: string, model: string): string[] {
  const conf = join(dir, 'suite.conf');
  writeFileSync(conf, `entries: [{description: "head_qa:model=${model}", priority: 1}]\n`);
  return [
    'run_suite',
    '--conf-paths',
    conf,
    '--models-to-run',
    model,
    '--suite',
    's',
    '--model_url',
    modelUrl,
    '--api_key_name',
    'ATTACK_MODEL_KEY',
    '--output_dir',
    join(dir, 'out'),
    '--data_root',
    linkFixtures(join(dir, 'data'), ['head_qa']),
    '--max-eval-instances',
    '3',
  ];
}

export const SHARD_CASES: readonly AttackCase[] = [
  {
    name: '27.5 a model id starting with "." (./ckpt-1000) gets a visible folder and is in the leaderboard',
    setup: (ctx) => suiteOf(ctx.dir, ctx.modelUrl, './ckpt-1000'),
    code: null,
    check: (result, ctx) => {
      const suite = join(ctx.dir, 'out', 's');
      const hidden = readdirSync(suite, { withFileTypes: true })
        .filter((e) => e.isDirectory() && e.name.startsWith('.'))
        .map((e) => e.name);
      if (hidden.length) throw new Error(`hidden folders written: ${hidden.join(', ')}`);
      if (!existsSync(join(suite, '__ckpt-1000', 'head_qa', 'results.jsonl'))) throw new Error('no __ckpt-1000 run');
      const board = readFileSync(join(suite, 'leaderboard.md'), 'utf8');
      if (!board.includes('./ckpt-1000') || !result.stdout.includes('./ckpt-1000'))
        throw new Error(`the leaderboard does not name ./ckpt-1000:\n${board}`);
    },
  },
];
