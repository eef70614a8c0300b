#!/usr/bin/env node
// Start-up: wall time of `eval-factory ls` and `eval-factory run_eval --dry_run` (median of 5 each), next to a
// bare `node -e ''` for the floor of this machine. The dry run reads a 1000-entry invented PubMedQA file.
import { spawn } from 'node:child_process';
import { expectOk, loadNote, median, preparePubmedQaRun, printTable, runCli, runIfMain, summary } from './lib.mjs';

const REPEATS = 5;
const TARGET_LS_MS = 300;

async function bareNodeMs() {
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('close', resolve));
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function timesOf(what, fn) {
  const ms = [];
  for (let i = 0; i < REPEATS; i++) ms.push(await fn());
  return { what, ms, median: median(ms) };
}

export async function main() {
  console.log(`startup: median of ${REPEATS}; ${loadNote()}`);
  // Never contacted: --dry_run sends nothing (docs/configuration.md).
  const { rc } = preparePubmedQaRun(1000, { url: 'http://127.0.0.1:9/v1', parallelism: 32 });
  const node = await timesOf("node -e ''", bareNodeMs);
  const ls = await timesOf('eval-factory ls', async () => expectOk(await runCli(['ls']), 'ls').wallMs);
  const dry = await timesOf(
    'run_eval --dry_run',
    async () => expectOk(await runCli(['run_eval', '--run_config', rc, '--dry_run']), 'dry run').wallMs,
  );
  const fmt = (ms) => `${ms.toFixed(0)} ms`;
  printTable('Wall time, spawn to exit', [
    ['command', 'median', 'min', 'max', 'all'],
    ...[node, ls, dry].map((r) => [
      r.what,
      fmt(r.median),
      fmt(Math.min(...r.ms)),
      fmt(Math.max(...r.ms)),
      r.ms.map((m) => m.toFixed(0)).join(' '),
    ]),
  ]);
  const verdict =
    ls.median < TARGET_LS_MS ? `meets the < ${TARGET_LS_MS} ms target` : `MISSES the < ${TARGET_LS_MS} ms target`;
  console.log('');
  summary(`startup: ls ${fmt(ls.median)}, dry_run ${fmt(dry.median)} (bare node ${fmt(node.median)}) — ${verdict}`);
  console.log(`startup: ${loadNote()}`);
  return { lsMs: ls.median, dryRunMs: dry.median, nodeMs: node.median };
}

await runIfMain(import.meta.url, main);
