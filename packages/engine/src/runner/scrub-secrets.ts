import { scrubValue } from '@eval-factory/errors';
import type { PreparedRun } from './prepare.js';

/**
 * The run's instances and prompts with every registered secret value replaced by `[REDACTED]`: the second wall,
 * behind the checks that keep a definition's files inside its folder. Called once the run's credentials are resolved (model key, judge keys, OAuth secrets all registered), so a
 * key that reached a data file or a prompt template is neither sent to the model nor written to instances.jsonl,
 * responses/, cache.db or the HELM files. Answers are scrubbed where they arrive (clients/model-client.ts).
 */
export function scrubPrepared(prepared: PreparedRun): PreparedRun {
  const selected = scrubValue(prepared.selected);
  const requests = scrubValue(prepared.requests);
  return selected === prepared.selected && requests === prepared.requests
    ? prepared
    : { ...prepared, selected, requests };
}
