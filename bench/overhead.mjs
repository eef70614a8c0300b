#!/usr/bin/env node
// Overhead of a whole `run_eval` against the loopback fake server: N = 1000 invented PubMedQA-shaped instances,
// parallelism 32, server latency 50 ms (ideal = ceil(N/32) × 50 ms) and 0 ms (pure overhead per request).
// Caching off and a fresh output folder per run, so every request is live.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import {
  chatRequests,
  expectOk,
  loadNote,
  lsWallMs,
  median,
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
const TARGET_RATIO = 1.15;

/** One live run at the given server latency; checks it really sent N requests and scored N instances. */
async function liveRun(latencyMs, dataDir) {
  const server = await startFakeOpenAIServer({ latencyMs });
  try {
    const dir = tempDir();
    const outputDir = join(dir, 'out');
    const rc = writeRunConfig(dir, {
      url: server.url,
      outputDir,
      dataPath: dataDir,
      parallelism: P,
      useCaching: false,
    });
    const result = expectOk(
      await runCli(['run_eval', '--run_config', rc], { cpu: true }),
      `run_eval at ${latencyMs} ms`,
    );
    const sent = chatRequests(server);
    const counts = (await readRunFile(outputDir, 'evaluation_config.yaml')).counts;
    if (sent.length !== N || counts.instances.scored !== N) {
      throw new Error(
        `expected ${N} live requests and ${N} scored instances, got ${sent.length} and ${counts.instances.scored}`,
      );
    }
    return { ...result, phases: phases(result, sent) };
  } finally {
    await server.close();
  }
}

/**
 * The floors of this machine: a bare loop (no SDK, no engine) sending `n` chat requests with `p` in flight to the
 * same fake server from a separate process, with Node's `fetch` or with `node:http` and a keep-alive agent (the
 * transport the engine uses). Returns their wall times in ms.
 */
async function floorMs(url, n, p, transport) {
  const dir = tempDir('ef-bench-floor-');
  const file = join(dir, 'floor.mjs');
  writeFileSync(
    file,
    `
import http from 'node:http';
const body = JSON.stringify({ model: 'fake-model', messages: [{ role: 'user', content: 'word '.repeat(220) }], max_tokens: 1, temperature: 0 });
const url = ${JSON.stringify(`${url}/chat/completions`)};
const agent = new http.Agent({ keepAlive: true });
const viaFetch = async () => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json();
const viaHttp = () => new Promise((resolve, reject) => {
  const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
    let text = '';
    res.setEncoding('utf8').on('data', (c) => (text += c)).on('end', () => resolve(JSON.parse(text))).on('error', reject);
  });
  req.on('error', reject).end(body);
});
const send = ${transport === 'fetch' ? 'viaFetch' : 'viaHttp'};
let next = 0;
const t0 = performance.now();
await Promise.all(Array.from({ length: ${p} }, async () => {
  while (next < ${n}) {
    next++;
    await send();
  }
}));
console.log(performance.now() - t0);
`,
  );
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const code = await new Promise((resolve) => child.on('close', resolve));
  clearTimeout(killer);
  if (code !== 0) throw new Error(`${transport} floor exited ${code}`);
  return Number(out.trim());
}

async function floors(latencyMs) {
  const server = await startFakeOpenAIServer({ latencyMs });
  try {
    return { fetch: await floorMs(server.url, N, P, 'fetch'), http: await floorMs(server.url, N, P, 'http') };
  } finally {
    await server.close();
  }
}

