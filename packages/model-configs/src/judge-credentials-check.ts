/**
 * The judges' credentials, checked before run_eval writes anything. The engine resolves the actual
 * values (engine/src/auth); this mirrors its chains on variable NAMES only, so a run that cannot call its judges fails
 * at once, with no output folder and one message, instead of after loading the data. When a credentials file exists
 * the engine decides (it may hold the key), as for the model's own key.
 */
import { UserError } from '@eval-factory/errors';
import type { JudgeEntry } from '@eval-factory/types';

const isSet = (env: Readonly<Record<string, string | undefined>>, name: string) => (env[name] ?? '') !== '';

/** What the judge's chain could find, or null when none of its sources is available. */
function hasCredential(judge: JudgeEntry, env: Readonly<Record<string, string | undefined>>): boolean {
  const oauth = isSet(env, 'OPENAI_CLIENT_ID') && isSet(env, 'OPENAI_CLIENT_SECRET');
  switch (judge.auth.kind) {
    case 'none':
    case 'api_key_if_set':
      return true;
    case 'api_key':
      return isSet(env, judge.auth.env) || isSet(env, 'OPENAI_API_KEY');
    case 'oauth':
      return oauth;
    case 'auto':
      return isSet(env, judge.auth.env) || oauth || isSet(env, 'OPENAI_API_KEY');
  }
}

function missingText(judge: JudgeEntry): string {
  switch (judge.auth.kind) {
    case 'oauth':
      return 'auth oauth but OPENAI_CLIENT_ID and OPENAI_CLIENT_SECRET are not both set';
    case 'api_key':
      return `auth api_key but neither ${judge.auth.env} nor OPENAI_API_KEY is set`;
    case 'auto':
      return `auth auto but ${judge.auth.env}, OPENAI_CLIENT_ID with OPENAI_CLIENT_SECRET, and OPENAI_API_KEY are all unset`;
    default:
      return 'no credential';
  }
}

/**
 * Throws `EF_JUDGE_AUTH_MISSING` naming every judge without a credential source (names only, never values).
 * @example checkJudgeCredentials(buildJudges(evaluation).judges, process.env, existsSync(credentialsFile))
 */
export function checkJudgeCredentials(
  judges: readonly JudgeEntry[],
  env: Readonly<Record<string, string | undefined>>,
  credentialsFileExists: boolean,
): void {
  if (credentialsFileExists) return;
  const missing = judges.filter((j) => !hasCredential(j, env));
  if (missing.length === 0) return;
  const first = missing[0]!;
  const roles = missing.map((j) => j.role).join(', ');
  throw new UserError(
    'EF_JUDGE_AUTH_MISSING',
    `judge${missing.length > 1 ? 's' : ''} ${roles}: no credential (${first.role}: ${missingText(first)}; url ${first.request_url})`,
    `export the judge's key variable, or set config.params.extra.judges.${first.role}.auth (none or api_key_if_set for a local server; docs/configuration.md#judges)`,
  );
}
