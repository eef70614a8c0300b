/**
 * The model_configs/ contract (declared once in @eval-factory/types): what model-configs writes is exactly what the
 * engine reads back, for the evaluated model and for every judge. A field added on one side only fails here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { buildModelDeployment } from '../packages/model-configs/src/deployment.js';
import { buildJudges } from '../packages/model-configs/src/judges.js';
import { writeModelConfigs, writeRenderedModelConfigs } from '../packages/model-configs/src/write.js';
import { renderModelConfigs } from '../packages/model-configs/src/render.js';
import { parsedForEngine } from '../packages/orchestrator/src/run-eval/parsed-model-configs.js';
import { useParsedFiles } from '../packages/engine/src/parsed-files.js';
import { DEFAULT_JUDGES, makeEvaluation } from '../packages/model-configs/src/test-evaluation.js';
import { readModelDeployment } from '../packages/engine/src/clients/model-deployment.js';
import { readJudgesConfig } from '../packages/engine/src/judges/judge-config.js';
import { readLocalDeployments } from '../packages/suite/src/local-path.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const CASES = [
  ['plain endpoint, no key', makeEvaluation(), 0],
  [
    'key, reasoning traces, params to add/remove/rename',
    makeEvaluation(
      {
        api_key_name: 'ACME_API_KEY',
        adapter_config: {
          use_nvcf: false,
          process_reasoning_traces: true,
          params_to_add: { seed: 7 },
          params_to_remove: ['top_p'],
          params_to_rename: { max_tokens: 'max_completion_tokens' },
          use_system_prompt: true,
          custom_system_prompt: 'Be brief.',
        },
      },
      { judges: DEFAULT_JUDGES },
    ),
    3,
  ],
  [
    'completions endpoint on an NVCF function URL',
    makeEvaluation({
      type: 'completions',
      url: 'https://api.nvcf.nvidia.com/v2/nvcf/pexec/functions/0123abcd-0000-0000-0000-000000000000',
      api_key_name: 'NVCF_KEY',
    }),
    0,
  ],
] as const;

describe('model_configs/ round trip: written by model-configs, read by the engine', () => {
  it.each(CASES)('%s', async (_name, evaluation, judgeCount) => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-mc-'));
    dirs.push(dir);
    await writeModelConfigs(evaluation, dir);
    const { deployment } = buildModelDeployment(evaluation);
    expect(readModelDeployment(dir, deployment.model_name)).toEqual(deployment);
    // HELM's part of the same file: what `run_suite --local-path` (and HELM's own loader) reads.
    const local = readLocalDeployments(dir).get(deployment.model_name);
    if (deployment.base_url === null) expect(local).toBeUndefined();
    else
      expect(local).toEqual({
        url: deployment.base_url,
        model_id: deployment.model_name,
        type: deployment.endpoint_type,
      });
    const { judges } = buildJudges(evaluation);
    expect(judges).toHaveLength(judgeCount);
    if (judgeCount > 0) expect(readJudgesConfig(dir, 'med_dialog')).toEqual(judges);
  });

  it.each(
    CASES,
  )('%s: the parse run_eval hands the engine with its command line reads the same', async (_n, evaluation) => {
    const out = mkdtempSync(join(tmpdir(), 'ef-mc-'));
    dirs.push(out);
    const rendered = renderModelConfigs(evaluation);
    await writeRenderedModelConfigs(rendered, join(out, 'model_configs'));
    const parsed = parsedForEngine(out, rendered);
    expect(parsed).toHaveLength(1);
    useParsedFiles(parsed);
    try {
      expect(readModelDeployment(join(out, 'model_configs'), rendered.deployment.model_name)).toEqual(
        buildModelDeployment(evaluation).deployment,
      );
    } finally {
      useParsedFiles([]);
    }
  });
});
