// Floors measured in the same run as the figure they judge, and the one line per target that run-all.mjs prints
// last. A floor is what this machine does with no framework at all (a bare node:http loop, a bare `node`), timed
// the way the run is timed: from spawn to exit. Figures are never compared with numbers written down elsewhere.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { summary } from './lib.mjs';

const FLOOR_LOOP = fileURLToPath(new URL('floor-loop.mjs', import.meta.url));

/**
 * One bare loop (floor-loop.mjs) of `n` requests with `p` in flight against `url`, from spawn to exit.
 * @returns {Promise<{wallMs: number, loopMs: number, loopCpuMs: number, startEpochMs: number}>}
 */
export function floorLoop(url, n, p, { model = 'fake-model', transport = 'http' } = {}) {
  return new Promise((resolve, reject) => {
    const startEpochMs = Date.now();
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [FLOOR_LOOP, url, String(n), String(p), model, transport], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
      if (code !== 0) return reject(new Error(`floor loop exited ${code}`));
      resolve({ ...JSON.parse(out.trim().split('\n').pop()), wallMs, startEpochMs });
    });
  });
}

/**
 * Several bare loops at once (one per endpoint of a suite), from the first spawn to the last exit.
 * @param {{url: string, n: number, p: number, model: string}[]} loops
 */
export async function floorLoops(loops) {
  const start = process.hrtime.bigint();
  const results = await Promise.all(loops.map((l) => floorLoop(l.url, l.n, l.p, { model: l.model })));
  return { wallMs: Number(process.hrtime.bigint() - start) / 1e6, loops: results };
}

/**
 * One target's line: the figure, what it is compared with (floor and ideal of this run), the limit, met or MISSED,
 * and when missed, why (a profile split). `met` null: not measured by this run (`why` says how to measure it).
 * @param {{n: number, name: string, figure: string, against: string, limit: string, met: boolean|null, why?: string}} t
 */
export function target(t) {
  const verdict = t.met === null ? 'NOT MEASURED' : t.met ? 'met' : 'MISSED';
  const why = t.why && t.met !== true ? `\n    why: ${t.why}` : '';
  summary(`target ${t.n} (${t.name}): ${t.figure}; ${t.against}; limit ${t.limit} — ${verdict}${why}`);
}

export const ratio = (a, b) => `${(a / b).toFixed(2)} ×`;
export const ms = (v) => `${v.toFixed(0)} ms`;
