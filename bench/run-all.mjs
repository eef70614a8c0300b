#!/usr/bin/env node
// Runs every benchmark script in order, each in its own Node process (so one script's memory or timers never
// affect the next), then prints the machine, each target's line (its figure against the floor and ideal measured in
// the same run, met or MISSED, and why when missed) in the targets' order, and the other one-line figures. Expects
// a fresh build (`npm run build`). Exit 1 when a script failed to run; a missed target is reported, not fatal.
// Every target is measured: scale.mjs runs with `--million` (target 5's 100k and 1M runs, ~10 min and several GB on
// a quiet 2-core machine). `--quick` leaves those two runs out (~2 min in all): target 5 is then projected and marked
// NOT MEASURED.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const QUICK = process.argv.includes('--quick');
const SCRIPTS = [
  'overhead.mjs',
  'engine-cpu.mjs',
  'cached-rerun.mjs',
  'startup.mjs',
  'conf-parse.mjs',
  'memory.mjs',
  'faults.mjs',
  QUICK ? 'scale.mjs' : 'scale.mjs --million',
  'suite.mjs',
];
// Each script is bounded: one that hangs or crawls is killed and reported, and the rest still run. The 1M run takes
// minutes of its own.
const timeoutMs = (script) => (script.includes('--million') ? 40 : 4) * 60 * 1000;

function machine() {
  const free = spawnSync('free', ['-h'], { encoding: 'utf8' });
  const gib = (b) => `${(b / 1024 ** 3).toFixed(1)} GiB`;
  return [
    `nproc ${availableParallelism()}, node ${process.version}, ${process.platform}/${process.arch}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    free.status === 0 ? free.stdout.trimEnd() : `memory ${gib(totalmem())} total, ${gib(freemem())} free`,
  ].join('\n');
}

const summaryDir = mkdtempSync(join(tmpdir(), 'ef-bench-summary-'));
const summaryFile = join(summaryDir, 'summary.txt');
const failed = [];
const started = Date.now();
console.log(machine());
try {
  for (const script of SCRIPTS) {
    console.log(`\n=== ${script} ===`);
    const [file, ...args] = script.split(' ');
    const child = spawn(process.execPath, [join(here, file), ...args], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_SUMMARY_FILE: summaryFile },
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs(script));
    const code = await new Promise((resolve) => child.on('close', resolve));
    clearTimeout(killer);
    if (code !== 0) failed.push(`${script} (exit ${code})`);
  }
  console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(0)} s in all) ===`);
  console.log(machine());
  let lines = '';
  try {
    lines = readFileSync(summaryFile, 'utf8');
  } catch {
    // no script got as far as its summary
  }
  // A target's line may run on over indented lines ("why: …"): they stay with it.
  const entries = lines.split(/\n(?! )/).filter(Boolean);
  const order = (e) => Number(/^target (\d+)/.exec(e)?.[1] ?? Number.POSITIVE_INFINITY);
  const targets = entries.filter((e) => order(e) < Number.POSITIVE_INFINITY).sort((a, b) => order(a) - order(b));
  console.log(`\ntargets (figure; floor and ideal of this run; limit — met or MISSED):\n${targets.join('\n')}`);
  console.log(`\nother figures:\n${entries.filter((e) => order(e) === Number.POSITIVE_INFINITY).join('\n')}`);
  if (failed.length) console.log(`FAILED: ${failed.join(', ')}`);
} finally {
  rmSync(summaryDir, { recursive: true, force: true });
}
process.exitCode = failed.length ? 1 : 0;
