/**
 * One redaction layer for every log line, error message and file the engine writes (docs/configuration.md#judges):
 * secret values registered when they are loaded are replaced by `***` + their last four characters; bearer tokens,
 * credential headers (`Authorization`, `api-key`, `x-api-key`, `Ocp-Apim-Subscription-Key`), `client_secret` /
 * token fields and key-shaped strings are masked even when they were never registered.
 */

const secrets = new Set<string>();

/** Below this length a value is too likely to occur in ordinary text to be replaced everywhere. */
const MIN_SECRET_LENGTH = 8;
/** Only values at least this long may show their last four characters (§11). */
const SHOW_TAIL_FROM = 12;

/**
 * Registers a secret value (a key named by api_key_name, a judge key, a credentials-file value, an OAuth client
 * secret or access token). Values shorter than 8 characters are ignored (they would mangle ordinary text).
 */
export function registerSecret(value: string | undefined | null): void {
  if (value && value.length >= MIN_SECRET_LENGTH) secrets.add(value);
}

/** `***` + the last four characters, or `***` alone for values shorter than 12 characters. */
export function mask(value: string): string {
  return value.length >= SHOW_TAIL_FROM ? `***${value.slice(-4)}` : '***';
}

/**
 * The only way a log line may mention a secret (§11): its variable NAME, and its last four characters when the
 * value has 12 or more.
 * @example describeSecret('GPT_JUDGE_API_KEY', 'sk-…abcd') // 'GPT_JUDGE_API_KEY is set (ends with "abcd")'
 */
export function describeSecret(name: string, value: string): string {
  return value.length >= SHOW_TAIL_FROM
    ? `${name} is set (ends with "${value.slice(-4)}")`
    : `${name} is set (value hidden)`;
}

const MASKED = /^\*\*\*/;
/** A `${VAR}` header reference names a variable and holds no secret (the field pattern stops before its `}`). */
const REFERENCE = /^\$\{[A-Za-z_][A-Za-z0-9_]*\}?$/;
const keep = (value: string) => MASKED.test(value) || REFERENCE.test(value);

/** `prefix` + masked `value`; values that are already masked stay as they are (redact runs more than once). */
const masked = (prefix: string, value: string) => `${prefix}${keep(value) ? value : mask(value)}`;

/**
 * Header-like fields whose value is a credential, in `Name: value`, `Name=value` and `"Name": "value"` forms.
 * `Authorization` values keep their scheme word (`Bearer`, `Basic`) and lose the rest.
 */
const FIELD =
  /\b(authorization|proxy-authorization|x-api-key|api-key|ocp-apim-subscription-key|client_secret|access_token|refresh_token)(["']?\s*[:=]\s*["']?)((?:Bearer|Basic|Token)\s+)?([^\s"'&,;}]+)/gi;

/** Whatever stands between `scheme://` and `@` (`user:password`, `:password`, a token as the user name). */
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;

const PATTERNS: readonly RegExp[] = [
  /(Bearer\s+)([A-Za-z0-9._~+/=-]{8,})/g,
  /\b((?:sk|nvapi|sk-proj|sk-ant)-)([A-Za-z0-9_-]{8,})/g,
];

export function redact(text: string): string {
  let out = text;
  for (const s of secrets) {
    if (out.includes(s)) out = out.split(s).join(mask(s));
  }
  out = out.replace(FIELD, (_m, name: string, sep: string, scheme: string | undefined, value: string) =>
    masked(`${name}${sep}${scheme ?? ''}`, value),
  );
  for (const re of PATTERNS) {
    out = out.replace(re, (_m, prefix: string, secret: string) => masked(prefix, secret));
  }
  // A URL with credentials in it (`https://user:token@host/v1`), as messages naming an endpoint may quote it.
  return out.replace(URL_USERINFO, '$1***@');
}

/** What a registered secret value becomes in everything written (prompts, answers, cache, HELM files). */
export const REDACTED = '[REDACTED]';

/**
 * Every registered secret value in `text` replaced by `[REDACTED]` (the whole value: unlike `redact`, no tail is
 * kept, since these are data, not log lines). The second wall behind path checks: a secret that reached
 * a prompt or an answer, however it got there, is never sent on, cached or written.
 * @example scrubSecrets('key sk-SENTINEL123 here') // 'key [REDACTED] here' (after registerSecret('sk-SENTINEL123'))
 */
export function scrubSecrets(text: string): string {
  let out = text;
  for (const s of secrets) {
    if (out.includes(s)) out = out.split(s).join(REDACTED);
  }
  return out;
}

/**
 * `value` with `scrubSecrets` applied to every string inside it (object keys included); the same reference when
 * nothing changed, so the common case allocates nothing.
 */
export function scrubValue<T>(value: T): T {
  if (secrets.size === 0) return value;
  return scrubDeep(value) as T;
}

function scrubDeep(value: unknown): unknown {
  if (typeof value === 'string') return scrubSecrets(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      const s = scrubDeep(v);
      if (s !== v) (copy ??= value.slice())[i] = s;
    }
    return copy ?? value;
  }
  // Every answer and request of a run with a key goes through here: nothing is copied until something changes.
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let entries: [string, unknown][] | null = null;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const v = record[k];
    const sk = scrubSecrets(k);
    const sv = scrubDeep(v);
    if (entries === null && (sk !== k || sv !== v)) entries = keys.slice(0, i).map((key) => [key, record[key]]);
    entries?.push([sk, sv]);
  }
  return entries === null ? value : Object.fromEntries(entries);
}
