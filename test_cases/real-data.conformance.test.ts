/**
 * End-to-end conformance on the real upstream files (../shared/datasets, spec README "Rules for using the data"):
 * `eval-factory run_eval` with limit_samples 1000 against the loopback fake server, as MedHELM's published runs.
 * Runs only with EF_CONFORMANCE=1 (jest.config.ts); skips when the datasets folder is absent. Nothing from the
 * data is copied into the repository: every expectation is a count or read from the datasets folder at run time.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { readJsonl, readTree, REPO_ROOT, runCli, tempDir, writeRunConfig } from './support.js';

const datasetsDir = path.resolve(REPO_ROOT, '../shared/datasets');
const available = existsSync(datasetsDir);
if (!available) console.log('skipped: ../shared/datasets not found');

const SECRET = 'sk-test-conformance-7Hq2Lm9Vx4Rt8Kw3Np6Zs1Yb5';
const LIMIT = 1000;
/** Instances evaluated with limit_samples 1000 (docs/benchmarks.md: head_qa subsamples 1,000 of 2,675; the others keep all). */
const EXPECTED = { pubmed_qa: 1000, head_qa: 1000, medbullets: 308 } as const;
type Benchmark = keyof typeof EXPECTED;

/** docs/configuration.md, for an unjudged task run without `metadata`. */
const OUTPUT_FILES = [
  'run_config.yml',
  'model_configs/model_deployments.yaml',
  'model_configs/model_metadata.yaml',
  'cache.db',
  'instances.jsonl',
  'responses/model.jsonl',
  'results.jsonl',
  'evaluation_config.yaml',
  'results.yml',
  'eval_factory_metrics.json',
  'logs/eval-factory.log',
];
/** docs/architecture.md, inside runs/<suite>/<run_dir>/. */
const RUN_FILES = ['run_spec.json', 'scenario.json', 'scenario_state.json', 'stats.json', 'per_instance_stats.json'];

interface HeadQaSubset {
  readonly N: number;
  readonly k: number;
  readonly indices_in_selection_order: readonly number[];
  readonly name_qid_in_selection_order: readonly (readonly [string, number])[];
}

/** exact_match computed independently: the answered letter maps to the reference tagged correct. */
function independentExactMatch(out: string): { mean: number; count: number } {
  const instances = new Map(readJsonl(path.join(out, 'instances.jsonl')).map((i) => [i.id, i]));
  const responses = readJsonl(path.join(out, 'responses/model.jsonl'));
  let sum = 0;
  for (const r of responses) {
    const letter = String(r.result.completions[0].text).trim();
    const refs = instances.get(r.instance_id)!.references;
    const index = /^[A-Z]$/.test(letter) ? letter.charCodeAt(0) - 65 : -1;
    if (refs[index]?.tags.includes('correct')) sum++;
  }
  return { mean: sum / responses.length, count: responses.length };
}

let server: FakeOpenAIServer;
const roots: string[] = [];

(available ? describe : describe.skip)('run_eval on the real datasets, limit_samples 1000', () => {
  beforeAll(async () => {
    server = await startFakeOpenAIServer({ requireApiKey: SECRET });
  });
  afterAll(async () => {
    await server?.close();
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  describe.each(Object.keys(EXPECTED) as Benchmark[])('%s', (benchmark) => {
    let out: string;
    let result: Awaited<ReturnType<typeof runCli>>;

    beforeAll(async () => {
      const root = tempDir('ef-conformance-');
      roots.push(root);
      out = path.join(root, 'out');
      const rc = writeRunConfig(root, {
        config: {
          type: benchmark,
          output_dir: out,
          params: { limit_samples: LIMIT, parallelism: 16, extra: { data_path: path.join(datasetsDir, benchmark) } },
        },
        target: {
          api_endpoint: { url: server.url, model_id: 'fake-model', type: 'chat', api_key_name: 'EF_TEST_KEY' },
        },
      });
      result = await runCli(['run_eval', '--run_config', rc], { env: { EF_TEST_KEY: SECRET } });
    }, 600_000);

    it('exits 0 and writes every file of the output folder', () => {
      expect(result.stderr).not.toMatch(/error\[/);
      expect(result.code).toBe(0);
      for (const file of OUTPUT_FILES) expect([file, existsSync(path.join(out, file))]).toEqual([file, true]);
      const evalConfig = parse(readFileSync(path.join(out, 'evaluation_config.yaml'), 'utf8'));
      expect(evalConfig.status).toBe('success');
      const runDir = path.join(out, evalConfig.run.run_dir);
      expect(path.dirname(runDir)).toBe(path.join(out, 'runs', benchmark));
      for (const file of RUN_FILES) expect([file, existsSync(path.join(runDir, file))]).toEqual([file, true]);
      for (const file of readTree(out)) expect(file.text.includes(SECRET)).toBe(false);
    });

    it(`evaluates ${EXPECTED[benchmark]} instances, one request each`, () => {
      const instances = readJsonl(path.join(out, 'instances.jsonl'));
      expect(instances).toHaveLength(EXPECTED[benchmark]);
      const responses = readJsonl(path.join(out, 'responses/model.jsonl'));
      expect(responses).toHaveLength(EXPECTED[benchmark]);
      expect(responses.every((r) => r.result.success === true)).toBe(true);
      expect(new Set(responses.map((r) => r.instance_id))).toEqual(new Set(instances.map((i) => i.id)));
      const evalConfig = parse(readFileSync(path.join(out, 'evaluation_config.yaml'), 'utf8'));
      expect(evalConfig.counts.instances.evaluated).toBe(EXPECTED[benchmark]);
      expect(evalConfig.data.num_evaluated).toBe(EXPECTED[benchmark]);
    });

    it('reports exact_match equal to the value computed from the answers', () => {
      const results = parse(readFileSync(path.join(out, 'results.yml'), 'utf8'));
      const em = results.results.tasks[benchmark].metrics.exact_match.scores.mean;
      const independent = independentExactMatch(out);
      expect(independent.count).toBe(EXPECTED[benchmark]);
      expect(em.value).toBeCloseTo(independent.mean, 12);
      expect(em.stats.count).toBe(EXPECTED[benchmark]);
    });

    if (benchmark === 'head_qa') {
      it("evaluates HELM's seed-0 selection, in selection order", () => {
        const subset = JSON.parse(
          readFileSync(path.join(datasetsDir, 'head_qa/eval_subset_k1000_seed0.json'), 'utf8'),
        ) as HeadQaSubset;
        const instances = readJsonl(path.join(out, 'instances.jsonl'));
        expect(instances.map((i) => [i.extra_data.name, i.extra_data.id])).toEqual(subset.name_qid_in_selection_order);
        // ids are id0… over the 2,675 text-only rows in file order, so they carry the index list too.
        expect(instances.map((i) => i.id)).toEqual(subset.indices_in_selection_order.map((i) => `id${i}`));
        const evalConfig = parse(readFileSync(path.join(out, 'evaluation_config.yaml'), 'utf8'));
        expect(evalConfig.data.num_instances).toBe(subset.N);
        expect(evalConfig.data.subsample).toMatchObject({ limit: subset.k, method: 'numpy_legacy_seed0_permutation' });
      });
    } else {
      it('evaluates every instance in load order (nothing to subsample)', () => {
        const instances = readJsonl(path.join(out, 'instances.jsonl'));
        expect(instances.map((i) => i.id)).toEqual(instances.map((_, n) => `id${n}`));
        const evalConfig = parse(readFileSync(path.join(out, 'evaluation_config.yaml'), 'utf8'));
        expect(evalConfig.data.subsample).toBeNull();
      });
    }
  });
});
