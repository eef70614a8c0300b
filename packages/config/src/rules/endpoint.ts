/** Endpoint rules (docs/configuration.md step 4, §9.3). */
import { cacheUrlProblem, type CodedMessage, type EvaluationDraft } from '@eval-factory/types';
import { combine, fail, OK, warn, type RuleResult } from './result.js';

type Draft = EvaluationDraft;

/** `vlm` is a deprecated alias of `chat` (§2.2): rewrite it before the rules run, with a warning. */
export function normalizeEndpointType(ev: Draft): { evaluation: Draft; warnings: CodedMessage[] } {
  const endpoint = ev.target.api_endpoint;
  if (endpoint.type !== 'vlm') return { evaluation: ev, warnings: [] };
  const evaluation = { ...ev, target: { ...ev.target, api_endpoint: { ...endpoint, type: 'chat' } } };
  const message = "target.api_endpoint.type 'vlm' is deprecated; it is treated as 'chat'";
  return { evaluation, warnings: [{ code: 'EF_VLM_DEPRECATED', message }] };
}

/** The endpoint type must be one the task supports. */
export function checkEndpointType(ev: Draft): RuleResult {
  const type = ev.target.api_endpoint.type;
  const supported = ev.config.supported_endpoint_types ?? [];
  if (type === null || type === undefined || supported.includes(type)) return OK;
  return fail(
    'EF_ENDPOINT_TYPE',
    `The benchmark '${ev.config.type}' does not support the model type '${type}'. The benchmark supports '[${supported.join(', ')}]'.`,
  );
}

const REQUIRED_ENDPOINT_FIELDS = [
  ['url', '--model_url'],
  ['model_id', '--model_id'],
  ['type', '--model_type'],
] as const;

/** url, model_id and type must be present. */
export function checkMissingEndpoint(ev: Draft): RuleResult {
  const endpoint = ev.target.api_endpoint;
  return combine(
    REQUIRED_ENDPOINT_FIELDS.filter(([field]) => endpoint[field] === null || endpoint[field] === undefined).map(
      ([field, flag]) =>
        fail(
          'EF_MISSING_ENDPOINT',
          `target.api_endpoint.${field} (CLI: ${flag}) should be defined to run model evaluation!`,
        ),
    ),
  );
}

/** Run entries split on ',' (docs/architecture.md), so a model id cannot contain one. */
export function checkModelId(ev: Draft): RuleResult {
  const modelId = ev.target.api_endpoint.model_id;
  if (typeof modelId !== 'string') return OK;
  if (modelId.includes(','))
    return fail('EF_MODEL_ID', `target.api_endpoint.model_id '${modelId}' must not contain ','`);
  // The id travels inside one engine argument (`--run-entries task:model=<id>`); a space or a control character
  // there is a pasted command line, never a served model name.
  const bad = /[\s\p{Cc}]/u.exec(modelId);
  if (bad)
    return fail(
      'EF_MODEL_ID',
      `target.api_endpoint.model_id ${JSON.stringify(modelId)} must not contain white space or control characters (found ${JSON.stringify(bad[0])})`,
    );
  return OK;
}

/**
 * `config.params.extra.cache` in the one form the engine takes, and without a password: the value is written to
 * run_config.yml and onto the engine's command line, so it is refused before any file is written.
 */
export function checkCacheUrl(ev: Draft): RuleResult {
  const cache = (ev.config.params?.extra as { cache?: unknown } | undefined)?.cache;
  if (typeof cache !== 'string') return OK;
  const problem = cacheUrlProblem(cache);
  return problem ? fail('EF_CACHE_URL', `config.params.extra.cache: ${problem.message}`) : OK;
}

/** `stream: true` is accepted but the v1 engine never streams. */
export function checkStream(ev: Draft): RuleResult {
  if (ev.target.api_endpoint.stream !== true) return OK;
  return warn(
    'EF_STREAM_IGNORED',
    'target.api_endpoint.stream: true is accepted but ignored; the engine does not stream in this version',
  );
}

const NVCF_FUNCTION_PATH = /^\/v2\/nvcf\/pexec\/functions\/[^/]+(\/versions\/[^/]+)?\/?$/;

/** True for URLs `use_nvcf: true` can call (§9.3): an NVCF function URL or integrate.api.nvidia.com. */
export function isNvcfCapableUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.hostname === 'integrate.api.nvidia.com') return true;
  return parsed.hostname === 'api.nvcf.nvidia.com' && NVCF_FUNCTION_PATH.test(parsed.pathname);
}

/** `use_nvcf: true` requires an NVCF-capable URL. */
export function checkNvcfUrl(ev: Draft): RuleResult {
  const endpoint = ev.target.api_endpoint;
  const url = endpoint.url;
  if (endpoint.adapter_config?.use_nvcf !== true || typeof url !== 'string' || isNvcfCapableUrl(url)) return OK;
  return fail(
    'EF_NVCF_URL',
    `adapter_config.use_nvcf is true but target.api_endpoint.url '${url}' is neither an api.nvcf.nvidia.com function URL nor an integrate.api.nvidia.com URL`,
  );
}
