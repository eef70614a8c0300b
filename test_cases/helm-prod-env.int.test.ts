/**
 * A HELM team's own inputs, unchanged, through the real CLI: MedHELM's real run_entries_medhelm_public.conf
 * (../shared/helm, read in place; the test is skipped where it is absent) and a `--local-path` prod_env holding
 * HELM's model_deployments.yaml (two models and the three judge deployments of HELM's medhelm/judges.yaml, all on
 * loopback fake servers) and credentials.conf (the only place the keys are). With --skip-unavailable every entry
 * with data runs, the judged ones scored by the prod_env's judges, each server gets exactly its own key, and no key
 * is in any file or output.
 */
import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeFixtureDocx } from '../packages/benchmarks/test-support/race_based_med/docx-fixture.js';
import {
  bearerHash,
  type HelmServers,
  JUDGES,
  KEYS,
  MODELS,
  REASONING,
  startHelmServers,
  writeProdEnv,
} from './helm-prod-env-support.js';
import { linkFixtures, readTree, REPO_ROOT, runCli, tempDir } from './support.js';

const PUBLIC_CONF = join(REPO_ROOT, '..', 'shared', 'helm', 'run_entries_medhelm_public.conf');
const BENCHMARKS = [
  'aci_bench',
  'ehr_sql',
  'head_qa',
  'med_dialog',
  'medbullets',
  'medcalc_bench',
  'medec',
  'medhallu',
  'medhelm_med_mcqa',
  'medhelm_med_qa',
  'medi_qa',
  'medication_qa',
  'mtsamples_procedures',
  'mtsamples_replicate',
  'pubmed_qa',
  'race_based_med',
];
const JUDGED = ['aci_bench', 'med_dialog', 'medi_qa', 'medication_qa', 'mtsamples_procedures', 'mtsamples_replicate'];

let helm: HelmServers;
let servers: HelmServers['models'];
let judges: HelmServers['judges'];
beforeAll(async () => {
  helm = await startHelmServers();
  servers = helm.models;
  judges = helm.judges;
});
afterAll(async () => helm?.close());

/** The run-spec names HELM's MedHELM functions give the conf's entries (src/helm/benchmark/run_specs/). */
const HELM_SPEC_NAMES = [
  'aci_bench',
  'ehr_sql',
  'head_qa:language=en,category=None',
  'med_dialog,subset=healthcaremagic',
  'med_dialog,subset=icliniq',
  'med_mcqa',
  'med_qa',
  'medbullets',
  'medcalc_bench',
  'medec',
  'medhallu',
  'medi_qa',
  'medication_qa',
  'mtsamples_procedures',
  'mtsamples_replicate',
  'pubmed_qa',
  'race_based_med',
];

/**
 * helm-run's run names: the spec's name, then its run expanders in the entry's order (construct_run_specs applies
 * them as written): a reasoning model's `num_output_tokens=4000`, which the conf writes first, then model and
 * model_deployment ('/' made '_').
 */
const helmRunNames = (): string[] =>
  Object.entries(MODELS).flatMap(([model, deployment]) =>
    HELM_SPEC_NAMES.map((n) => {
      const expanders = [
        ...(REASONING.has(model) ? ['num_output_tokens=4000'] : []),
        `model=${model.replace('/', '_')}`,
        `model_deployment=${deployment.replace('/', '_')}`,
      ];
      return `${n}${n.includes(':') ? ',' : ':'}${expanders.join(',')}`;
    }),
  );

/** Every benchmark's fixture (race_based_med's is a .docx the test support writes). */
async function dataRoot(root: string): Promise<string> {
  linkFixtures(
    root,
    BENCHMARKS.filter((b) => b !== 'race_based_med'),
  );
  symlinkSync(dirname(await writeFixtureDocx()), join(root, 'race_based_med'));
  return root;
}

