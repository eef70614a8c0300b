/**
 * Runs that cannot be compared with published MedHELM numbers say so, and why, wherever their scores are read:
 * evaluation_config.yaml, the leaderboard, and the report (the viewer's pages, built from the same cells). The data
 * is copied out of the shipped fixtures, so only the condition under test makes a run not comparable.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '@eval-factory/testkit';
import { bootstrapMeanCI, DEFAULT_BOOTSTRAP } from '@eval-factory/summary';
import { fixture, readJsonl, runCli, tempDir, writeRunConfig } from './support.js';

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterAll(async () => server?.close());

/** `dir/<name>`: a copy of the benchmark's fixture, `files` only when given (not the shipped folder itself). */
function copyData(dir: string, benchmark: string, name: string, files?: readonly string[]): string {
  const to = join(dir, name);
  if (files === undefined) cpSync(fixture(benchmark), to, { recursive: true, dereference: true });
  else {
    mkdirSync(to, { recursive: true });
    for (const f of files) cpSync(join(fixture(benchmark), f), join(to, f), { dereference: true });
  }
  return to;
}

const yamlField = (text: string, key: string) => text.match(new RegExp(`^${key}:.*(\\n(?: |-).*)*`, 'm'))?.[0] ?? '';

describe('not comparable with MedHELM, marked with the reason', () => {
  it('MedQA without its dev file and a changed prompt are helm_compatible: false with why; a full copy is not', async () => {
    const dir = tempDir('ef-helm-comparable-');
    const out = join(dir, 'out');
    writeFileSync(join(dir, 'texts.yaml'), 'pubmed_qa:\n  instructions: Answer yes, no or maybe.\n');
    const runs = {
      clean: ['pubmed_qa', 'plain', { data_path: copyData(dir, 'pubmed_qa', 'pubmed') }],
      prompted: ['pubmed_qa', 'prompted', { data_path: join(dir, 'pubmed'), prompt_texts: join(dir, 'texts.yaml') }],
      medqa: [
        'medhelm_med_qa',
        'plain',
        { data_path: copyData(dir, 'medhelm_med_qa', 'medqa', ['phrases_no_exclude_test.jsonl']) },
      ],
    } as const;
    for (const [name, [type, model, extra]] of Object.entries(runs)) {
      const config = writeRunConfig(
        dir,
        {
          config: { type, output_dir: join(out, name), params: { limit_samples: 2, extra } },
          target: { api_endpoint: { url: server.url, model_id: model, type: 'chat' } },
        },
        `${name}.yml`,
      );
      const r = await runCli(['run_eval', '--run_config', config]);
      expect(r.stderr).not.toContain('error[');
      expect(r.code).toBe(0);
    }
    const evaluation = (name: string) => readFileSync(join(out, name, 'evaluation_config.yaml'), 'utf8');
    expect(evaluation('clean')).toMatch(/^helm_compatible: true$/m);
    expect(yamlField(evaluation('clean'), 'helm_incompatible_reasons')).toBe('helm_incompatible_reasons: []');
    expect(evaluation('prompted')).toMatch(/^helm_compatible: false$/m);
    expect(yamlField(evaluation('prompted'), 'helm_incompatible_reasons')).toContain("prompts other than HELM's");
    expect(evaluation('medqa')).toMatch(/^helm_compatible: false$/m);
    expect(yamlField(evaluation('medqa'), 'helm_incompatible_reasons')).toContain(
      'partial data: phrases_no_exclude_dev.jsonl not found',
    );
    // The leaderboard's cell carries the reason; the report (the viewer's board) shows the same markers.
    const board = await runCli(['summarize', out]);
    expect(board.code).toBe(0);
    expect(board.stdout).toContain("non-HELM settings: prompts other than HELM's");
    expect(board.stdout).toContain('non-HELM settings: partial data: phrases_no_exclude_dev.jsonl not found');
    expect(board.stdout.match(/non-HELM settings/g)).toHaveLength(2);
    const report = await runCli(['report', out, '--out', join(dir, 'report.html')]);
    expect(report.code).toBe(0);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('non-HELM settings: partial data: phrases_no_exclude_dev.jsonl not found');
    expect(html).toContain('non-HELM settings: prompts other than HELM');
  }, 300_000);

  it('MedQA given its dev file: results.jsonl marks the valid rows, and the interval is over test, as the value is', async () => {
    const dir = tempDir('ef-helm-main-split-');
    const out = join(dir, 'out');
    const config = writeRunConfig(dir, {
      config: {
        type: 'medhelm_med_qa',
        output_dir: join(out, 'medqa'),
        params: { extra: { data_path: copyData(dir, 'medhelm_med_qa', 'medqa') } },
      },
      target: { api_endpoint: { url: server.url, model_id: 'm', type: 'chat' } },
    });
    const r = await runCli(['run_eval', '--run_config', config]);
    expect(r.code).toBe(0);
    const lines = readJsonl(join(out, 'medqa', 'results.jsonl'));
    expect(lines.map((l) => l.split ?? 'test').sort()).toEqual(['test', 'test', 'test', 'valid', 'valid']);
    const summary = await runCli(['summarize', out]);
    expect(summary.code).toBe(0);
    const board = JSON.parse(readFileSync(join(out, 'leaderboard.json'), 'utf8'));
    const test = lines.filter((l) => l.split === undefined).map((l) => l.metrics.exact_match as number);
    expect(board.rows[0].cells[0].ci).toEqual(bootstrapMeanCI(test, DEFAULT_BOOTSTRAP));
  }, 300_000);
});
