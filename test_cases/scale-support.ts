/** Shared set-up of the scale-out tests (docs/scale.md): a bigger pubmed_qa data file and a run-entries file. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from '@jest/globals';
import { type SlurmCluster, startSlurmOrSayWhy } from '@eval-factory/testkit';

/** `DIR/pubmed_qa/ori_pqal.json` with `n` made-up entries (the fixture has 5; shards need more); `variant` changes the questions. */
export function writePubmedQa(dataRoot: string, n: number, variant = ''): void {
  const entries: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    entries[String(40_000_000 + i)] = {
      QUESTION: `Does invented treatment ${variant}${i} shorten invented illness ${i % 7}?`,
      CONTEXTS: [`Made-up background sentence ${i}.`, `Made-up result sentence ${i * 3}.`],
      LABELS: ['BACKGROUND', 'RESULTS'],
      MESHES: ['Adult'],
      YEAR: '2031',
      reasoning_required_pred: 'yes',
      reasoning_free_pred: 'yes',
      final_decision: ['yes', 'no', 'maybe'][i % 3],
      LONG_ANSWER: `Invented answer ${i}.`,
    };
  }
  mkdirSync(join(dataRoot, 'pubmed_qa'), { recursive: true });
  writeFileSync(join(dataRoot, 'pubmed_qa', 'ori_pqal.json'), JSON.stringify(entries, null, 2));
}

/** A HELM run-entries file of `benchmarks` × `models`. */
export function writeEntries(file: string, benchmarks: readonly string[], models: readonly string[]): void {
  const lines = benchmarks.flatMap((b) => models.map((m) => `  {description: "${b}:model=${m}", priority: 1},`));
  writeFileSync(file, `entries: [\n${lines.join('\n')}\n]\n`);
}

/** The prompts a fake server was sent (chat: the last message), for "each prompt answered once". */
export function promptsSent(requests: readonly { body: unknown }[]): string[] {
  return requests.map((r) => JSON.stringify(r.body as { messages?: unknown; prompt?: unknown; model?: unknown }));
}

/**
 * A single-node Slurm for a test file, started while the file loads. Without one the file's suite is skipped and
 * says why, in its title and on stderr (jest does not name the tests of a file it skips whole), instead of tests
 * that pass by returning early. A skipped suite collects its tests but runs neither them nor their hooks, so
 * `cluster` is never read then.
 */
export async function slurmSuite(
  file: string,
): Promise<{ suite: typeof describe.skip; skipped: string; cluster: SlurmCluster }> {
  const started = await startSlurmOrSayWhy();
  if ('cluster' in started) return { suite: describe, skipped: '', cluster: started.cluster };
  process.stderr.write(`${file}: SKIPPED, ${started.why}\n`);
  return { suite: describe.skip, skipped: ` (SKIPPED: ${started.why})`, cluster: null as never };
}
