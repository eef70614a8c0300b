/**
 * Unused-parameter warning (docs/configuration.md step 5): a non-null param that the command template never
 * references and the model-config generator does not consume is probably a typo or a misunderstanding.
 */
import type { CodedMessage, EvaluationDraft } from '@eval-factory/types';
import { commandAst } from './command-ast.js';

/** Extra keys read by the model-config generator, not by the template. */
const CONSUMED_ELSEWHERE = /^extra\.(\w+_judge_api_key|judges)$/;

/** Every `original` of a PathExpression in the AST, at any depth (blocks, sub-expressions, hashes). */
function collectPaths(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => collectPaths(n, out));
  else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    if (record.type === 'PathExpression' && typeof record.original === 'string') out.add(record.original);
    for (const [key, value] of Object.entries(record)) {
      if (key !== 'loc' && typeof value === 'object') collectPaths(value, out);
    }
  }
  return out;
}

/**
 * The `config.params` keys a template references, relative to `config.params` (`limit_samples`, `extra.subset`).
 * @example templateParamRefs('{{config.params.extra.subset}}') // → Set {'extra.subset'}
 */
export function templateParamRefs(command: string): Set<string> {
  const refs = new Set<string>();
  for (const path of collectPaths(commandAst(command), new Set())) {
    const match = /^(?:this\.)?config\.params(?:\.(.+))?$/.exec(path);
    if (match) refs.add(match[1] ?? '');
  }
  return refs;
}

function isReferenced(key: string, refs: ReadonlySet<string>): boolean {
  // A reference to a parent (`config.params.extra`) uses everything below it.
  if (refs.has('') || refs.has(key)) return true;
  return [...refs].some((ref) => key.startsWith(`${ref}.`));
}

/** Non-null params (and extra keys) that nothing uses, as one warning (or none). */
export function checkUnusedParams(ev: EvaluationDraft): CodedMessage[] {
  const refs = templateParamRefs(ev.command);
  const { extra, ...params } = ev.config.params;
  const candidates = [
    ...Object.entries(params).map(([k, v]) => [k, v] as const),
    ...Object.entries(extra ?? {}).map(([k, v]) => [`extra.${k}`, v] as const),
  ];
  const unused = candidates
    .filter(([, value]) => value !== null && value !== undefined)
    .filter(([key]) => !CONSUMED_ELSEWHERE.test(key) && !isReferenced(key, refs))
    .map(([key]) => `config.params.${key}`);
  if (unused.length === 0) return [];
  const message = `Configuration contains parameter(s) that are not used in the command template: ${unused.join(', ')}`;
  return [{ code: 'EF_UNUSED_PARAMS', message }];
}
