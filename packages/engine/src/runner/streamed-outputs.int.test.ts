/**
 * A run's outputs do not depend on how its requests are prepared and sent: a PubMedQA-shaped run of 1,300 invented
 * instances (several lookup blocks, a few prompts repeated far apart), answered out of order by the loopback fake
 * server, writes results.jsonl, the HELM run files and the summary's metrics (bootstrap intervals included) byte for
 * byte as the engine wrote them when it built every request before sending the first, and when it read the whole
 * data file before selecting (a run without a limit now sends while the file is read). The expected hashes were
 * taken from those engines on this fixture; only timings and dates in the HELM files are blanked before hashing.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { prng, runNode, startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'bin.js');
const N = 1300;
/** Entries that repeat an earlier entry's question and contexts (the same prompt, further than a lookup block). */
const REPEATS: readonly [number, number][] = [
  [3, 1203],
  [10, 640],
  [499, 1000],
];
const RUN_DIR = 'runs/v1/pubmed_qa__model=fake-model';

/** Invented PubMedQA-shaped data (ori_pqal.json): random words, a few entries repeated. */
function writeData(dir: string): void {
  const rand = prng(7);
  const words = 'patients cohort trial outcome dose risk marker serum cell therapy'.split(' ');
  const text = (k: number) => Array.from({ length: k }, () => words[Math.floor(rand() * words.length)]).join(' ');
  const entries = Array.from({ length: N }, (_, i) => ({
    QUESTION: `Does factor ${i} change ${text(4)}?`,
    CONTEXTS: [`${text(12)}.`, `${text(8)}.`],
    LABELS: ['BACKGROUND', 'RESULTS'],
    final_decision: ['yes', 'no', 'maybe'][Math.floor(rand() * 3)],
  }));
  for (const [from, to] of REPEATS) entries[to] = { ...entries[from] };
  const data = Object.fromEntries(entries.map((e, i) => [String(20_000_000 + i), e]));
  writeFileSync(join(dir, 'ori_pqal.json'), JSON.stringify(data));
}

/** A number from the prompt's text: which letter the fake model answers, and how long it takes. */
function promptNumber(prompt: string): number {
  return createHash('sha256').update(prompt).digest().readUInt32BE(0);
}

/** Timings and dates differ between two runs of the same command; everything else must not. */
function blankTimings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(blankTimings);
  if (value === null || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  // HELM's per-request runtime statistic: its count stays, its values are timings.
  if ((o.name as { name?: unknown } | undefined)?.name === 'inference_runtime') return { name: o.name, count: o.count };
  return Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k, TIMINGS.has(k) ? typeof v : blankTimings(v)] as const),
  );
}
const TIMINGS = new Set(['request_time', 'request_datetime', 'runtime_seconds', 'started_at', 'ended_at']);

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

