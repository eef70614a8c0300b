#!/usr/bin/env node
// A/B of two builds on a noisy machine: this checkout against another one (e.g. a copy of an older commit, built,
// with its own node_modules), run alternately on the same loopback server so both see the same load. Workload:
// the overhead run (1000 instances, 50 ms latency, parallelism 32, caching off) split at the server log into
// before the first request / sending / after the last answer, and `eval-factory ls`. Prints medians and all values.
// Usage: node bench/ab.mjs /path/to/other/checkout [rounds=5]   (not part of run-all.mjs)
import { spawn } from 'node:child_process';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import { CLI, loadNote, otherCli, preparePubmedQaRun, printAbMedians, ROOT, runIfMain } from './lib.mjs';

/**
 * Runs one build's CLI from that build's folder: the CLI looks for `ef-bench` from the working folder first, so run
 * from here both builds would use this checkout's engine.
 */
function timed(args, cwd) {
  return new Promise((resolve) => {
    const startEpochMs = Date.now();
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, EF_PROGRESS: 'off' }, stdio: 'ignore' });
    child.on('close', (code) => resolve({ code, startEpochMs, ms: Date.now() - startEpochMs }));
  });
}

export async function main(other = process.argv[2], rounds = Number(process.argv[3] ?? 5)) {
  const theirs = otherCli(other);
  if (!theirs) throw new Error('usage: node bench/ab.mjs <other checkout, built> [rounds]');
  const clis = { this: CLI, other: theirs };
  const roots = { this: ROOT, other };
  console.log(`ab: this checkout vs ${other}, ${rounds} rounds; ${loadNote()}`);
  const server = await startFakeOpenAIServer({ latencyMs: 50 });
  const figures = { this: {}, other: {} };
  const add = (which, key, v) => (figures[which][key] ??= []).push(v);
  try {
    for (let round = 0; round < rounds; round++) {
      for (const which of round % 2 ? ['this', 'other'] : ['other', 'this']) {
        const { rc } = preparePubmedQaRun(1000, { url: server.url, parallelism: 32, useCaching: false });
        server.requests.length = 0;
        const run = await timed([clis[which], 'run_eval', '--run_config', rc], roots[which]);
        if (run.code !== 0) throw new Error(`${which}: run_eval exited ${run.code}`);
        const chat = server.requests.filter((r) => r.kind === 'chat');
        const first = Math.min(...chat.map((r) => Date.parse(r.received_at)));
        const last = Math.max(...chat.map((r) => Date.parse(r.responded_at)));
        add(which, 'wall', run.ms);
        add(which, 'before', first - run.startEpochMs);
        add(which, 'sending', last - first);
        add(which, 'after', run.startEpochMs + run.ms - last);
        add(which, 'ls', (await timed([clis[which], 'ls'], roots[which])).ms);
      }
    }
  } finally {
    await server.close();
  }
  printAbMedians(figures);
}

await runIfMain(import.meta.url, main);
