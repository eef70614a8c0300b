#!/usr/bin/env node
// Fully cached re-run: 10,000 invented PubMedQA-shaped instances, 0 ms server latency, parallelism 64. The first
// run fills cache.db; the same command into the same output folder then answers everything from the cache
// (docs/configuration.md). The figure is the wall time of the second run.
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import {
  chatRequests,
  expectOk,
  loadNote,
  preparePubmedQaRun,
  printTable,
  readRunFile,
  runCli,
  runIfMain,
  sec,
  summary,
} from './lib.mjs';

const N = 10_000;
const P = 64;
const TARGET_MS = 3000;

export async function main() {
  console.log(`cached-rerun: ${N} instances, parallelism ${P}, 0 ms latency; ${loadNote()}`);
  const server = await startFakeOpenAIServer({ latencyMs: 0 });
  try {
    const { outputDir, rc } = preparePubmedQaRun(N, { url: server.url, parallelism: P });
    const first = expectOk(await runCli(['run_eval', '--run_config', rc], { cpu: true }), 'first run');
    const firstSent = chatRequests(server).length;
    const firstCounts = (await readRunFile(outputDir, 'evaluation_config.yaml')).counts;
    server.requests.length = 0;
    const second = expectOk(await runCli(['run_eval', '--run_config', rc], { cpu: true }), 'second (cached) run');
    const secondSent = chatRequests(server).length;
    const secondCounts = (await readRunFile(outputDir, 'evaluation_config.yaml')).counts;
    if (firstSent !== N || firstCounts.instances.scored !== N)
      throw new Error(`first run: ${firstSent} requests sent, ${firstCounts.instances.scored} scored; expected ${N}`);
    if (secondSent !== 0 || secondCounts.requests.cached !== N || secondCounts.instances.scored !== N) {
      throw new Error(
        `second run was not fully cached: ${secondSent} requests sent, ${secondCounts.requests.cached} cached, ${secondCounts.instances.scored} scored`,
      );
    }
    const cpu = (r) => (r.cpuS === undefined ? 'n/a' : `${r.cpuS.toFixed(2)} s`);
    printTable('Two runs of the same command into the same folder', [
      ['run', 'wall', 'CPU factory+engine', 'requests sent', 'cached', 'scored', 'per instance'],
      [
        '1st (live)',
        sec(first.wallMs),
        cpu(first),
        firstSent,
        firstCounts.requests.cached,
        firstCounts.instances.scored,
        `${(first.wallMs / N).toFixed(2)} ms`,
      ],
      [
        '2nd (cached)',
        sec(second.wallMs),
        cpu(second),
        secondSent,
        secondCounts.requests.cached,
        secondCounts.instances.scored,
        `${(second.wallMs / N).toFixed(2)} ms`,
      ],
    ]);
    const verdict =
      second.wallMs < TARGET_MS ? `meets the < ${sec(TARGET_MS)} target` : `MISSES the < ${sec(TARGET_MS)} target`;
    console.log('');
    summary(
      `cached-rerun: ${sec(second.wallMs)} for ${N} cached instances (first live run ${sec(first.wallMs)}) — ${verdict}`,
    );
    console.log(`cached-rerun: ${loadNote()}`);
    return { firstMs: first.wallMs, secondMs: second.wallMs };
  } finally {
    await server.close();
  }
}

await runIfMain(import.meta.url, main);
