#!/usr/bin/env node
// Start-up against the floors of this machine, measured in the same run, median of 5 runs each:
// - `eval-factory ls`, wall and CPU time, as a ratio to a bare `node -e ''` (≤ 1.5 ×);
// - `run_eval --dry_run` over a 1000-entry invented PubMedQA file;
// - target 2: the time from spawning a live `run_eval` (same 1000 entries, loopback fake server, 0 ms) to the
//   server seeing its first request (≤ 0.3 s), against a bare node:http loop's spawn → first request. Where it is
//   missed, one more run with cpu-preload.mjs shows each process's CPU before that first request and its start-up
//   step by step (the marks both processes make, START_MARKS in @eval-factory/types). (The 1M half of the target
//   takes `node bench/scale.mjs --million`.)
// CPU times (user + sys of the whole process tree, from GNU time; mean of the runs) stay meaningful when other
// jobs share the cores.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import { START_MARKS } from '@eval-factory/types';
import { cpuEnv, cpuSplit, readCpu } from './cpu.mjs';
import { floorLoop, target } from './floors.mjs';
import {
  HAVE_GNU_TIME,
  chatRequests,
  expectOk,
  loadNote,
  median,
  phases,
  preparePubmedQaRun,
  printTable,
  runCli,
  runIfMain,
  summary,
  tempDir,
  writePubmedQaData,
  writeRunConfig,
} from './lib.mjs';

const REPEATS = 5;
const TARGET_LS_RATIO = 1.5;
const TARGET_FIRST_REQUEST_MS = 300;
const N = 1000;

