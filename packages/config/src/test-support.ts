/**
 * Helpers for this package's tests (not exported from the package entry point): the error a call throws, a user
 * run_config and `resolve` over the repository's framework.yml, and a complete merged Evaluation to mutate.
 */
import { loadFramework, type FrameworkDefinition } from './framework.js';
import { resolveEvaluation, type ResolveInput, type ResolvedEvaluation } from './resolve.js';

/** What `fn` throws; throws itself when `fn` returns. */
export function thrown(fn: () => unknown): { code?: string; message: string; hint?: string } {
  try {
    fn();
  } catch (e) {
    return e as { code?: string; message: string; hint?: string };
  }
  throw new Error('expected a throw');
}

/** The endpoint of `runConfig()`. */
export const endpoint = { url: 'http://127.0.0.1:8000/v1', model_id: 'meta/llama-3.1-8b-instruct', type: 'chat' };

/** A valid user run_config (pubmed_qa into `out`, at `endpoint`); `config` and `target.api_endpoint` are spread in, other keys added. */
export function runConfig(
  extra: { config?: object; target?: { api_endpoint?: object }; [k: string]: unknown } = {},
): Record<string, unknown> {
  const { config = {}, target = {}, ...rest } = extra;
  return {
    config: { type: 'pubmed_qa', output_dir: 'out', ...config },
    target: { api_endpoint: { ...endpoint, ...(target.api_endpoint ?? {}) } },
    ...rest,
  };
}

let helm: FrameworkDefinition | undefined;

/** resolveEvaluation with the repository's framework.yml (loaded on first use) and no run_config unless given. */
export function resolve(input: Partial<ResolveInput>): ResolvedEvaluation {
  helm ??= loadFramework();
  return resolveEvaluation({ framework: helm, runConfig: null, ...input });
}

/**
 * A merged Evaluation (helm's pubmed_qa at a chat endpoint `http://h/v1`, model `m`) with these params; `apiEndpoint`
 * adds or replaces endpoint keys. Typed `any` so that a test can mutate it freely.
 */
export function mergedEvaluation(params: object, apiEndpoint: object = {}): any {
  return {
    command: 'ef-bench run',
    framework_name: 'helm',
    pkg_name: 'eval_factory_engine',
    config: { type: 'pubmed_qa', output_dir: 'out', supported_endpoint_types: ['chat', 'completions'], params },
    target: { api_endpoint: { url: 'http://h/v1', model_id: 'm', type: 'chat', ...apiEndpoint } },
  };
}
