import { join } from 'node:path';
import { writeFileAtomic } from '@eval-factory/files';
import { dryRunSentence, dryRunSummary, RUN_FILES, type ModelDeployment } from '@eval-factory/types';
import { buildRequestBody } from '../clients/index.js';
import { writeJsonlAtomic } from '../output/atomic.js';
import type { Diagnostics } from './diagnostics.js';
import type { PreparedRun } from './prepare.js';

/**
 * A dry run's output, nothing sent: every request body as it would be sent (responses/model.jsonl), then its size
 * as the factory reads it (`DryRunSummary` in ef_dry_run.json, written last: a summary means every body is there),
 * then the same size as a sentence for people on stderr.
 */
export async function writeDryRun(
  out: string,
  prepared: PreparedRun,
  deployment: ModelDeployment,
  diag: Diagnostics,
): Promise<void> {
  let promptCharacters = 0;
  let maxOutputTokens = 0;
  await writeJsonlAtomic(join(out, RUN_FILES.modelResponses), prepared.requests, (r) => {
    const request = buildRequestBody(r, deployment);
    promptCharacters += r.prompt.length;
    maxOutputTokens += Number(request.max_tokens ?? request.max_completion_tokens ?? 0);
    return { instance_id: r.instance_id, train_trial_index: r.train_trial_index, request };
  });
  const summary = dryRunSummary({
    instances: prepared.selected.length,
    requests: prepared.requests.length,
    promptCharacters,
    maxOutputTokens,
  });
  await writeFileAtomic(join(out, RUN_FILES.dryRunSummary), `${JSON.stringify(summary, null, 2)}\n`);
  diag.log(`${dryRunSentence(summary)}; nothing sent`);
}
