import { UserError } from '@eval-factory/errors';
import { writeModelConfigs } from '@eval-factory/model-configs';
import { previewPrompts } from '@eval-factory/executor';
import { dryRunSentence, type Evaluation } from '@eval-factory/types';
import { repoRoot } from '../framework-path.js';

/**
 * The run's size (instances, requests, prompt characters, estimated prompt tokens) on stderr, from the engine's own
 * dry run in a temporary folder, offline: data not yet downloaded gives a note instead, never a download.
 */
export async function printSizeEstimate(evaluation: Evaluation): Promise<void> {
  try {
    const preview = await previewPrompts({
      evaluation,
      prepare: async (dir) => void (await writeModelConfigs(evaluation, dir)),
      count: 0,
      cwd: process.cwd(),
      repoRoot: repoRoot(),
      env: { EF_OFFLINE: '1' },
    });
    process.stderr.write(`${dryRunSentence(preview.summary)}\n`);
  } catch (error) {
    // What the run itself would refuse whatever the data (a bad prompt_texts file) stops the dry run too.
    if (error instanceof UserError && REFUSED_BY_RUN.has(error.code)) throw error;
    process.stderr.write(`note: no size estimate (${(error as Error).message.split('\n')[0]})\n`);
  }
}

/** Engine dry-run errors about the configuration, not the data: the dry run refuses them as the run does. */
const REFUSED_BY_RUN: ReadonlySet<string> = new Set(['EF_PROMPT_TEXTS']);
