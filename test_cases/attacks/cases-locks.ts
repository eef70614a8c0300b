/**
 * Hostile rows for output-folder locks and stops (cases.ts runs them): a lock left by a run killed on another host
 * must not block the retry forever, and a live one must still hold.
 */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AttackCase, AttackContext } from './attack-case.js';
import { fixture, writeRunConfig } from '../support.js';

/** head_qa on its fixture against the echo model, into `<dir>/out`, with `.eval-factory.lock` planted there. */
function runOverPlantedLock(ctx: AttackContext, lockText: string, heartbeatAgeMs: number): string[] {
  const out = join(ctx.dir, 'out');
  mkdirSync(out);
  const lock = join(out, '.eval-factory.lock');
  writeFileSync(lock, lockText);
  const beat = new Date(Date.now() - heartbeatAgeMs);
  utimesSync(lock, beat, beat);
  const runConfig = writeRunConfig(ctx.dir, {
    config: { type: 'head_qa', output_dir: out, params: { parallelism: 2, extra: { data_path: fixture('head_qa') } } },
    target: {
      api_endpoint: { url: ctx.modelUrl, model_id: 'echo-model', type: 'chat', api_key_name: 'ATTACK_MODEL_KEY' },
    },
  });
  return ['run_eval', '--run_config', runConfig];
}

const FOREIGN = `${JSON.stringify({ pid: 4242, host: 'pod-killed-elsewhere', started_at: '2026-01-01T00:00:00Z' })}\n`;

export const LOCK_CASES: readonly AttackCase[] = [
  {
    name: '27.4 a lock left by a run killed on another host (heartbeat 10 min old) is taken over: the retry runs',
    setup: (ctx) => runOverPlantedLock(ctx, FOREIGN, 600_000),
    code: null,
  },
  {
    name: '27.4 a lock of another host with a fresh heartbeat still holds the folder',
    setup: (ctx) => runOverPlantedLock(ctx, FOREIGN, 0),
    code: 'EF_OUTPUT_LOCKED',
    check: (result) => {
      if (!/on pod-killed-elsewhere \(since .*, last heartbeat \d+ s ago\)/.test(result.stderr))
        throw new Error(`the holder is not named:\n${result.stderr}`);
    },
  },
  {
    name: '27.4 an empty lock file a minute old (a taker killed mid-write) is taken over',
    setup: (ctx) => runOverPlantedLock(ctx, '', 60_000),
    code: null,
  },
];