export async function main() {
  console.log(`overhead: ${N} instances, parallelism ${P}, caching off; ${loadNote()}`);
  const dataDir = writePubmedQaData(tempDir(), N);
  const startupMs = median([await lsWallMs(), await lsWallMs(), await lsWallMs()]);
  const slow = await liveRun(LATENCY_MS, dataDir);
  const fast = await liveRun(0, dataDir);
  const floorSlow = await floors(LATENCY_MS);
  const floorFast = await floors(0);

  const idealMs = Math.ceil(N / P) * LATENCY_MS;
  const ratio = slow.wallMs / idealMs;
  // The target is 1.15 × ideal plus start-up. The run's own start-up is everything before its first request
  // (process starts, config, model configs, data, prompts); `ls` start-up is the stricter reading.
  const runStartupMs = slow.phases.beforeMs;
  const ratioExRunStartup = (slow.wallMs - runStartupMs) / idealMs;
  const ratioExLs = (slow.wallMs - startupMs) / idealMs;
  const cpu = (r) => (r.cpuS === undefined ? 'n/a' : `${r.cpuS.toFixed(2)} s`);
  const ph = (r) =>
    r.phases ? `${sec(r.phases.beforeMs)} / ${sec(r.phases.sendMs)} / ${sec(r.phases.afterMs)}` : 'n/a';
  printTable('Whole run_eval (process start to exit)', [
    [
      'run',
      'wall',
      'ideal',
      'wall/ideal',
      '(wall − run start-up)/ideal',
      '(wall − ls start-up)/ideal',
      'CPU factory+engine',
      'before / sending / after',
    ],
    [
      `${LATENCY_MS} ms latency`,
      sec(slow.wallMs),
      sec(idealMs),
      ratio.toFixed(2),
      ratioExRunStartup.toFixed(2),
      ratioExLs.toFixed(2),
      cpu(slow),
      ph(slow),
    ],
    ['0 ms latency', sec(fast.wallMs), '0', '—', '—', '—', cpu(fast), ph(fast)],
    [
      `bare fetch loop, ${LATENCY_MS} ms`,
      sec(floorSlow.fetch),
      sec(idealMs),
      (floorSlow.fetch / idealMs).toFixed(2),
      '—',
      '—',
      '—',
      '—',
    ],
    [
      `bare node:http loop, ${LATENCY_MS} ms`,
      sec(floorSlow.http),
      sec(idealMs),
      (floorSlow.http / idealMs).toFixed(2),
      '—',
      '—',
      '—',
      '—',
    ],
    ['bare fetch loop, 0 ms', sec(floorFast.fetch), '0', '—', '—', '—', '—', '—'],
    ['bare node:http loop, 0 ms', sec(floorFast.http), '0', '—', '—', '—', '—', '—'],
  ]);
  printTable('Per request at 0 ms latency', [
    ['measure', 'value'],
    ['wall / N', `${(fast.wallMs / N).toFixed(2)} ms`],
    ['(wall − start-up) / N', `${((fast.wallMs - startupMs) / N).toFixed(2)} ms`],
    ['sending phase / N', fast.phases ? `${(fast.phases.sendMs / N).toFixed(2)} ms` : 'n/a'],
    ['CPU (factory + engine) / N', fast.cpuS === undefined ? 'n/a' : `${((fast.cpuS * 1000) / N).toFixed(2)} ms`],
    [
      'bare fetch / node:http loop / N (machine floors)',
      `${(floorFast.fetch / N).toFixed(2)} / ${(floorFast.http / N).toFixed(2)} ms`,
    ],
    ['start-up (eval-factory ls, median of 3)', sec(startupMs)],
  ]);
  const verdict =
    ratioExRunStartup <= TARGET_RATIO ? `meets the ${TARGET_RATIO} × target` : `MISSES the ${TARGET_RATIO} × target`;
  console.log('');
  summary(
    `overhead: ${ratio.toFixed(2)} × ideal (wall ${sec(slow.wallMs)}, ideal ${sec(idealMs)}); ${ratioExRunStartup.toFixed(2)} × after the run's start-up (${sec(runStartupMs)} to the first request) — ${verdict}; ${ratioExLs.toFixed(2)} × after ls start-up (${sec(startupMs)})`,
  );
  summary(
    `overhead@0ms: ${(fast.wallMs / N).toFixed(2)} ms per request (wall ${sec(fast.wallMs)} for ${N}; ${((fast.wallMs - startupMs) / N).toFixed(2)} ms excluding start-up; bare fetch / node:http floors ${(floorFast.fetch / N).toFixed(2)} / ${(floorFast.http / N).toFixed(2)} ms)`,
  );
  console.log(`overhead: ${loadNote()}`);
  return {
    ratio,
    ratioExRunStartup,
    ratioExLs,
    wallMs: slow.wallMs,
    idealMs,
    startupMs,
    runStartupMs,
    fastWallMs: fast.wallMs,
  };
}

await runIfMain(import.meta.url, main);
