// Where a run's CPU goes, read from cpu-preload.mjs's files: each process's CPU time before the first request,
// while sending and after the last answer (from its 10 ms samples, split at the server log's times), and with a
// profile, the engine's CPU while sending by kind of code (Node's HTTP and sockets, the openai SDK, GC, our own
// packages, other dependencies). In the bundles every module starts with esbuild's `// <path>` comment: a profile
// frame's line is mapped to the module whose comment comes last before it.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './lib.mjs';

export const PRELOAD = fileURLToPath(new URL('cpu-preload.mjs', import.meta.url));

/** Environment for runCli: both processes of the run sample their CPU (and with `profile`, record a profile). */
export function cpuEnv({ profile = false } = {}) {
  const dir = tempDir('ef-bench-cpu-');
  const env = {
    BENCH_CPU_DIR: dir,
    // --require, not --import: an engine started from its start-up snapshot ignores --import (and would then start
    // from its bundle: engine-snapshot.ts in the executor); Node 20.19+ requires an ES module too.
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${PRELOAD}`.trim(),
  };
  if (profile) env.BENCH_CPU_PROFILE = '1';
  return { dir, env };
}

/** The files the processes wrote, by role (the engine, the factory); null when a process wrote none. */
export function readCpu(dir) {
  const out = { engine: null, factory: null };
  for (const name of readdirSync(dir)) {
    const data = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    out[data.role] = data;
  }
  return out;
}

/** CPU ms of a process at wall time `t` (epoch ms), interpolated between its samples. */
function cpuAt(samples, t) {
  if (t <= samples[0][0]) return samples[0][1];
  for (let i = 1; i < samples.length; i++) {
    const [t1, c1] = samples[i];
    if (t1 >= t) {
      const [t0, c0] = samples[i - 1];
      return c0 + ((c1 - c0) * (t - t0)) / Math.max(1, t1 - t0);
    }
  }
  return samples[samples.length - 1][1];
}

/**
 * One process's CPU ms split at the sending window [first, last] (epoch ms): before (including what ran before the
 * first sample: module loading counts from the process's start), during, after, total.
 */
export function cpuSplit(data, first, last) {
  const { samples } = data;
  const total = samples[samples.length - 1][1];
  const atFirst = cpuAt(samples, first);
  const atLast = cpuAt(samples, last);
  return { beforeMs: atFirst, sendingMs: atLast - atFirst, afterMs: total - atLast, totalMs: total };
}

const NODE_IO = /^node:(internal\/)?(_?http|net|stream|tls|dns|socket|events|timers|buffer|internal\/streams)/;
const NATIVE_IO = /^(writev|writeBuffer|write\w*String|readStart|readStop|onStreamRead|shutdown|close)$/;
/** Kinds of code, first match wins. */
const KINDS = [
  ['GC', (f) => f.functionName === '(garbage collector)'],
  ['idle', (f) => f.functionName === '(idle)'],
  ['module loading', (f) => /^node:internal\/(modules|bootstrap)\//.test(f.url)],
  ['V8/native (program)', (f) => f.functionName === '(program)' || f.functionName === '(root)'],
  ['Node HTTP, sockets, streams', (f) => NODE_IO.test(f.url) || (f.url === '' && NATIVE_IO.test(f.functionName))],
  ['V8 built-ins (JSON, microtasks, hashing…)', (f) => f.url === ''],
  ['Node, other', (f) => f.url.startsWith('node:')],
  ['openai SDK', (_f, m) => /node_modules\/openai\//.test(m)],
  ['our packages', (_f, m) => /(^|\/)packages\//.test(m) && !/node_modules/.test(m)],
  ['other dependencies', () => true],
];

/** The module path a bundled frame belongs to: the last `// path` comment at or above its line. */
function moduleMapper() {
  const files = new Map();
  return (url, line) => {
    if (!url.startsWith('file:')) return url;
    let marks = files.get(url);
    if (!marks) {
      marks = [];
      try {
        readFileSync(fileURLToPath(url), 'utf8')
          .split('\n')
          .forEach((text, i) => {
            if (/^\/\/ [\w@.-][^ ]*\.(c|m)?js$/.test(text)) marks.push([i, text.slice(3)]);
          });
      } catch {
        // not readable: the file's own path stands for the module
      }
      files.set(url, marks);
    }
    let found = url;
    for (const [i, path] of marks) {
      if (i > line) break;
      found = path;
    }
    return found;
  };
}

/**
 * Self time (ms) of the profile's samples taken inside [first, last] (epoch ms), by kind of code; idle left out.
 * @returns {{kinds: Map<string, number>, busyMs: number}}
 */
export function profileSplit(data, first, last) {
  const { profile, profileEpochMs } = data;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const moduleOf = moduleMapper();
  const kindOf = new Map();
  const kindOfNode = (id) => {
    let kind = kindOf.get(id);
    if (kind === undefined) {
      const frame = nodes.get(id).callFrame;
      const mod = moduleOf(frame.url, frame.lineNumber);
      kind = KINDS.find(([, test]) => test(frame, mod))[0];
      kindOf.set(id, kind);
    }
    return kind;
  };
  const kinds = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i];
    t += dt;
    const wall = profileEpochMs + t / 1000;
    if (wall < first || wall > last) continue;
    const kind = kindOfNode(profile.samples[i]);
    kinds.set(kind, (kinds.get(kind) ?? 0) + (profile.timeDeltas[i + 1] ?? dt) / 1000);
  }
  kinds.delete('idle');
  const busyMs = [...kinds.values()].reduce((a, b) => a + b, 0);
  return { kinds, busyMs };
}
