#!/usr/bin/env node
// Target 3: the engine's CPU time per run, split into a marginal cost per request and a fixed cost per run, from
// `run_eval`s of invented PubMedQA-shaped instances (SMALL and LARGE requests, 0 ms latency, parallelism 32, caching
// off), REPEATS of each size alternated, the median run of each size taken: marginal = (CPU at LARGE − CPU at SMALL)
// / (LARGE − SMALL), fixed = CPU at SMALL − SMALL × marginal. One run of each moved the split between the two by more
// than the limits' margins from one run of the script to the next (the engine's CPU for a run varies by ~10 %). The
// engine process measures its own CPU (process.cpuUsage, cpu-preload.mjs), so other jobs on the machine do not
// count. The floor is a bare node:http loop sending LARGE requests to the same server: its CPU per request and its
// process's CPU before and after the loop. Where the target is missed, a profiled run of SMALL requests shows where
// the engine's CPU goes: while sending, per request by kind of code (Node's HTTP, the openai SDK, GC, our packages),
// and before the first request.
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import { cpuEnv, cpuSplit, profileSplit, readCpu } from './cpu.mjs';
import { floorLoop, target } from './floors.mjs';
import { chatRequests, expectOk, loadNote, phases, preparePubmedQaRun, printTable, runCli, runIfMain } from './lib.mjs';

const SMALL = 1000;
const LARGE = 4000;
const P = 32;
const REPEATS = 5;
const LIMIT_MARGINAL_MS = 0.5;
const LIMIT_FIXED_MS = 600;

/** One run of `n` requests: the engine's CPU split at the sending window, and with `profile` its profile. */
async function engineRun(server, n, { profile = false } = {}) {
  const { rc } = preparePubmedQaRun(n, { url: server.url, parallelism: P, useCaching: false });
  const seen = server.requests.length;
  const cpu = cpuEnv({ profile });
  const result = expectOk(await runCli(['run_eval', '--run_config', rc], { env: cpu.env }), `run_eval of ${n}`);
  const sent = chatRequests({ requests: server.requests.slice(seen) });
  if (sent.length !== n) throw new Error(`expected ${n} requests, the server saw ${sent.length}`);
  const ph = phases(result, sent);
  const first = result.startEpochMs + ph.beforeMs;
  const last = first + ph.sendMs;
  const { engine, factory } = readCpu(cpu.dir);
  if (!engine) throw new Error('the engine wrote no CPU samples (was it started with NODE_OPTIONS?)');
  return {
    n,
    engine: cpuSplit(engine, first, last),
    factory: factory ? cpuSplit(factory, first, last) : null,
    data: engine,
    window: [first, last],
  };
}

/** The run whose engine CPU is the median of `runs` (an odd number of them). */
function medianRun(runs) {
  return [...runs].sort((a, b) => a.engine.totalMs - b.engine.totalMs)[Math.floor(runs.length / 2)];
}

/**
 * Where the engine's CPU went in a profiled run, as shares of the profile (the profiler itself slows the run, so
 * the milliseconds are the shares of `perRequestMs`, the unprofiled run's CPU per request while sending): while
 * sending by kind of code, and before the first request.
 */
function why(profiled, perRequestMs) {
  const [first, last] = profiled.window;
  const shares = (s, scale) =>
    [...s.kinds]
      .sort((a, b) => b[1] - a[1])
      .filter(([, v]) => v / s.busyMs >= 0.02)
      .map(
        ([k, v]) =>
          `${k} ${((v / s.busyMs) * 100).toFixed(0)} %${scale ? ` (${((v / s.busyMs) * scale).toFixed(3)} ms)` : ''}`,
      )
      .join(', ');
  const before = profileSplit(profiled.data, 0, first);
  return [
    `the engine's CPU while sending, ${perRequestMs.toFixed(3)} ms per request: ${shares(profileSplit(profiled.data, first, last), perRequestMs)}`,
    `before the first request: engine ${profiled.engine.beforeMs.toFixed(0)} ms of CPU (${shares(before)})${profiled.factory ? `, factory ${profiled.factory.beforeMs.toFixed(0)} ms` : ''}`,
  ].join('\n    ');
}

export async function main() {
  console.log(
    `engine-cpu: ${SMALL} and ${LARGE} requests, ${REPEATS} runs of each (median), parallelism ${P}, 0 ms latency, caching off; ${loadNote()}`,
  );
  const server = await startFakeOpenAIServer({ latencyMs: 0 });
  try {
    const runs = { [SMALL]: [], [LARGE]: [] };
    for (let i = 0; i < REPEATS; i++) for (const n of [SMALL, LARGE]) runs[n].push(await engineRun(server, n));
    const small = medianRun(runs[SMALL]);
    const large = medianRun(runs[LARGE]);
    const floor = await floorLoop(server.url, LARGE, P);
    const marginal = (large.engine.totalMs - small.engine.totalMs) / (LARGE - SMALL);
    const fixed = small.engine.totalMs - SMALL * marginal;
    const floorPerRequest = floor.loopCpuMs / LARGE;
    const floorFixed = floor.totalCpuMs - floor.loopCpuMs;
    const row = (r) => [
      `${r.n} requests`,
      `${r.engine.totalMs.toFixed(0)} ms`,
      `${r.engine.beforeMs.toFixed(0)} / ${r.engine.sendingMs.toFixed(0)} / ${r.engine.afterMs.toFixed(0)} ms`,
      `${(r.engine.sendingMs / r.n).toFixed(3)} ms`,
      r.factory ? `${r.factory.totalMs.toFixed(0)} ms` : 'n/a',
    ];
    printTable(`Engine CPU (user + system, the whole process; the median of ${REPEATS} runs of each size)`, [
      ['run', 'engine CPU', 'before / sending / after', 'sending / request', 'factory CPU'],
      row(small),
      row(large),
      [`node:http loop, ${LARGE}`, `${floor.totalCpuMs.toFixed(0)} ms`, '', `${floorPerRequest.toFixed(3)} ms`, ''],
    ]);
    console.log('');
    const met = marginal <= LIMIT_MARGINAL_MS && fixed <= LIMIT_FIXED_MS;
    const profiled = met ? null : await engineRun(server, SMALL, { profile: true });
    target({
      n: 3,
      name: 'engine CPU',
      figure: `marginal ${marginal.toFixed(3)} ms per request, fixed ${fixed.toFixed(0)} ms per run`,
      against: `node:http floor ${floorPerRequest.toFixed(3)} ms per request (${(marginal / floorPerRequest).toFixed(2)} ×), ${floorFixed.toFixed(0)} ms outside its loop`,
      limit: `marginal ≤ ${LIMIT_MARGINAL_MS} ms, fixed ≤ ${LIMIT_FIXED_MS} ms`,
      met,
      why: profiled ? why(profiled, large.engine.sendingMs / LARGE) : undefined,
    });
    console.log(`engine-cpu: ${loadNote()}`);
    return { marginal, fixed, floorPerRequest };
  } finally {
    await server.close();
  }
}

await runIfMain(import.meta.url, main);
