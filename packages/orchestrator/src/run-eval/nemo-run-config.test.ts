/**
 * Consumer contract: the run_config.yml a run writes loads as NeMo Evaluator's `Evaluation` and its `command`
 * renders with NeMo's template language (docs/configuration.md#compatibility). The fixture
 * fixtures/nemo-run-config.contract.json is NeMo's required shape, written by hand. Where Python's Jinja2 is
 * installed (the engine NeMo renders with), the command is also rendered by it and must equal the command the run
 * itself ran; without it that part says so and is skipped.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { compareWithPrevious, loadFramework, resolveEvaluation } from '@eval-factory/config';
import { renderCommand } from '@eval-factory/executor';
import type { Evaluation } from '@eval-factory/types';
import { runConfigYmlForNemo } from './nemo-run-config.js';

const CONTRACT = JSON.parse(readFileSync(new URL('./fixtures/nemo-run-config.contract.json', import.meta.url), 'utf8'));

function evaluationOf(runConfig: Record<string, unknown>, overrides: string[] = []) {
  const resolved = resolveEvaluation({ framework: loadFramework(), runConfig, overrides });
  return resolved.evaluation as Evaluation;
}

const RUN_CONFIG = {
  config: {
    type: 'pubmed_qa',
    output_dir: "/tmp/it's here",
    params: { limit_samples: 10, extra: { data_path: '/data/a b', num_output_tokens: 1000 } },
  },
  target: {
    api_endpoint: { url: 'http://127.0.0.1:9/v1', model_id: 'acme/m-1', type: 'chat', api_key: 'ACME_API_KEY' },
  },
};

/** NeMo's render: Jinja2 with StrictUndefined over the loaded values, repeated until nothing changes. */
const RENDER_PY = `
import json, sys
from jinja2 import Environment, StrictUndefined
data = json.load(sys.stdin)
env = Environment(undefined=StrictUndefined)
prev = data["command"]
while True:
    cur = env.from_string(prev).render(data["values"])
    if cur == prev:
        break
    prev = cur
sys.stdout.write(cur)
`;

function python(): string | null {
  for (const exe of ['python3', '/usr/bin/python3']) {
    if (spawnSync(exe, ['-c', 'import jinja2'], { stdio: 'ignore' }).status === 0) return exe;
  }
  return null;
}

describe('run_config.yml for NeMo Evaluator', () => {
  it("has NeMo's fields only, and a command with no Handlebars syntax", () => {
    const evaluation = evaluationOf(RUN_CONFIG);
    const { text, warning } = runConfigYmlForNemo(evaluation as never);
    expect(warning).toBeNull();
    const written = parse(text);
    const validate = new Ajv({ allErrors: true, strict: false }).compile(CONTRACT);
    expect([validate(written), validate.errors]).toEqual([true, null]);
    expect(evaluation.command).toContain('{{#if'); // the framework's own template is Handlebars
  });

  it('reads back as the same evaluation: a resume compares equal, a re-run renders the same command', () => {
    const evaluation = evaluationOf(RUN_CONFIG);
    const written = parse(runConfigYmlForNemo(evaluation as never).text);
    expect(compareWithPrevious(written, evaluation)).toEqual([]);
    const again = evaluationOf(written);
    expect(again.command).toBe(evaluation.command);
    expect(renderCommand(again.command, again)).toBe(renderCommand(evaluation.command, evaluation));
  });

  it('a framework command with a feature NeMo cannot render keeps its text, with a warning naming the feature', () => {
    const evaluation = {
      ...evaluationOf(RUN_CONFIG),
      command: 'ef-bench run {{#each config.params.extra}}{{this}}{{/each}}',
    };
    const { text, warning } = runConfigYmlForNemo(evaluation as never);
    expect(parse(text).command).toBe(evaluation.command);
    expect(warning).toMatchObject({ code: 'EF_NEMO_COMMAND' });
    expect(warning!.message).toContain('{{#each}}');
  });

  const py = python();
  (py ? it : it.skip)('Jinja2 renders the written command to the command the run ran (real Jinja2)', () => {
    for (const overrides of [
      [],
      [
        'config.params.extra.report_corrected=false',
        'config.params.extra.allow_data_drift=true',
        'target.api_endpoint.adapter_config.use_caching=false',
      ],
    ]) {
      const evaluation = evaluationOf(RUN_CONFIG, overrides);
      const written = parse(runConfigYmlForNemo(evaluation as never).text) as { command: string };
      const r = spawnSync(py!, ['-c', RENDER_PY], {
        input: JSON.stringify({ command: written.command, values: written }),
        encoding: 'utf8',
      });
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(renderCommand(evaluation.command, evaluation));
    }
  });
});