/** Bare `node -e ''`: wall ms and (under GNU time) CPU ms. */
async function bareNode() {
  const start = process.hrtime.bigint();
  const child = HAVE_GNU_TIME
    ? spawn('/usr/bin/time', ['-f', '%U %S', process.execPath, '-e', ''], { stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  let err = '';
  child.stderr?.on('data', (c) => (err += c));
  await new Promise((resolve) => child.on('close', resolve));
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const [user, sys] = err.trim().split('\n').pop().split(' ').map(Number);
  return { wallMs, cpuMs: HAVE_GNU_TIME ? (user + sys) * 1000 : null };
}

async function cli(args, what) {
  const r = expectOk(await runCli(args, { cpu: true }), what);
  return { wallMs: r.wallMs, cpuMs: r.cpuS === undefined ? null : r.cpuS * 1000 };
}

/** Spawn → first chat request seen by the fake server, for one live run (the run then completes). */
async function firstRequest(server, dataDir, env = {}) {
  const dir = tempDir();
  const rc = writeRunConfig(dir, {
    url: server.url,
    outputDir: join(dir, 'out'),
    dataPath: dataDir,
    parallelism: 32,
    useCaching: false,
  });
  const seen = server.requests.length;
  const result = expectOk(await runCli(['run_eval', '--run_config', rc], { cpu: true, env }), 'run_eval');
  const sent = chatRequests({ requests: server.requests.slice(seen) });
  if (sent.length !== N) throw new Error(`expected ${N} requests, the server saw ${sent.length}`);
  return { wallMs: phases(result, sent).beforeMs, cpuMs: null, startEpochMs: result.startEpochMs };
}

/** The floor: a bare node:http loop's spawn → its first request on the server. */
async function floorFirstRequest(server) {
  const seen = server.requests.length;
  const floor = await floorLoop(server.url, N, 32);
  const sent = chatRequests({ requests: server.requests.slice(seen) });
  return { wallMs: phases(floor, sent).beforeMs, cpuMs: null };
}

/** The steps of each process's start-up (START_MARKS), in the words of the timeline. */
const STEPS = [
  [START_MARKS.engineStarted, 'started the engine'],
  [START_MARKS.commandHandedOver, 'handed it the command line'],
  [START_MARKS.engineLoaded, 'loaded'],
  [START_MARKS.commandRead, 'read the command line'],
  [START_MARKS.dataReady, 'had its data'],
  [START_MARKS.endpointOpen, 'opened its endpoint'],
];

/** One process's start-up: when it started and reached each step, ms after spawn, with its CPU by then. */
function timeline(name, data, spawnMs) {
  if (!data) return `${name}: n/a`;
  const at = (t) => `${(t - spawnMs).toFixed(0)} ms (CPU ${cpuSplit(data, t, t).beforeMs.toFixed(0)})`;
  const steps = STEPS.flatMap(([mark, words]) => {
    const t = data.marks?.find(([m]) => m === mark)?.[1];
    return t === undefined ? [] : [`${words} ${at(t)}`];
  });
  const from = data.execArgv?.includes('--snapshot-blob') ? ' (from its start-up snapshot)' : '';
  return `${name}${from}: started ${(data.timeOrigin - spawnMs).toFixed(0)} ms, ${steps.join(', ')}`;
}

/** Each process's start-up and CPU before the first request of one more run (cpu-preload.mjs). */
async function cpuBeforeFirstRequest(server, dataDir) {
  const cpu = cpuEnv();
  const run = await firstRequest(server, dataDir, cpu.env);
  const first = run.startEpochMs + run.wallMs;
  const { engine, factory } = readCpu(cpu.dir);
  const before = (d) => (d ? `${cpuSplit(d, first, first).beforeMs.toFixed(0)} ms` : 'n/a');
  return [
    `in a run whose first request came ${run.wallMs.toFixed(0)} ms after spawn, the factory had used ${before(factory)} of CPU and the engine ${before(engine)} (bench/engine-cpu.mjs splits the engine's by kind of code); its start-up, ms after spawn (CPU ms of that process by then):`,
    timeline('factory', factory, run.startEpochMs),
    timeline('engine', engine, run.startEpochMs),
  ].join('\n    ');
}

async function timesOf(what, fn) {
  const runs = [];
  for (let i = 0; i < REPEATS; i++) runs.push(await fn());
  const wall = runs.map((r) => r.wallMs);
  const cpu = runs.map((r) => r.cpuMs).filter((c) => c !== null);
  // CPU as a mean: GNU time counts in 10 ms steps, too coarse for a median of a ~50 ms process.
  return { what, wall, median: median(wall), cpu: cpu.length ? cpu.reduce((a, b) => a + b, 0) / cpu.length : null };
}

export async function main() {
  console.log(`startup: median of ${REPEATS}; ${loadNote()}`);
  // Never contacted: --dry_run sends nothing (docs/configuration.md).
  const { rc } = preparePubmedQaRun(N, { url: 'http://127.0.0.1:9/v1', parallelism: 32 });
  const dataDir = writePubmedQaData(tempDir(), N);
  const node = await timesOf("node -e ''", bareNode);
  const ls = await timesOf('eval-factory ls', () => cli(['ls'], 'ls'));
  const dry = await timesOf('run_eval --dry_run', () => cli(['run_eval', '--run_config', rc, '--dry_run'], 'dry run'));
  const server = await startFakeOpenAIServer({ latencyMs: 0 });
  let first;
  let floor;
  let why = '';
  try {
    first = await timesOf('spawn → first request', () => firstRequest(server, dataDir));
    floor = await timesOf('node:http loop: spawn → first request', () => floorFirstRequest(server));
    if (first.median > TARGET_FIRST_REQUEST_MS) why = await cpuBeforeFirstRequest(server, dataDir);
  } finally {
    await server.close();
  }
  const fmt = (ms) => (ms === null ? 'n/a' : `${ms.toFixed(0)} ms`);
  printTable('Wall time, spawn to exit (CPU: mean user + sys of the process tree)', [
    ['command', 'median', 'CPU', 'min', 'max', 'all'],
    ...[node, ls, dry, first, floor].map((r) => [
      r.what,
      fmt(r.median),
      fmt(r.cpu),
      fmt(Math.min(...r.wall)),
      fmt(Math.max(...r.wall)),
      r.wall.map((m) => m.toFixed(0)).join(' '),
    ]),
  ]);
  const lsRatio = ls.median / node.median;
  const lsCpuRatio = ls.cpu !== null && node.cpu ? ls.cpu / node.cpu : null;
  const meets = (ok) => (ok ? 'meets' : 'MISSES');
  console.log('');
  summary(
    `startup: ls ${lsRatio.toFixed(2)} × node -e '' (${fmt(ls.median)} vs ${fmt(node.median)}${lsCpuRatio === null ? '' : `; CPU ${lsCpuRatio.toFixed(2)} ×`}) — ${meets(lsRatio <= TARGET_LS_RATIO)} the ≤ ${TARGET_LS_RATIO} × target`,
  );
  target({
    n: 2,
    name: `first request, ${N} instances`,
    figure: `${fmt(first.median)} after spawn (median of ${REPEATS})`,
    against: `node:http floor ${fmt(floor.median)} (${(first.median / floor.median).toFixed(1)} ×), ideal: the floor; at 1M: scale.mjs`,
    limit: `≤ ${TARGET_FIRST_REQUEST_MS} ms`,
    met: first.median <= TARGET_FIRST_REQUEST_MS,
    why,
  });
  console.log(`startup: ${loadNote()}`);
  return { lsMs: ls.median, dryRunMs: dry.median, nodeMs: node.median, firstRequestMs: first.median, lsRatio };
}

await runIfMain(import.meta.url, main);