(existsSync(PUBLIC_CONF) ? describe : describe.skip)("MedHELM's public conf with a HELM prod_env", () => {
  it('runs every entry with data, judged ones by the prod_env judges, keys only from credentials.conf', async () => {
    const dir = tempDir('ef-helm-prod-env-');
    const prodEnv = writeProdEnv(dir, helm);
    const out = join(dir, 'out');
    const r = await runCli(
      [
        'run_suite',
        '--conf-paths',
        PUBLIC_CONF,
        '--suite',
        'medhelm',
        '--models-to-run',
        Object.keys(MODELS).join(','),
        '--local-path',
        prodEnv,
        '--data_root',
        await dataRoot(join(dir, 'data')),
        '--max-eval-instances',
        '2',
        '--skip-unavailable',
        '--output_dir',
        out,
      ],
      {
        env: {
          GPT_JUDGE_API_KEY: undefined,
          LLAMA_JUDGE_API_KEY: undefined,
          CLAUDE_JUDGE_API_KEY: undefined,
          OPENAI_API_KEY: undefined,
        },
      },
    );
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.stderr).not.toContain('error[');
    expect(r.code).toBe(0);
    // 17 jobs per model (med_dialog twice), 7 of them judged: 34 jobs, 14 judged, every one finished.
    const results = readTree(join(out, 'medhelm')).filter((f) => f.path.endsWith('/results.yml'));
    expect(results).toHaveLength(34);
    for (const f of results) expect(f.text).not.toMatch(/status: (error|partial)/);
    const judged = results.filter((f) => JUDGED.some((b) => f.path.includes(`/${b}`)));
    expect(judged).toHaveLength(14);
    // The judges are the prod_env's: each served name got requests, each with its own deployment's key only.
    const byModel = new Map<string, Set<string>>();
    for (const q of judges.requests) {
      const served = (q.body as { model: string }).model;
      byModel.set(served, (byModel.get(served) ?? new Set()).add(q.credentials.authorization ?? ''));
    }
    for (const [d, served] of Object.entries(JUDGES))
      expect(byModel.get(served)).toEqual(new Set([bearerHash(KEYS[d]!)]));
    expect(judges.requests.every((q) => q.status === 200)).toBe(true);
    // helm-run's names: run names from HELM's run-spec names and its model expanders, in HELM's suite.
    const helmRuns = readdirSync(join(out, 'medhelm', 'helm', 'runs', 'medhelm')).sort();
    expect(helmRuns).toEqual(helmRunNames().sort());
    const spec = JSON.parse(
      readFileSync(join(out, 'medhelm', 'helm', 'runs', 'medhelm', helmRunNames()[0]!, 'run_spec.json'), 'utf8'),
    );
    expect([spec.adapter_spec.model, spec.adapter_spec.model_deployment]).toEqual(Object.entries(MODELS)[0]);
    const reasoning = helmRunNames().find((n) => n.includes('num_output_tokens=4000'))!;
    const reasoningSpec = readFileSync(
      join(out, 'medhelm', 'helm', 'runs', 'medhelm', reasoning, 'run_spec.json'),
      'utf8',
    );
    expect(JSON.parse(reasoningSpec).adapter_spec.max_tokens).toBe(4000);
    // Judged runs carry the jury's verdicts where helm-server shows them: annotations[<scenario>] per request state.
    const judgedRun = helmRunNames().find((n) => n.startsWith('mtsamples_replicate:'))!;
    const state = JSON.parse(
      readFileSync(join(out, 'medhelm', 'helm', 'runs', 'medhelm', judgedRun, 'scenario_state.json'), 'utf8'),
    );
    expect(state.request_states[0].annotations.mtsamples_replicate).toMatchObject({
      prompt_text: expect.any(String),
      gpt: { accuracy: { score: 4 } },
      llama: { completeness: { score: 4 } },
      claude: { clarity: { score: 4 } },
    });
    // …while each server is sent the name it knows (openai_model_name).
    expect(new Set(servers[0]!.requests.map((q) => (q.body as { model: string }).model))).toEqual(
      new Set(['gemini-2.0-flash-001']),
    );
    // Without openai_model_name, HELM's OpenAIClient sends the model name's part after '/' (request.model_engine).
    expect(new Set(servers[1]!.requests.map((q) => (q.body as { model: string }).model))).toEqual(
      new Set(['o3-mini-2025-01-31']),
    );
    // No key, nor its first half, in any file of the output or the prod_env's neighbours, or on the console.
    const texts = [r.stdout, r.stderr, ...readTree(out).map((f) => f.text)];
    for (const key of Object.values(KEYS))
      for (const text of texts) {
        expect(text).not.toContain(key);
        expect(text).not.toContain(key.slice(0, 16));
      }
  }, 600_000);
});
