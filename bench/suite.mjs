#!/usr/bin/env node
// A suite against two endpoints (issue 13.2): `run_suite` of 2 models × 1 benchmark (N invented PubMedQA-shaped
// instances each) on one loopback server with latency L, parallelism P per endpoint, caching off. The ideal is the
// slowest endpoint's ceil(N/P) × L (endpoints run at the same time) plus one start-up (the time before the first
// request). Prints wall time against that ideal and, from the server's own log, each endpoint's utilisation: the
// mean number of its requests in flight over its sending window, divided by P. Target: within 1.10 × ideal.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import {
  chatRequests,
  expectOk,
  loadNote,
  printTable,
  runCli,
  runIfMain,
  sec,
  summary,
  tempDir,
  writePubmedQaData,
} from './lib.mjs';

const N = 400;
const P = 16;
const LATENCY_MS = 50;
const MODELS = ['org/alpha', 'org/beta'];
const TARGET_RATIO = 1.1;

/** Mean requests in flight over the endpoint's sending window (first received → last responded), / P. */
function utilisation(requests) {
  const spans = requests.map((r) => [Date.parse(r.received_at), Date.parse(r.responded_at ?? r.received_at)]);
  const first = Math.min(...spans.map((s) => s[0]));
  const last = Math.max(...spans.map((s) => s[1]));
  const busy = spans.reduce((sum, [a, b]) => sum + (b - a), 0);
  return { windowMs: last - first, utilisation: busy / ((last - first) * P) };
}

async function main() {
  const server = await startFakeOpenAIServer({ latencyMs: LATENCY_MS, models: MODELS });
  try {
    const dir = tempDir();
    const data = join(dir, 'data', 'pubmed_qa');
    mkdirSync(data, { recursive: true });
    writePubmedQaData(data, N);
    const conf = join(dir, 'suite.conf');
    writeFileSync(
      conf,
      `entries: [${MODELS.map((m) => `{description: "pubmed_qa:model=${m}", priority: 1}`).join(', ')}]\n`,
    );
    const result = await runCli([
      'run_suite',
      '--conf-paths',
      conf,
      '--models-to-run',
      MODELS.join(','),
      '--suite',
      'bench',
      '--output_dir',
      join(dir, 'out'),
      '--model_url',
      server.url,
      '--data_root',
      join(dir, 'data'),
      '--parallelism',
      String(P),
    ]);
    expectOk(result, 'run_suite');
    const requests = chatRequests(server);
    if (requests.length !== N * MODELS.length)
      throw new Error(`expected ${N * MODELS.length} requests, the server saw ${requests.length}`);
    const firstMs = Math.min(...requests.map((r) => Date.parse(r.received_at))) - result.startEpochMs;
    const idealSendMs = Math.ceil(N / P) * LATENCY_MS;
    const ideal = firstMs + idealSendMs;
    const perEndpoint = MODELS.map((m) => ({ m, ...utilisation(requests.filter((r) => r.body?.model === m)) }));
    printTable(`run_suite: ${MODELS.length} endpoints × pubmed_qa, N=${N} each, P=${P}, latency ${LATENCY_MS} ms`, [
      ['wall', sec(result.wallMs)],
      ['start-up (before the first request)', sec(firstMs)],
      ['ideal (start-up + ceil(N/P) × latency)', sec(ideal)],
      ['ratio', (result.wallMs / ideal).toFixed(2)],
      ...perEndpoint.map((e) => [
        `${e.m}: utilisation over ${sec(e.windowMs)}`,
        `${(e.utilisation * 100).toFixed(0)} %`,
      ]),
    ]);
    const ratio = result.wallMs / ideal;
    summary(
      `suite: ${ratio.toFixed(2)} × ideal (target ≤ ${TARGET_RATIO}), endpoint utilisation ${perEndpoint.map((e) => `${(e.utilisation * 100).toFixed(0)} %`).join(' / ')}${ratio > TARGET_RATIO ? ' — MISSES TARGET' : ''}; ${loadNote()}`,
    );
  } finally {
    await server.close();
  }
}

await runIfMain(import.meta.url, main);
