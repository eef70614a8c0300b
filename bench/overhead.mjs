#!/usr/bin/env node
// Target 1: a whole `run_eval` (process start to exit) of N = 1000 invented PubMedQA-shaped instances, parallelism
// 32, server latency 50 ms, caching off, against the floor of the same run: a bare node:http keep-alive loop sending
// as many requests to the same server (floor-loop.mjs, also process start to exit). The ideal is ceil(N/32) × 50 ms.
// Runs and floors alternate, ROUNDS times, and the best of each counts (other jobs on the machine only ever slow a
// run down). Where the target is missed, the line says where the time went: before the first request, sending,
// after the last answer, each against the floor's, and the engine's CPU per request while sending (cpu.mjs).
// Also a run at 0 ms latency: the time per request when nothing waits for the server.
import { join } from 'node:path';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import { cpuEnv, cpuSplit, readCpu } from './cpu.mjs';
import { floorLoop, ms, ratio, target } from './floors.mjs';
import {
  chatRequests,
  expectOk,
  loadNote,
  phases,
  printTable,
  readRunFile,
  runCli,
  runIfMain,
  sec,
  summary,
  tempDir,
  writePubmedQaData,
  writeRunConfig,
} from './lib.mjs';

const N = 1000;
const P = 32;
const LATENCY_MS = 50;
const ROUNDS = 3;
const LIMIT = 1.25;

/** One live run; checks it really sent N requests and scored N instances; CPU split of both processes. */
async function liveRun(server, dataDir) {
  const dir = tempDir();
  const outputDir = join(dir, 'out');
  const rc = writeRunConfig(dir, { url: server.url, outputDir, dataPath: dataDir, parallelism: P, useCaching: false });
  const seen = server.requests.length;
  const cpu = cpuEnv();
  const result = expectOk(await runCli(['run_eval', '--run_config', rc], { env: cpu.env }), 'run_eval');
  const sent = chatRequests({ requests: server.requests.slice(seen) });
  const counts = (await readRunFile(outputDir, 'evaluation_config.yaml')).counts;
  if (sent.length !== N || counts.instances.scored !== N)
    throw new Error(
      `expected ${N} requests and ${N} scored instances, got ${sent.length} and ${counts.instances.scored}`,
    );
  const ph = phases(result, sent);
  const first = result.startEpochMs + ph.beforeMs;
  const last = first + ph.sendMs;
  const { engine } = readCpu(cpu.dir);
  return { wallMs: result.wallMs, phases: ph, engine: engine ? cpuSplit(engine, first, last) : null };
}

/** One floor loop, split like a run at the server log. */
async function floorRun(server) {
  const seen = server.requests.length;
  const floor = await floorLoop(server.url, N, P);
  const sent = chatRequests({ requests: server.requests.slice(seen) });
  if (sent.length !== N) throw new Error(`the floor loop sent ${sent.length} requests, not ${N}`);
  return { ...floor, phases: phases(floor, sent) };
}

async function measure(latencyMs, dataDir) {
  const server = await startFakeOpenAIServer({ latencyMs });
  try {
    const runs = [];
    const floors = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternated, so a burst of load on the machine meets both.
      if (round % 2) runs.push(await liveRun(server, dataDir));
      floors.push(await floorRun(server));
      if (!(round % 2)) runs.push(await liveRun(server, dataDir));
    }
    const best = (xs) => xs.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
    return { run: best(runs), floor: best(floors), runs, floors };
  } finally {
    await server.close();
  }
}

const split = (p) => `${sec(p.beforeMs)} / ${sec(p.sendMs)} / ${sec(p.afterMs)}`;

export async function main() {
  console.log(`overhead: ${N} instances, parallelism ${P}, caching off, best of ${ROUNDS}; ${loadNote()}`);
  const dataDir = writePubmedQaData(tempDir(), N);
  const slow = await measure(LATENCY_MS, dataDir);
  const fast = await measure(0, dataDir);
  const idealMs = Math.ceil(N / P) * LATENCY_MS;
  const perRequest = (r) => (r.engine ? `${(r.engine.sendingMs / N).toFixed(2)} ms` : 'n/a');
  const busy = (r) => (r.engine ? `${((r.engine.sendingMs / r.phases.sendMs) * 100).toFixed(0)} %` : 'n/a');
  printTable('Process start to exit (best of each; before the first request / sending / after the last answer)', [
    ['', 'wall', 'before / sending / after', 'engine CPU per request while sending', 'engine CPU / wall while sending'],
    [`run_eval, ${LATENCY_MS} ms`, sec(slow.run.wallMs), split(slow.run.phases), perRequest(slow.run), busy(slow.run)],
    [`node:http loop, ${LATENCY_MS} ms`, sec(slow.floor.wallMs), split(slow.floor.phases), '', ''],
    [`ideal, ceil(N/${P}) × ${LATENCY_MS} ms`, sec(idealMs), '', '', ''],
    ['run_eval, 0 ms', sec(fast.run.wallMs), split(fast.run.phases), perRequest(fast.run), busy(fast.run)],
    ['node:http loop, 0 ms', sec(fast.floor.wallMs), split(fast.floor.phases), '', ''],
  ]);
  console.log(
    `  all runs at ${LATENCY_MS} ms: ${slow.runs.map((r) => sec(r.wallMs)).join(', ')}; floors: ${slow.floors.map((r) => sec(r.wallMs)).join(', ')}`,
  );
  console.log('');
  const r = slow.run.wallMs / slow.floor.wallMs;
  const [rp, fp] = [slow.run.phases, slow.floor.phases];
  target({
    n: 1,
    name: `single run, ${N} × ${LATENCY_MS} ms × ${P}`,
    figure: `wall ${sec(slow.run.wallMs)} = ${ratio(slow.run.wallMs, slow.floor.wallMs)} the node:http floor`,
    against: `floor ${sec(slow.floor.wallMs)}, ideal ${sec(idealMs)} (${ratio(slow.run.wallMs, idealMs)} ideal)`,
    limit: `≤ ${LIMIT} × floor`,
    met: r <= LIMIT,
    why: `before the first request ${ms(rp.beforeMs)} (floor ${ms(fp.beforeMs)}), sending ${ms(rp.sendMs)} (floor ${ms(fp.sendMs)}), after the last answer ${ms(rp.afterMs)} (floor ${ms(fp.afterMs)}); while sending the engine spends ${perRequest(slow.run)} of CPU per request, ${busy(slow.run)} of the sending time`,
  });
  summary(
    `overhead@0ms: ${(fast.run.wallMs / N).toFixed(2)} ms per request (wall ${sec(fast.run.wallMs)} for ${N}; node:http floor ${(fast.floor.wallMs / N).toFixed(2)} ms)`,
  );
  console.log(`overhead: ${loadNote()}`);
  return { ratio: r, wallMs: slow.run.wallMs, floorMs: slow.floor.wallMs, idealMs };
}

await runIfMain(import.meta.url, main);
