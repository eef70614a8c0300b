#!/usr/bin/env node
// Linear to a million instances: runs of 1k, 10k and 100k invented PubMedQA-shaped instances at 0 ms
// latency and parallelism 64, each printing time and CPU (factory + engine, GNU time) per instance, the engine's
// peak RSS, and the request rate of the last 10 % of the run against the first 10 % (from the server's log). A
// per-request cost that grows with the requests already done (abort listeners piling up on one signal: O(n²))
// shows as a falling ratio. `--million` adds 1M instances, compact ones (one 8-word context: abstract-sized, the
// data file would be ~1.2 GB, more than V8 can parse as one string), and 100k compact ones beside it to compare.
// Targets: rate ratio ≥ 0.9 at every size; time per instance at 100k ≤ 1.2 × that at 10k; CPU per request at 10k
// ≤ 1.5 ms; engine peak RSS at 1M < 1 GB.
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import {
  chatRequests,
  cleanup,
  expectOk,
  factoryAndEnginePeaks,
  loadNote,
  mb,
  preparePubmedQaRun,
  printTable,
  runCli,
  runIfMain,
  summary,
} from './lib.mjs';

const P = 64;
const MILLION = process.argv.includes('--million');
const SIZES = [
  { n: 1_000 },
  { n: 10_000 },
  { n: 100_000 },
  ...(MILLION
    ? [
        { n: 100_000, compact: true },
        { n: 1_000_000, compact: true },
      ]
    : []),
];

/** Requests per second over the first and the last tenth of the requests, by arrival time. */
function rateRatio(requests) {
  const times = requests.map((r) => Date.parse(r.received_at)).sort((a, b) => a - b);
  const tenth = Math.max(2, Math.floor(times.length / 10));
  const rate = (slice) => (slice.length - 1) / Math.max(1, slice[slice.length - 1] - slice[0]);
  return { first: rate(times.slice(0, tenth)) * 1000, last: rate(times.slice(-tenth)) * 1000 };
}

async function one({ n, compact = false }) {
  const server = await startFakeOpenAIServer({ latencyMs: 0 });
  try {
    const { rc } = preparePubmedQaRun(n, { url: server.url, parallelism: P, compact });
    const result = expectOk(
      await runCli(['run_eval', '--run_config', rc], { sampleMemory: true, cpu: true, timeoutMs: 60 * 60 * 1000 }),
      `${n} instances`,
    );
    const { engine } = factoryAndEnginePeaks(result.peaks);
    const rates = rateRatio(chatRequests(server));
    return {
      n,
      compact,
      wallMs: result.wallMs,
      msPerInstance: result.wallMs / n,
      cpuMsPerInstance: result.cpuS === undefined ? null : (result.cpuS * 1000) / n,
      engine,
      ...rates,
      ratio: rates.last / rates.first,
    };
  } finally {
    await server.close();
  }
}

export async function main() {
  const label = (r) => `${r.n}${r.compact ? ' (compact)' : ''}`;
  console.log(`scale: ${SIZES.map(label).join(', ')} instances, parallelism ${P}, 0 ms latency; ${loadNote()}`);
  const rows = [];
  for (const size of SIZES) {
    rows.push(await one(size));
    // Each size's folder goes before the next: the 1M run alone writes several GB (cache, responses, HELM files).
    cleanup();
  }
  printTable('Per size', [
    [
      'instances',
      'wall',
      'ms / instance',
      'CPU ms / instance',
      'engine peak RSS',
      'req/s first 10 %',
      'req/s last 10 %',
      'last / first',
    ],
    ...rows.map((r) => [
      label(r),
      `${(r.wallMs / 1000).toFixed(1)} s`,
      r.msPerInstance.toFixed(3),
      r.cpuMsPerInstance === null ? 'n/a' : r.cpuMsPerInstance.toFixed(3),
      r.engine ? mb(r.engine) : 'n/a',
      r.first.toFixed(0),
      r.last.toFixed(0),
      r.ratio.toFixed(2),
    ]),
  ]);
  const at = (n, compact = false) => rows.find((r) => r.n === n && r.compact === compact);
  const growth = at(100_000) && at(10_000) ? at(100_000).msPerInstance / at(10_000).msPerInstance : null;
  const worst = Math.min(...rows.map((r) => r.ratio));
  const cpu10k = at(10_000)?.cpuMsPerInstance ?? null;
  const million = at(1_000_000, true);
  const misses = (ok) => (ok ? '' : ' MISSES');
  summary(
    `scale: rate last/first ≥ ${worst.toFixed(2)} at every size (target ≥ 0.9${misses(worst >= 0.9)})${growth === null ? '' : `; time per instance 100k / 10k = ${growth.toFixed(2)} (target ≤ 1.2${misses(growth <= 1.2)})`}${cpu10k === null ? '' : `; CPU per request at 10k ${cpu10k.toFixed(2)} ms (target ≤ 1.5${misses(cpu10k <= 1.5)})`}${million?.engine ? `; engine peak RSS at 1M ${mb(million.engine)} (target < 1024 MB${misses(million.engine < 2 ** 30)})` : ''}`,
  );
  console.log(`scale: ${loadNote()}`);
  return rows;
}

await runIfMain(import.meta.url, main);