let server: FakeOpenAIServer;
let dir: string;
beforeAll(async () => {
  server = await startFakeOpenAIServer({
    // Answers come back out of order: each waits 0–7 ms, by its prompt.
    answer: async ({ prompt }) => {
      const n = promptNumber(prompt);
      await new Promise((resolve) => setTimeout(resolve, n % 8));
      return ['A', 'B', 'C'][n % 3] as string;
    },
  });
  dir = tempFolder('ef-streamed-outputs-');
  writeData(dir);
  writeFileSync(
    join(dir, 'model_deployments.yaml'),
    `model_deployments:\n  - name: fake-model\n    model_name: fake-model\n    endpoint_type: chat\n    base_url: ${server.url}\n    request_url: ${server.url}/chat/completions\n`,
  );
});
afterAll(async () => {
  await server.close();
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

/** The folders this file made, removed when it ends (each run writes its HELM files and cache). */
const made: string[] = [];
function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  made.push(folder);
  return folder;
}

/**
 * Runs pubmed_qa over the fixture into `out` and hashes what it wrote. With a limit (`limit_samples`, here the
 * data's size) the engine reads the whole file before it selects; without one it sends while the file is read.
 */
async function runAndHash(out: string, limit: number | null = N): Promise<Record<string, unknown>> {
  const r = await runNode(
    [
      BIN,
      'run',
      '--run-entries',
      'pubmed_qa:model=fake-model',
      '--suite',
      'v1',
      '--output-path',
      out,
      '--model-configs',
      dir,
      '--data-path',
      dir,
      '--n',
      '24',
      ...(limit === null ? [] : ['--max-eval-instances', String(limit)]),
    ],
    { env: { ...process.env, EF_PROGRESS: 'off', EF_DATA_CACHE: join(dir, 'data-cache') } },
  );
  expect(r.stderr).not.toMatch(/error\[/);
  expect(r.code).toBe(0);
  const runFile = (name: string) =>
    JSON.stringify(blankTimings(JSON.parse(readFileSync(join(out, RUN_DIR, name), 'utf8'))));
  const helm = readdirSync(join(out, RUN_DIR)).filter((f) => f.endsWith('.json') && f !== 'ef_summary.json');
  const summary = JSON.parse(readFileSync(join(out, RUN_DIR, 'ef_summary.json'), 'utf8'));
  return {
    results: sha(readFileSync(join(out, 'results.jsonl'), 'utf8')),
    instances: sha(readFileSync(join(out, 'instances.jsonl'), 'utf8')),
    ...Object.fromEntries(helm.sort().map((f) => [f, sha(runFile(f))])),
    metrics: sha(JSON.stringify(summary.metrics)),
    // What the summary says of the data: the file's hash and size, its rows, the instances and the selection.
    data: sha(
      JSON.stringify({
        ...summary.data,
        files: summary.data.files.map((f: { path: string }) => ({ ...f, path: f.path.replace(dir, '') })),
      }),
    ),
    counts: summary.counts,
  };
}

describe('a run streamed from its data to the endpoint', () => {
  const out = () => tempFolder('ef-streamed-outputs-out-');
  const instances = { evaluated: N, failed: 0, scored: N, unscored: 0 };
  let folder: string;
  // Taken from the engine that built every request before sending the first, on this fixture.
  const same = {
    results: 'fce8f74b3152908e',
    instances: '8b7c4a467c3cc4d4',
    'run_spec.json': 'cd8829ea3d635944',
    'scenario.json': 'a4c7c0ea5591255b',
    metrics: '8488713caa3b65f0',
    data: '4742183030cbfeb5',
  };

  it('writes the same results, HELM files and metrics as when every request was built first', async () => {
    folder = out();
    expect(await runAndHash(folder)).toEqual({
      ...same,
      'per_instance_stats.json': '6ca7f92b79019d5f',
      'scenario_state.json': '54e4a77ce96b92b0',
      'stats.json': '93be5309dd47ac77',
      counts: { instances, requests: { cached: 3, duplicates: 3, failed: 0, retried: 0, succeeded: N, total: N } },
    });
  });

  it('and so does the same command again, answered from the cache (repeated prompts still counted as such)', async () => {
    expect(await runAndHash(folder)).toEqual({
      ...same,
      'per_instance_stats.json': 'dd239817ba386922',
      'scenario_state.json': 'ca08e1923d97c5f5',
      'stats.json': '8539006f2ae3652f',
      counts: { instances, requests: { cached: N, duplicates: 3, failed: 0, retried: 0, succeeded: N, total: N } },
    });
  });
});

describe('a run without a limit, sending while its data file is read', () => {
  const instances = { evaluated: N, failed: 0, scored: N, unscored: 0 };
  let folder: string;
  // Taken from the engine that read the whole file and selected every instance before sending the first.
  const same = {
    results: 'fce8f74b3152908e',
    instances: '8b7c4a467c3cc4d4',
    'run_spec.json': 'abe985bba5b63b37',
    'scenario.json': 'a4c7c0ea5591255b',
    metrics: '8488713caa3b65f0',
    data: '4742183030cbfeb5',
  };

  it('writes the same results, HELM files, metrics and data record as when the file was read first', async () => {
    folder = tempFolder('ef-streamed-outputs-out-');
    expect(await runAndHash(folder, null)).toEqual({
      ...same,
      'per_instance_stats.json': '6ca7f92b79019d5f',
      'scenario_state.json': 'e7835718265a3d9b',
      'stats.json': '93be5309dd47ac77',
      counts: { instances, requests: { cached: 3, duplicates: 3, failed: 0, retried: 0, succeeded: N, total: N } },
    });
  });

  it('and so does its cached re-run', async () => {
    expect(await runAndHash(folder, null)).toEqual({
      ...same,
      'per_instance_stats.json': 'dd239817ba386922',
      'scenario_state.json': '495583247dc7dcd7',
      'stats.json': '8539006f2ae3652f',
      counts: { instances, requests: { cached: N, duplicates: 3, failed: 0, retried: 0, succeeded: N, total: N } },
    });
  });
});
