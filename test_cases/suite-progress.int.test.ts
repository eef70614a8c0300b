/**
 * The suite's one progress view and its scheduling through the real CLI, not on a
 * terminal: a line on stderr per job as it ends and the overall counts (no engine bars, no raw events), each job's
 * log keeping its own progress line, a warning every job repeats printed once; and 2 models × 3 benchmarks with the
 * next job started while the previous one sends and sending with the slots of its last requests, never past the
 * endpoint's parallelism on the server's side (suite-tail-slots.int.test.ts: the same with retries in the tail).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAnswer, startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { CLI, linkFixtures, REPO_ROOT, runCli, tempDir } from './support.js';
import { writePubmedQa } from './scale-support.js';

const MODELS = ['org/alpha', 'org/beta'];
const P = 2;

let server: FakeOpenAIServer;
let dir: string;
let dataRoot: string;
let latencyMs = 120;
beforeAll(async () => {
  server = await startFakeOpenAIServer({
    models: MODELS,
    answer: async (request) => {
      await new Promise((r) => setTimeout(r, latencyMs));
      return demoAnswer(request);
    },
  });
  dir = tempDir('ef-suite-progress-');
  dataRoot = join(dir, 'data');
  writePubmedQa(dataRoot, 12);
  linkFixtures(dataRoot, ['head_qa', 'medbullets']);
});
afterAll(async () => server.close());

/** A job's start (its log's first line) and, from the server's log, its first request and last answer (ms). */
function jobTimes(suiteDir: string, model: string, benchmark: string, sentFrom: number) {
  const folder = join(suiteDir, model.replace('/', '_'), benchmark);
  const prompts = new Set(
    readFileSync(join(folder, 'responses', 'model.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.stringify((JSON.parse(l) as { request: { messages: unknown } }).request.messages)),
  );
  const mine = server.requests
    .slice(sentFrom)
    .filter(
      (q) =>
        (q.body as { model?: string }).model === model &&
        prompts.has(JSON.stringify((q.body as { messages?: unknown }).messages)),
    );
  const log = readFileSync(join(folder, 'logs', 'eval-factory.log'), 'utf8');
  const answers = mine.map((q) => Date.parse(q.responded_at ?? q.received_at)).sort((a, b) => a - b);
  return {
    startedAt: Date.parse(log.slice(0, log.indexOf(' '))),
    firstSent: Math.min(...mine.map((q) => Date.parse(q.received_at))),
    lastAnswer: answers[answers.length - 1],
    /** When half of the job's requests had their answer. */
    halfAnswered: answers[Math.ceil(answers.length / 2) - 1],
    /** When the job first had fewer requests left than P (its first slot given up), or its start if it never had P. */
    firstSlotFree: answers[answers.length - P] ?? Number.NEGATIVE_INFINITY,
  };
}

describe('run_suite progress, not on a terminal', () => {
  it('prints plain suite lines with per-job and overall counts; a repeated warning once; logs keep job lines', async () => {
    const file = join(dir, 'suite.yml');
    writeFileSync(
      file,
      `suite: view
targets:
${MODELS.map((m) => `  - api_endpoint: {url: '${server.url}', model_id: ${m}, type: chat}`).join('\n')}
evaluation:
  params: {parallelism: ${P}, extra: {unused_knob: 1}}
  tasks:
    - name: pubmed_qa
      params: {extra: {data_path: '${join(dataRoot, 'pubmed_qa')}'}}
    - name: head_qa
      params: {limit_samples: 3, extra: {data_path: '${join(dataRoot, 'head_qa')}'}}
`,
    );
    const r = await runCli(['run_suite', '--suite_config', file, '--output_dir', join(dir, 'out')]);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.code).toBe(0);
    const lines = r.stderr.split('\n');
    if (process.env.EF_SHOW_STDERR) process.stdout.write(r.stderr);
    // While jobs run: a line as each ends, with its requests and what is still running.
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^\[[1-3]\/4\] success {2}org\/(alpha|beta) (pubmed_qa|head_qa): (12\/12|3\/3) requests \(cached 0, failed 0\) in \d+s \| [1-3] running/,
        ),
      ]),
    );
    // The last line of the view: everything done, every request counted (2 × (12 + 3)).
    expect(lines).toContain('suite view: jobs 4/4 done | requests 30/30');
    expect(r.stderr).not.toContain('@ef-progress');
    expect(r.stderr).not.toMatch(/^pubmed_qa \d+\/12 \(done/m);
    expect(lines.filter((l) => l.includes('warning[EF_UNUSED_PARAMS]'))).toHaveLength(1);
    const log = readFileSync(join(dir, 'out', 'view', 'org_alpha', 'pubmed_qa', 'logs', 'eval-factory.log'), 'utf8');
    expect(log).toMatch(/^pubmed_qa 12\/12 \(done 12, cached 0, failed 0\)/m);
    expect(log).not.toContain('@ef-progress');
  }, 120_000);

  it('2 models × 3 benchmarks: jobs of one endpoint follow each other closely, never past its parallelism', async () => {
    server.resetMaxInFlight();
    // Long enough that a next job, once prepared, would send while the one before still sends, were it not held.
    latencyMs = 500;
    const sentFrom = server.requests.length;
    const conf = join(dir, 'entries.conf');
    const entries = ['pubmed_qa', 'head_qa', 'medbullets'].flatMap((b) =>
      MODELS.map((m) => `  {description: "${b}:model=${m}", priority: 1},`),
    );
    writeFileSync(conf, `entries: [\n${entries.join('\n')}\n]\n`);
    const r = await runCli([
      'run_suite',
      '--conf-paths',
      conf,
      '--models-to-run',
      MODELS.join(','),
      '--suite',
      'budget',
      '--output_dir',
      join(dir, 'budget'),
      '--model_url',
      server.url,
      '--data_root',
      dataRoot,
      '--parallelism',
      String(P),
    ]);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^suite budget: jobs 6\/6 done \| requests (\d+)\/\1$/m);
    for (const m of MODELS) expect(server.maxInFlight(m)).toBe(P);

    // Per endpoint, in conf order: each job was started (its log's first line) while the one before still sent,
    // and sent its first request only once the one before had given up a slot (fewer requests left than P: no
    // retries here, every request is answered once).
    for (const model of MODELS) {
      const jobs = ['pubmed_qa', 'head_qa', 'medbullets'].map((b) =>
        jobTimes(join(dir, 'budget', 'budget'), model, b, sentFrom),
      );
      expect(jobs[1].startedAt).toBeLessThan(jobs[0].lastAnswer);
      // The third job runs in the first job's kept engine (no start-up to hide): it is started only once the
      // second is halfway, not while the second's engine is cold and the first still writes its files.
      expect(jobs[2].startedAt).toBeGreaterThanOrEqual(jobs[1].halfAnswered);
      for (let k = 1; k < jobs.length; k++) expect(jobs[k].firstSent).toBeGreaterThanOrEqual(jobs[k - 1].firstSlotFree);
    }
  }, 180_000);

  it('Ctrl-C while the next job waits for its turn: exit 130, that job sent nothing, a re-run finishes the suite', async () => {
    latencyMs = 300;
    const conf = join(dir, 'stop.conf');
    writeFileSync(
      conf,
      'entries: [{description: "pubmed_qa:model=org/alpha", priority: 1}, {description: "head_qa:model=org/alpha", priority: 1}]\n',
    );
    const args = [
      'run_suite',
      '--conf-paths',
      conf,
      '--models-to-run',
      'org/alpha',
      '--suite',
      'stop',
      '--output_dir',
      join(dir, 'stop'),
      '--model_url',
      server.url,
      '--data_root',
      dataRoot,
      '--parallelism',
      '1',
    ];
    const sentFrom = server.requests.length;
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, CI: 'true' },
      stdio: 'ignore',
    });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Three pubmed_qa answers in: head_qa is prepared by now (started with pubmed_qa's first request) and waits.
    const deadline = Date.now() + 60_000;
    while (server.requests.length - sentFrom < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    expect(await closed).toBe(130);
    const sent = server.requests.slice(sentFrom);
    expect(sent.length).toBeLessThan(12);
    expect(sent.every((q) => JSON.stringify(q.body).includes('invented treatment'))).toBe(true);
    // head_qa had been started (its log exists): it was stopped while it waited.
    expect(existsSync(join(dir, 'stop', 'stop', 'org_alpha', 'head_qa', 'logs', 'eval-factory.log'))).toBe(true);
    // Nothing started after the signal: no merge and no leaderboard of a half-run suite.
    expect(existsSync(join(dir, 'stop', 'stop', 'leaderboard.md'))).toBe(false);

    const again = await runCli(args);
    expect(again.stderr).not.toMatch(/^\s+at /m);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('suite stop: jobs 2/2 done');
  }, 180_000);
});
