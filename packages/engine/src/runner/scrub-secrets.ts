import { scrubValue } from '@eval-factory/errors';
import type { PreparedRun } from './prepare.js';

/**
 * The run's instances and prompts with every registered secret value replaced by `[REDACTED]`: the second wall,
 * behind the checks that keep a definition's files inside its folder. Called once the run's credentials are resolved (model key, judge keys, OAuth secrets all registered), so a
 * key that reached a data file or a prompt template is neither sent to the model nor written to instances.jsonl,
 * responses/, cache.db or the HELM files. Answers are scrubbed where they arrive (clients/model-client.ts).
 * Requests are built as they are sent, over the scrubbed instances, and each is scrubbed as it is built (its
 * prompt template and stop sequences may hold a secret too).
 */
export function scrubPrepared(prepared: PreparedRun): PreparedRun {
  // A streamed selection is scrubbed in place: the instances read so far now, each one read later as it comes.
  prepared.stream?.mapAll(scrubValue);
  const selected = prepared.stream ? prepared.selected : scrubValue(prepared.selected);
  const plan = prepared.planOver(selected);
  return {
    ...prepared,
    selected,
    requests: {
      get length() {
        return plan.length;
      },
      at: (index) => scrubValue(plan.at(index)),
      ...(plan.reach ? { reach: plan.reach } : {}),
    },
  };
}
