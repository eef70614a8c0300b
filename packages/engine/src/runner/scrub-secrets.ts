import { scrubValue } from '@eval-factory/errors';
import type { PreparedRun } from './prepare.js';

/**
 * The run's instances and prompts with every registered secret value replaced by `[REDACTED]`: the second wall,
 * behind the checks that keep a definition's files inside its folder. Called once the run's credentials are
 * resolved (model key, judge keys, OAuth secrets all registered), so a key that reached a data file or a prompt
 * template is neither sent to the model nor written to instances.jsonl, responses/, cache.db or the HELM files
 * (their adapter spec included). Answers are scrubbed where they arrive (clients/model-client.ts).
 * Everything a request is built from is scrubbed here, once: the instances, the adapter (prompt texts, stop
 * sequences) and the in-context examples. Requests are built as they are sent, so each is scrubbed by construction
 * and is not walked again each time the run reads it (the lookup, the send and the scoring each read it); its
 * prompt is scrubbed as it is assembled (adapters/build-requests.ts), as a secret may span two of its pieces, and
 * then kept: no secret may be registered after this runs, or requests built before would not have it scrubbed.
 */
export function scrubPrepared(prepared: PreparedRun): PreparedRun {
  // A streamed selection is scrubbed in place: the instances read so far now, each one read later as it comes.
  prepared.stream?.mapAll(scrubValue);
  const selected = prepared.stream ? prepared.selected : scrubValue(prepared.selected);
  return {
    ...prepared,
    selected,
    adapter: scrubValue(prepared.adapter),
    // The HELM files record the adapter spec (its instructions, prefixes and stop sequences) beside the prompts.
    helmAdapter: scrubValue(prepared.helmAdapter),
    requests: prepared.planOver(selected, scrubValue),
  };
}
