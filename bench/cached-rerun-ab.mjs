#!/usr/bin/env node
// A/B of target 6 between this checkout and another (built, with its own node_modules): each build fills its own
// output folder with a live run of the same 10,000 invented instances, then cached re-runs of the two alternate on
// the same loopback server, so both see the same load. Prints the medians (and every value) of each build's wall
// time, the CPU of the whole process tree (GNU time) and the engine's main thread (cpu-preload.mjs). A noisy
// machine moves the walls; the CPU figures stay comparable.
// Usage: node bench/cached-rerun-ab.mjs /path/to/other/checkout [rounds=5]   (not part of run-all.mjs)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import { cpuEnv, readCpu } from './cpu.mjs';
import {
  chatRequests,
  CLI,
  loadNote,
  otherCli,
  preparePubmedQaRun,
  printAbMedians,
  ROOT,
  runIfMain,
  tempDir,
} from './lib.mjs';

const N = 10_000;

/** One run of a build's CLI from that build's folder (the CLI finds `ef-bench` from there), under GNU time. */
function timedRun(cli, cwd, rc, env = {}) {
  return new Promise((resolve, reject) => {
    const timeFile = join(tempDir('ef-bench-time-'), 'time.txt');
    const start = Date.now();
    const args = ['-o', timeFile, '-f', '%U %S', process.execPath, cli, 'run_eval', '--run_config', rc];
    const child = spawn('/usr/bin/time', args, {
      cwd,
      env: { ...process.env, CI: 'true', EF_PROGRESS: 'off', ...env },
      // A failed run says why on the bench's stderr.
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${cli}: run_eval exited ${code}`));
      const [user, sys] = readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
      resolve({ wallMs: Date.now() - start, cpuMs: (user + sys) * 1000 });
    });
  });
}

export async function main(other = process.argv[2], rounds = Number(process.argv[3] ?? 5)) {
  const theirs = otherCli(other);
  if (!theirs) throw new Error('usage: node bench/cached-rerun-ab.mjs <other checkout, built> [rounds]');
  const builds = { this: { cli: CLI, root: ROOT }, other: { cli: theirs, root: other } };
  console.log(`cached-rerun-ab: this checkout vs ${other}, ${rounds} rounds of ${N} cached answers; ${loadNote()}`);
  const server = await startFakeOpenAIServer({ latencyMs: 0 });
  const figures = { this: {}, other: {} };
  try {
    for (const build of Object.values(builds)) {
      build.rc = preparePubmedQaRun(N, { url: server.url, parallelism: 64 }).rc;
      await timedRun(build.cli, build.root, build.rc); // the live run that fills the cache
    }
    server.requests.length = 0;
    for (let round = 0; round < rounds; round++) {
      for (const which of round % 2 ? ['this', 'other'] : ['other', 'this']) {
        const { cli, root, rc } = builds[which];
        const cpu = cpuEnv();
        const run = await timedRun(cli, root, rc, cpu.env);
        const main = readCpu(cpu.dir).engine?.threads?.main;
        for (const [key, v] of Object.entries({ wall: run.wallMs, 'CPU all': run.cpuMs, 'engine main thread': main }))
          if (v !== undefined) (figures[which][key] ??= []).push(v);
      }
    }
    const sent = chatRequests(server).length;
    if (sent > 0) throw new Error(`the re-runs sent ${sent} requests`);
  } finally {
    await server.close();
  }
  printAbMedians(figures);
  console.log(`cached-rerun-ab: ${loadNote()}`);
}

await runIfMain(import.meta.url, main);
