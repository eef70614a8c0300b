#!/usr/bin/env node
// Peak memory of a 10,000-instance run (invented PubMedQA-shaped data, 0 ms latency, parallelism 64, cache on),
// then of the same command again (fully cached). Three independent readings:
//   - VmHWM of the factory (cli bin) and the engine (engine bin) processes, sampled from /proc;
//   - what the run reports: ef_summary.json `peak_memory_bytes` (engine, read before the HELM files are written)
//     and eval_factory_metrics.json `peak_memory_bytes` (max of engine and factory);
//   - GNU time's max RSS of the process tree (the larger of the two processes).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import {
  expectOk,
  factoryAndEnginePeaks,
  loadNote,
  mb,
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
const TARGET_BYTES = 300 * 1024 * 1024;
const SUMMARY = 'runs/pubmed_qa/pubmed_qa__model=fake-model/ef_summary.json';

async function measuredRun(rc, outputDir, what) {
  const result = expectOk(await runCli(['run_eval', '--run_config', rc], { cpu: true, sampleMemory: true }), what);
  const { factory, engine } = factoryAndEnginePeaks(result.peaks);
  const summary = await readRunFile(outputDir, SUMMARY);
  const metrics = await readRunFile(outputDir, 'eval_factory_metrics.json');
  return {
    what,
    wallMs: result.wallMs,
    factory,
    engine,
    engineReported: summary?.peak_memory_bytes ?? null,
    metricsReported: metrics?.evaluation?.peak_memory_bytes ?? null,
    tree: result.treeMaxRssBytes ?? null,
  };
}

/** The `count` largest files below `dir`, largest first. */
function largestFiles(dir, count) {
  const files = [];
  const walk = (sub) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else files.push({ path: rel, bytes: statSync(join(dir, rel)).size });
    }
  };
  walk('');
  return files.sort((a, b) => b.bytes - a.bytes).slice(0, count);
}

export async function main() {
  console.log(`memory: ${N} instances, parallelism ${P}, 0 ms latency; ${loadNote()}`);
  const server = await startFakeOpenAIServer({ latencyMs: 0 });
  try {
    const { outputDir, rc } = preparePubmedQaRun(N, { url: server.url, parallelism: P });
    const live = await measuredRun(rc, outputDir, 'live');
    server.requests.length = 0; // the fake server's own log is not what is measured
    const cached = await measuredRun(rc, outputDir, 'cached re-run');
    const m = (v) => (v === null || v === undefined ? 'n/a' : mb(v));
    printTable('Peak resident memory (MB = MiB)', [
      ['run', 'wall', 'factory VmHWM', 'engine VmHWM', 'engine reports', 'eval_factory_metrics', 'GNU time tree max'],
      ...[live, cached].map((r) => [
        r.what,
        sec(r.wallMs),
        m(r.factory),
        m(r.engine),
        m(r.engineReported),
        m(r.metricsReported),
        m(r.tree),
      ]),
    ]);
    printTable('Largest files of the output folder', [
      ['file', 'size'],
      ...largestFiles(outputDir, 6).map((f) => [f.path, `${(f.bytes / 1024 / 1024).toFixed(1)} MB`]),
    ]);
    const peak = Math.max(
      ...[live.factory, live.engine, live.tree, live.metricsReported].filter((v) => typeof v === 'number'),
    );
    const verdict =
      peak < TARGET_BYTES ? `meets the < ${mb(TARGET_BYTES)} target` : `MISSES the < ${mb(TARGET_BYTES)} target`;
    console.log('');
    summary(
      `memory: peak ${mb(peak)} for ${N} instances (engine ${m(live.engine)}, factory ${m(live.factory)}; cached re-run engine ${m(cached.engine)}) — ${verdict}`,
    );
    console.log(`memory: ${loadNote()}`);
    return { peak, live, cached };
  } finally {
    await server.close();
  }
}

await runIfMain(import.meta.url, main);
