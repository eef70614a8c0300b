/**
 * `eval-factory run_suite` in HELM's dialect through the real CLI: a run-entries file in HELM's exact
 * syntax, --models-to-run of two models served by one loopback server, unavailable entries (error and
 * --skip-unavailable), a leaderboard at the end, and a re-run that sends nothing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { linkFixtures, runCli, tempDir } from './support.js';

const CONF = `# Two MedHELM benchmarks for two models, written as HELM writes its confs.
entries: [
  {description: "pubmed_qa:model=org/alpha,model_deployment=host/alpha", priority: 1},
  {description: "pubmed_qa:model=org/beta,model_deployment=host/beta", priority: 1},
  {description: "head_qa:model=org/alpha,model_deployment=host/alpha", priority: 1},
  {description: "head_qa:model=org/beta,model_deployment=host/beta", priority: 1},
  {description: "head_qa:model=org/gamma,model_deployment=host/gamma", priority: 1},
  {description: "medqa_typo:model=org/alpha,model_deployment=host/alpha", priority: 1},
]
`;

let server: FakeOpenAIServer;
let dir: string;
let dataRoot: string;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ models: ['org/alpha', 'org/beta'] });
  dir = tempDir('ef-suite-');
  writeFileSync(join(dir, 'entries.conf'), CONF);
  dataRoot = linkFixtures(join(dir, 'data'), ['pubmed_qa', 'head_qa']);
});
afterAll(async () => server.close());

const args = (extra: string[] = []) => [
  'run_suite',
  '--conf-paths',
  join(dir, 'entries.conf'),
  '--models-to-run',
  'org/alpha,org/beta',
  '--suite',
  'toy',
  '--output_dir',
  join(dir, 'out'),
  '--model_url',
  server.url,
  '--data_root',
  dataRoot,
  ...extra,
];

describe('run_suite (HELM dialect)', () => {
  it('an entry naming a benchmark this installation lacks stops the suite before anything is sent', async () => {
    const r = await runCli(args());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error[EF_SUITE_UNAVAILABLE]: 1 run entry names a benchmark this installation does not have: medqa_typo:model=org/alpha',
    );
    expect(server.requests).toHaveLength(0);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('--dry_run lists the four jobs (gamma is not in --models-to-run) and writes nothing', async () => {
    const r = await runCli(args(['--skip-unavailable', '--dry_run']));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('4 jobs (2 models × benchmarks)');
    expect(r.stdout).toContain('not run (no benchmark here):\n  medqa_typo:model=org/alpha');
    expect(r.stdout).not.toContain('org/gamma');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('--skip-unavailable runs 2 models × 2 benchmarks into one folder each, then a leaderboard; a re-run sends nothing', async () => {
    const r = await runCli(args(['--skip-unavailable']));
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.code).toBe(0);
    for (const model of ['org_alpha', 'org_beta']) {
      for (const b of ['pubmed_qa', 'head_qa'])
        expect(existsSync(join(dir, 'out', 'toy', model, b, 'results.yml'))).toBe(true);
    }
    expect(r.stderr).toContain('not run   medqa_typo:model=org/alpha');
    const board = readFileSync(join(dir, 'out', 'toy', 'leaderboard.md'), 'utf8');
    expect(board).toContain('org/alpha');
    expect(board).toContain('org/beta');
    expect(new Set(server.requests.map((q) => (q.body as { model: string }).model))).toEqual(
      new Set(['org/alpha', 'org/beta']),
    );

    const status = await runCli(['status', join(dir, 'out', 'toy')]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('suite toy: 4 jobs — 4 done, 0 running, 0 failed, 0 left, 1 not run');
    expect(status.stdout).toMatch(/done\s+org\/beta\s+head_qa\s+\(\d+ of \d+ scored\)/);

    const sent = server.requests.length;
    const again = await runCli(args(['--skip-unavailable']));
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/done\s+org\/alpha\s+pubmed_qa/);
    expect(server.requests.length).toBe(sent);
  });
});
