/** The shape every named rule returns (docs/architecture.md): plain coded messages, no throwing. */
import type { CodedMessage } from '@eval-factory/types';

export interface RuleResult {
  readonly errors: readonly CodedMessage[];
  readonly warnings: readonly CodedMessage[];
}

export const OK: RuleResult = { errors: [], warnings: [] };

export function fail(code: string, message: string): RuleResult {
  return { errors: [{ code, message }], warnings: [] };
}

export function warn(code: string, message: string): RuleResult {
  return { errors: [], warnings: [{ code, message }] };
}

/** Concatenates results, keeping order. */
export function combine(results: readonly RuleResult[]): RuleResult {
  return {
    errors: results.flatMap((r) => r.errors),
    warnings: results.flatMap((r) => r.warnings),
  };
}
