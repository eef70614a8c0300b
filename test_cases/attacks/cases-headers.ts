/**
 * Hostile cases of request headers (see cases.ts for how a row is run): a key pasted into a header, and a header
 * that takes the key from a `${VAR}` reference (docs/configuration.md#headers). The table's invariants check that
 * the key is in no file of the run and not in its output.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, writeRunConfig } from '../support.js';
import type { AttackCase, AttackContext } from './attack-case.js';
import { SENTINELS } from './attack-case.js';

/** head_qa on its fixture against the echo model, sending `headers`, into `ctx.dir/out`. */
function withHeaders(ctx: AttackContext, headers: Record<string, string>): string[] {
  const runConfig = writeRunConfig(ctx.dir, {
    config: {
      type: 'head_qa',
      output_dir: join(ctx.dir, 'out'),
      params: { limit_samples: 2, extra: { data_path: fixture('head_qa') } },
    },
    target: { api_endpoint: { url: ctx.modelUrl, model_id: 'echo-model', type: 'chat', headers } },
  });
  return ['run_eval', '--run_config', runConfig];
}

export const HEADER_CASES: readonly AttackCase[] = [
  {
    name: 'a key pasted into a request header is refused: it would be written into run_config.yml and model_configs/',
    setup: (ctx) => withHeaders(ctx, { Authorization: `Bearer ${SENTINELS.modelKey}`, 'X-Request-Source': 'medhelm' }),
    code: 'EF_API_KEY_LOOKS_LIKE_SECRET',
  },
  {
    name: 'a request header taking the key from ${VAR}: sent, and only the reference is written',
    setup: (ctx) => withHeaders(ctx, { Authorization: 'Bearer ${ATTACK_MODEL_KEY}', 'X-Request-Source': 'medhelm' }),
    code: null,
    check: (_, ctx) => {
      const written = readFileSync(join(ctx.dir, 'out', 'run_config.yml'), 'utf8');
      if (!written.includes('Bearer ${ATTACK_MODEL_KEY}'))
        throw new Error(`run_config.yml lost the reference:\n${written}`);
    },
  },
];
