/** The `${VAR}` references of a run's request headers (docs/configuration.md#headers), as the factory checks them. */
import { headerReferences } from '@eval-factory/errors';
import type { Evaluation } from '@eval-factory/types';

export interface HeaderVariable {
  readonly header: string;
  readonly variable: string;
}

/** Every variable the headers sent to the endpoint reference (`headers_to_add` under the endpoint's own). */
export function headerVariables(evaluation: Evaluation): HeaderVariable[] {
  const endpoint = evaluation.target.api_endpoint;
  const headers = { ...(endpoint.adapter_config?.headers_to_add ?? {}), ...(endpoint.headers ?? {}) };
  return Object.entries(headers).flatMap(([header, value]) =>
    headerReferences(value).map((variable) => ({ header, variable })),
  );
}

/** The referenced variables unset or empty here; none for a merge, which sends nothing (docs/scale.md). */
export function missingHeaderVariables(evaluation: Evaluation, env: NodeJS.ProcessEnv = process.env): HeaderVariable[] {
  if (evaluation.config.params.extra.merge_units === true) return [];
  return headerVariables(evaluation).filter(({ variable }) => !env[variable]);
}
