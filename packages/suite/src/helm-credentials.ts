/**
 * `--local-path DIR`'s `credentials.conf` (HOCON, HELM's prod_env convention), read the way helm-run's
 * `provide_api_key` reads it: a deployment's key is `<host_organization>ApiKey` (the deployment name's first
 * segment: `stanfordhealthcareApiKey`), else `deployments: {<deployment name>: key}`; `<host_organization>BaseUrl`
 * gives a URL. Every value that can be a key is registered with the redaction layer the moment it is read, and no
 * error of this file quotes its text.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerSecret, UserError } from '@eval-factory/errors';
import { tokenize, type Token } from './hocon-tokens.js';

export const HELM_CREDENTIALS_FILE = 'credentials.conf';

export interface HelmCredentials {
  /** The file read, for messages ('' when the folder has none). */
  readonly file: string;
  readonly values: Readonly<Record<string, unknown>>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const credentialsError = (file: string, line: number, what: string) =>
  new UserError(
    'EF_HELM_CREDENTIALS',
    `${file}:${line}: ${what}`,
    'Write credentials.conf as HELM does: one `name: "value"` per line, deployments { "org/name": "key" } (docs/reproduce-medhelm.md#keys-in-credentialsconf).',
  );

/** `dir/credentials.conf`, or no values when the folder has none (HELM runs without it too). */
export function readHelmCredentials(dir: string): HelmCredentials {
  const file = join(dir, HELM_CREDENTIALS_FILE);
  if (!existsSync(file)) return { file: '', values: {} };
  const values = parseHocon(readFileSync(file, 'utf8'), file);
  for (const [name, value] of Object.entries(values)) if (!/BaseUrl$/.test(name)) registerStrings(value);
  return { file, values };
}

/** The deployment name's first segment (HELM's `ModelDeployment.host_organization`). */
export const hostOrganization = (deployment: string): string => deployment.split('/')[0]!;

/** helm-run's `provide_api_key`: `<org>ApiKey`, else `deployments.<deployment>`; undefined when neither. */
export function helmApiKey(c: HelmCredentials, deployment: string): string | undefined {
  const own = c.values[`${hostOrganization(deployment)}ApiKey`];
  if (own !== undefined) return String(own);
  const byDeployment = c.values.deployments;
  const key = isObj(byDeployment) ? byDeployment[deployment] : undefined;
  return key === undefined ? undefined : String(key);
}

/** `<org>BaseUrl` (helm-run passes it to the client as `base_url`). */
export function helmBaseUrl(c: HelmCredentials, deployment: string): string | undefined {
  const url = c.values[`${hostOrganization(deployment)}BaseUrl`];
  return typeof url === 'string' ? url : undefined;
}

/**
 * The environment variable a key of credentials.conf reaches its job by (set in run_suite's own environment, so
 * only the name is in any config, script or manifest): `EF_HELM_KEY_<DEPLOYMENT>`.
 * @example helmKeyVariable('local/gpt-4o') // EF_HELM_KEY_ + LOCAL_GPT_4O
 */
export const helmKeyVariable = (deployment: string): string =>
  `EF_HELM_KEY_${deployment.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;

function registerStrings(value: unknown): void {
  if (typeof value === 'string') registerSecret(value);
  else if (Array.isArray(value)) value.forEach(registerStrings);
  else if (isObj(value)) Object.values(value).forEach(registerStrings);
}

/**
 * The HOCON of a credentials file: an object (braces optional at the top), `key: value`, `key = value` or
 * `key { … }`, unquoted keys split at dots into paths (quoted keys are one name), later keys winning and objects
 * merging, values quoted or not (words on one line joined by a space), lists of values.
 */
export function parseHocon(text: string, file: string): Obj {
  const { tokens, lastLine } = tokenize(text, file, (f, line) =>
    credentialsError(f, line, 'not HOCON this reader understands'),
  );
  let i = 0;
  /** Fails at a token's line, or at the end of the text when there is none. */
  const fail = (token: Token | undefined, what: string): never => {
    throw credentialsError(file, token?.line ?? lastLine, what);
  };
  const skip = () => {
    while (tokens[i]?.kind === 'newline' || (tokens[i]?.kind === 'punct' && tokens[i]!.text === ',')) i++;
  };
  const is = (t: Token | undefined, text: string) => t?.kind === 'punct' && t.text === text;

  const readObject = (close: string | null): Obj => {
    const out: Obj = {};
    for (skip(); i < tokens.length && !is(tokens[i], close ?? ''); skip()) {
      const key = tokens[i]!;
      if (key.kind !== 'string') fail(key, 'expected a name');
      i++;
      const path = key.quoted ? [key.text] : key.text.split('.');
      if (is(tokens[i], ':') || is(tokens[i], '=')) i++;
      setPath(out, path, readValue());
    }
    if (close !== null) {
      if (!is(tokens[i], close)) fail(undefined, `an object is not closed with ${close}`);
      i++;
    }
    return out;
  };
  const readValue = (): unknown => {
    const t = tokens[i];
    if (is(t, '{')) {
      i++;
      return readObject('}');
    }
    if (is(t, '[')) {
      i++;
      const list: unknown[] = [];
      for (skip(); !is(tokens[i], ']'); skip()) {
        if (i >= tokens.length) fail(undefined, 'a list is not closed with ]');
        list.push(readValue());
      }
      i++;
      return list;
    }
    const words: string[] = [];
    while (tokens[i]?.kind === 'string') words.push(tokens[i++]!.text);
    if (words.length === 0) fail(t, 'expected a value');
    return words.join(' ');
  };
  const top = is(
    tokens.find((t) => t.kind !== 'newline'),
    '{',
  );
  if (top) {
    while (tokens[i]?.kind === 'newline') i++;
    i++;
  }
  const doc = readObject(top ? '}' : null);
  skip();
  if (i < tokens.length) fail(tokens[i], 'unexpected text after the object');
  return doc;
}

function setPath(into: Obj, path: readonly string[], value: unknown): void {
  let at = into;
  for (const part of path.slice(0, -1)) {
    if (!isObj(at[part])) at[part] = {};
    at = at[part] as Obj;
  }
  const last = path.at(-1)!;
  at[last] = isObj(value) && isObj(at[last]) ? merge(at[last] as Obj, value) : value;
}

function merge(a: Obj, b: Obj): Obj {
  const out: Obj = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isObj(v) && isObj(out[k]) ? merge(out[k] as Obj, v) : v;
  return out;
}
