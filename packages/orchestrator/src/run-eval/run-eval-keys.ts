/**
 * run_eval's checks of credentials before anything is written or sent: the model key's variable and each judge's
 * credential (the engine reads the same credentials file, so where one exists it decides there).
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkJudgeCredentials, type renderModelConfigs } from '@eval-factory/model-configs';
import type { Evaluation } from '@eval-factory/types';

/**
 * The model key's variable when the run needs it and it is not set, else null. The engine also looks in the
 * credentials file (docs/configuration.md#judges); when one exists it decides there. A merge of work units answers
 * from their caches and sends nothing: it needs no key (docs/scale.md).
 */
export function missingKeyName(evaluation: Evaluation): string | null {
  const keyName = evaluation.target.api_endpoint.api_key_name ?? null;
  const mergeOnly = evaluation.config.params.extra.merge_units === true;
  return keyName !== null && !mergeOnly && !process.env[keyName] && !existsSync(credentialsFilePath()) ? keyName : null;
}

/** EF_JUDGE_AUTH_MISSING when a judge of the run has no credential (none at all without a credentials file). */
export function checkJudges(modelConfigs: ReturnType<typeof renderModelConfigs>): void {
  checkJudgeCredentials(modelConfigs.judges, process.env, existsSync(credentialsFilePath()));
}

/** `$EVAL_FACTORY_CREDENTIALS`, else the per-user default (Windows: `%APPDATA%`); the engine reads it. */
function credentialsFilePath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.EVAL_FACTORY_CREDENTIALS) return resolve(env.EVAL_FACTORY_CREDENTIALS);
  const base = process.platform === 'win32' && env.APPDATA ? env.APPDATA : join(homedir(), '.config');
  return join(base, 'eval-factory', 'credentials.yaml');
}
