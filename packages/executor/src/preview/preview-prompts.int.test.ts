/**
 * previewPrompts against an engine stand-in (a real process writing what a dry run writes): the run's size comes
 * from the dry run's summary file, whatever sentence the engine prints, and an engine that exits 0 without a
 * readable summary is an error, never a run of size 0.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { UserError } from '@eval-factory/errors';
import type { Evaluation } from '@eval-factory/types';
import { sampleEvaluation } from '../../../outputs/src/fixtures/sample.js';
import { previewPrompts } from './preview-prompts.js';

// Writes two request bodies and, as its first argument says, a summary (good), a damaged one, or none (old).
const ENGINE = `
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const [mode, , out] = process.argv.slice(2);
mkdirSync(join(out, 'responses'), { recursive: true });
const line = (id) => JSON.stringify({ instance_id: id, request: { messages: [{ role: 'user', content: 'Q ' + id }], max_tokens: 5 } });
writeFileSync(join(out, 'responses', 'model.jsonl'), line('a') + '\\n' + line('b') + '\\n');
const summary = { schema_version: 1, instances: 2, requests: 2, prompt_characters: 4000, prompt_tokens: 1000, max_output_tokens: 10 };
if (mode === 'good') writeFileSync(join(out, 'ef_dry_run.json'), JSON.stringify(summary));
if (mode === 'damaged') writeFileSync(join(out, 'ef_dry_run.json'), JSON.stringify({ ...summary, prompt_tokens: null }));
process.stderr.write('Probelauf: 2 Instanzen, 4000 Zeichen\\n');
`;

function evaluationFor(mode: string): Evaluation {
  const dir = mkdtempSync(join(tmpdir(), 'ef-preview-engine-'));
  writeFileSync(join(dir, 'engine.mjs'), ENGINE);
  return {
    ...sampleEvaluation(),
    command: `${join(dir, 'engine.mjs')} ${mode} --output-path {{quote config.output_dir}}`,
  };
}

const preview = (mode: string, count = 3) =>
  previewPrompts({ evaluation: evaluationFor(mode), prepare: async () => undefined, count });

describe('previewPrompts', () => {
  it("reads the run's size from the dry run's summary, not from what the engine prints", async () => {
    const result = await preview('good', 1);
    expect(result.summary).toEqual({
      schema_version: 1,
      instances: 2,
      requests: 2,
      prompt_characters: 4000,
      prompt_tokens: 1000,
      max_output_tokens: 10,
    });
    expect(result.prompts).toEqual([{ instanceId: 'a', messages: [{ role: 'user', content: 'Q a' }] }]);
    expect(result.engineLog).toContain('Probelauf');
  });

  it.each([
    ['old', 'was not written'],
    ['damaged', 'has no count prompt_tokens'],
  ])('an engine that exits 0 with a summary that %s is EF_DRY_RUN_FAILED', async (mode, problem) => {
    const failure = await preview(mode).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UserError);
    expect((failure as UserError).code).toBe('EF_DRY_RUN_FAILED');
    expect((failure as UserError).message).toContain(`its summary ef_dry_run.json ${problem}`);
  });
});
