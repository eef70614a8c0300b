#!/usr/bin/env node
// The overhead run (1000 invented instances × 50 ms × parallelism 32, caching off) with a seeded fault mix from
// the fake server: 10 % 429 (half with Retry-After: 0, half without), 5 % 500, 2 % connection resets, 1 % garbage
// 200 bodies; max_retries 10. Sets EF_RETRY_BASE_SECONDS=0.05 for the engine (backoff base 50 ms instead of 1 s),
// so the figure measures the engine's handling of faults, not production-length waits.
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import {
  chatRequests,
  expectOk,
  loadNote,
  phases,
  preparePubmedQaRun,
  printTable,
  prng,
  readRunFile,
  runCli,
  runIfMain,
  sec,
  summary,
} from './lib.mjs';

const N = 1000;
const P = 32;
const LATENCY_MS = 50;
const MAX_RETRIES = 10;
const SEED = 42;
const RETRY_BASE = '0.05';

/** Seeded fault mix for model requests only (the models-list probe, if any, is never faulted). */
function faultMix(seed) {
  const rand = prng(seed);
  return (request) => {
    if (request.kind !== 'chat') return null;
    const u = rand();
    const v = rand();
    if (u < 0.1) return v < 0.5 ? { kind: 'rate_limit', retryAfter: 0 } : { kind: 'rate_limit' };
    if (u < 0.15) return { kind: 'server_error', status: 500 };
    if (u < 0.17) return { kind: 'reset' };
    if (u < 0.18) return { kind: 'garbage' };
    return null;
  };
}

const promptOf = (body) => JSON.stringify(body?.messages ?? body?.prompt ?? null);

/** Per prompt: successful answers (200, no fault) and requests received after the first success. */
function duplicateCheck(requests) {
  const byPrompt = new Map();
  for (const r of requests) {
    const key = promptOf(r.body);
    const entry = byPrompt.get(key) ?? { successes: 0, firstSuccessAt: null, sentAfterSuccess: 0, sent: 0 };
    entry.sent++;
    if (entry.firstSuccessAt !== null) entry.sentAfterSuccess++;
    if (r.status === 200 && r.fault === null) {
      entry.successes++;
      entry.firstSuccessAt ??= r.seq;
    }
    byPrompt.set(key, entry);
  }
  const entries = [...byPrompt.values()];
  return {
    prompts: byPrompt.size,
    answeredTwice: entries.filter((e) => e.successes > 1).length,
    sentAfterSuccess: entries.reduce((a, e) => a + e.sentAfterSuccess, 0),
    neverAnswered: entries.filter((e) => e.successes === 0).length,
    mostSent: Math.max(...entries.map((e) => e.sent)),
  };
}

export async function main() {
  console.log(
    `faults: ${N} instances, ${LATENCY_MS} ms latency, parallelism ${P}, max_retries ${MAX_RETRIES}, seed ${SEED}; EF_RETRY_BASE_SECONDS=${RETRY_BASE} is set for this run only; ${loadNote()}`,
  );
  const server = await startFakeOpenAIServer({ latencyMs: LATENCY_MS, faults: faultMix(SEED) });
  try {
    const { outputDir, rc } = preparePubmedQaRun(N, {
      url: server.url,
      parallelism: P,
      maxRetries: MAX_RETRIES,
      useCaching: false,
    });
    const result = expectOk(
      await runCli(['run_eval', '--run_config', rc], { cpu: true, env: { EF_RETRY_BASE_SECONDS: RETRY_BASE } }),
      'run_eval with faults',
    );
    const sent = chatRequests(server);
    const counts = (await readRunFile(outputDir, 'evaluation_config.yaml')).counts;
    const dup = duplicateCheck(sent);
    const faults = {};
    for (const r of sent) faults[r.fault ?? 'none'] = (faults[r.fault ?? 'none'] ?? 0) + 1;
    const rateLimited = sent.filter((r) => r.fault === 'rate_limit').length;

    const idealMs = Math.ceil(N / P) * LATENCY_MS;
    const idealWithRetriesMs = Math.ceil(sent.length / P) * LATENCY_MS;
    const ph = phases(result, sent);
    printTable('Run with faults', [
      ['measure', 'value'],
      ['wall', sec(result.wallMs)],
      [
        'ideal without faults, ceil(N/32) × 50 ms',
        `${sec(idealMs)} (wall/ideal ${(result.wallMs / idealMs).toFixed(2)})`,
      ],
      [
        'ideal for the requests sent, ceil(sent/32) × 50 ms',
        `${sec(idealWithRetriesMs)} (wall/ideal ${(result.wallMs / idealWithRetriesMs).toFixed(2)})`,
      ],
      ['before / sending / after', ph ? `${sec(ph.beforeMs)} / ${sec(ph.sendMs)} / ${sec(ph.afterMs)}` : 'n/a'],
      ['CPU factory + engine', result.cpuS === undefined ? 'n/a' : `${result.cpuS.toFixed(2)} s`],
      ['model requests received by the server', sent.length],
      ['requests per instance', (sent.length / N).toFixed(3)],
      ['most requests for one instance (the tail waits for it)', dup.mostSent],
      [
        'server replies by fault',
        Object.entries(faults)
          .map(([k, v]) => `${k} ${v}`)
          .join(', '),
      ],
      [
        'evaluation_config requests total/succeeded/failed/retried',
        `${counts.requests.total}/${counts.requests.succeeded}/${counts.requests.failed}/${counts.requests.retried}`,
      ],
      [
        'evaluation_config instances scored/failed/unscored',
        `${counts.instances.scored}/${counts.instances.failed}/${counts.instances.unscored}`,
      ],
      ['prompts answered 200 more than once', dup.answeredTwice],
      ['requests sent for a prompt after its success', dup.sentAfterSuccess],
      ['prompts never answered', dup.neverAnswered],
    ]);
    const ok = dup.answeredTwice === 0 && dup.sentAfterSuccess === 0 && dup.prompts === N;
    console.log('');
    summary(
      `faults: ${(result.wallMs / idealMs).toFixed(2)} × fault-free ideal (wall ${sec(result.wallMs)}, ideal ${sec(idealMs)}), ${(sent.length / N).toFixed(2)} requests per instance (${rateLimited} × 429), scored ${counts.instances.scored}, failed ${counts.instances.failed}; ${ok ? 'no instance answered twice' : `DUPLICATES: ${dup.answeredTwice} prompts answered twice, ${dup.sentAfterSuccess} requests after success`} (EF_RETRY_BASE_SECONDS=${RETRY_BASE})`,
    );
    console.log(`faults: ${loadNote()}`);
    return { wallMs: result.wallMs, perInstance: sent.length / N, counts, dup };
  } finally {
    await server.close();
  }
}

await runIfMain(import.meta.url, main);
