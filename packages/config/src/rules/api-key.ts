/** API key NAME rules (docs/configuration.md): the value names an environment variable, never holds the secret. */
import type { EvaluationDraft } from '../evaluation.js';
import { JUDGE_KEY_NAME_FIELDS } from '../evaluation.js';
import { looksLikeSecret, startsLikeSecret } from '@eval-factory/errors';
import { combine, fail, OK, type RuleResult } from './result.js';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * Checks one key-name value; the message names the field and shows only the last 4 characters.
 * @example checkKeyName('target.api_endpoint.api_key_name', 'nvapi-…') // → EF_API_KEY_LOOKS_LIKE_SECRET
 */
export function checkKeyName(field: string, value: unknown): RuleResult {
  if (value === null || value === undefined) return OK;
  const text = String(value);
  const tail = `'…${text.slice(-4)}'`;
  if (looksLikeSecret(text)) {
    return fail(
      'EF_API_KEY_LOOKS_LIKE_SECRET',
      `${field} must be the NAME of an environment variable, but its value (ending ${tail}) looks like a secret key`,
    );
  }
  if (!ENV_NAME.test(text)) {
    return fail(
      'EF_API_KEY_LOOKS_LIKE_SECRET',
      `${field} must be the NAME of an environment variable ([A-Za-z_][A-Za-z0-9_]*), but its value (ending ${tail}) is not`,
    );
  }
  return OK;
}

/**
 * The endpoint key name, the judge key names (`extra.*_judge_api_key`), and any other value under `extra` that holds
 * a pasted key: `extra` is copied into run_config.yml, results.yml and the HTML report.
 */
export function checkApiKeyNames(ev: EvaluationDraft): RuleResult {
  const endpoint = ev.target.api_endpoint;
  const extra = ev.config.params.extra;
  const named = new Set<string>(JUDGE_KEY_NAME_FIELDS);
  return combine([
    checkKeyName('target.api_endpoint.api_key_name', endpoint.api_key_name),
    ...JUDGE_KEY_NAME_FIELDS.map((f) => checkKeyName(`config.params.extra.${f}`, extra[f])),
    ...pastedSecrets(extra, 'config.params.extra', (key) => !named.has(key)),
  ]);
}

/** A field named like a credential must not hold a key; no string anywhere may start like one (sk-, nvapi-, Bearer). */
const CREDENTIAL_FIELD = /key|token|secret|password/i;

function pastedSecrets(value: unknown, path: string, include: (key: string) => boolean = () => true): RuleResult[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => pastedSecrets(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) => {
    if (!include(key)) return [];
    const field = `${path}.${key}`;
    if (typeof v !== 'string') return pastedSecrets(v, field);
    // Only credential-named fields get the 32-character rule: hashes and paths elsewhere have that shape too.
    const secret = CREDENTIAL_FIELD.test(key) ? looksLikeSecret(v) : startsLikeSecret(v);
    return secret
      ? [
          fail(
            'EF_API_KEY_LOOKS_LIKE_SECRET',
            `${field} holds what looks like a secret key (ending '…${v.slice(-4)}'); configs carry the NAME of an environment variable only`,
          ),
        ]
      : [];
  });
}
