import { join } from 'node:path';
import { writeFileAtomic } from '@eval-factory/files';
import { dryRunSentence, dryRunSummary, RUN_FILES } from '@eval-factory/types';
import type { Diagnostics } from './diagnostics.js';

/**
 * A dry run's size, counted as its request bodies are built (nothing sent), then written for the factory
 * (`DryRunSummary` in ef_dry_run.json, which sizes runs and suites) and said to people on stderr.
 */
export class DryRunSize {
  private promptCharacters = 0;
  private maxOutputTokens = 0;

  /** One request as it would be sent: its prompt and the body built from it. */
  count(prompt: string, body: Readonly<Record<string, unknown>>): void {
    this.promptCharacters += prompt.length;
    this.maxOutputTokens += Number(body.max_tokens ?? body.max_completion_tokens ?? 0);
  }

  /** Written once every body is (a summary means they are all there), then the sentence on stderr. */
  async write(out: string, counts: { instances: number; requests: number }, diag: Diagnostics): Promise<void> {
    const summary = dryRunSummary({
      ...counts,
      promptCharacters: this.promptCharacters,
      maxOutputTokens: this.maxOutputTokens,
    });
    await writeFileAtomic(join(out, RUN_FILES.dryRunSummary), `${JSON.stringify(summary, null, 2)}\n`);
    diag.log(`${dryRunSentence(summary)}; nothing sent`);
  }
}
