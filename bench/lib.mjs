// Shared helpers of the benchmark scripts: invented PubMedQA-shaped data, run_configs, timing the built CLI as a
// real child process (spawned asynchronously so the in-process fake server keeps serving), peak-RSS sampling from
// /proc, and small table printing. Traffic only ever goes to the loopback fake server on 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { prng } from '@eval-factory/testkit';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// The installed bin (what `node_modules/.bin/eval-factory` runs): the esbuild bundle when it is fresh.
export const CLI = join(ROOT, 'packages/cli/bin/eval-factory.js');

const tempDirs = [];
/** A fresh temp folder, removed by `cleanup()`. */
export function tempDir(prefix = 'ef-bench-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
export function cleanup() {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * The CLI of another checkout for an A/B (`bench/ab.mjs`, `bench/cached-rerun-ab.mjs`): its bin, or its dist/bin.js
 * when it predates the bundle-aware bin; null when it has neither (not a built checkout).
 */
export function otherCli(other) {
  if (!other) return null;
  return (
    [join(other, 'packages/cli/bin/eval-factory.js'), join(other, 'packages/cli/dist/bin.js')].find(existsSync) ?? null
  );
}

/** Runs `main` when the calling script (`metaUrl` = its `import.meta.url`) is the entry point, then `cleanup()`. */
export async function runIfMain(metaUrl, main) {
  // Compared as resolved file URLs: a path with spaces is %-encoded in import.meta.url, and a link is resolved.
  if (!process.argv[1] || metaUrl !== pathToFileURL(realpathSync(process.argv[1])).href) return;
  try {
    await main();
  } finally {
    cleanup();
  }
}

/** Deterministic PRNG (mulberry32), shared with the tests. */
export { prng };

const WORDS =
  'patients cohort trial outcome dose risk marker serum cell therapy response week group rate model sample index level'.split(
    ' ',
  );
const SECTIONS = ['BACKGROUND', 'METHODS', 'RESULTS', 'CONCLUSIONS'];

/**
 * Writes an invented PubMedQA-shaped `ori_pqal.json` of `n` entries (object keyed by numeric-string ids; QUESTION,
 * CONTEXTS, LABELS, final_decision) into `dir` and returns the folder (what `extra.data_path` takes).
 * Not real data: sentences are random words, sized roughly like real abstracts (~4 sections of ~40 words), or with
 * `compact` one section of 8 words (the million-instance run: abstract-sized, its file would be ~1.2 GB, past the
 * longest string V8 can parse, and the data alone would outgrow the memory target that run measures).
 */
export function writePubmedQaData(dir, n, seed = 1, { compact = false } = {}) {
  const rand = prng(seed);
  const words = (k) => Array.from({ length: k }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');
  const data = {};
  for (let i = 0; i < n; i++) {
    const sections = compact ? SECTIONS.slice(0, 1) : SECTIONS.slice(0, 2 + Math.floor(rand() * 3));
    data[String(10_000_000 + i)] = {
      QUESTION: `Does invented factor ${i} change ${words(compact ? 3 : 6)}?`,
      CONTEXTS: sections.map(() => `${words(compact ? 8 : 40)}.`),
      LABELS: sections,
      final_decision: ['yes', 'no', 'maybe'][Math.floor(rand() * 3)],
    };
  }
  writeFileSync(join(dir, 'ori_pqal.json'), JSON.stringify(data));
  return dir;
}

/**
 * Writes a pubmed_qa run_config (JSON is valid YAML) and returns its path.
 * @param {{url: string, outputDir: string, dataPath: string, parallelism: number, maxRetries?: number, useCaching?: boolean}} o
 */
export function writeRunConfig(dir, o) {
  const params = { parallelism: o.parallelism, extra: { data_path: o.dataPath, max_failure_rate: 1 } };
  if (o.maxRetries !== undefined) params.max_retries = o.maxRetries;
  const endpoint = { url: o.url, model_id: 'fake-model', type: 'chat' };
  if (o.useCaching === false) endpoint.adapter_config = { use_caching: false };
  const config = { config: { type: 'pubmed_qa', output_dir: o.outputDir, params }, target: { api_endpoint: endpoint } };
  const path = join(dir, `run_config-${tempDirs.length}-${Date.now()}.yml`);
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

/**
 * A fresh temp folder with `n` invented PubMedQA entries and a run_config over them writing to `<folder>/out`.
 * @param {{url: string, parallelism: number, maxRetries?: number, useCaching?: boolean}} o as for `writeRunConfig`
 * @returns {{outputDir: string, rc: string}} the output folder and the run_config path
 */
export function preparePubmedQaRun(n, o) {
  const dir = tempDir();
  const dataPath = writePubmedQaData(dir, n, 1, { compact: o.compact === true });
  const outputDir = join(dir, 'out');
  return { outputDir, rc: writeRunConfig(dir, { ...o, outputDir, dataPath }) };
}

/** Reads VmHWM (peak RSS, bytes) of one pid from /proc; null when gone or not Linux. */
function vmHwm(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The pids of a process's children (Linux, /proc); none when it is gone. */
export function childrenOf(pid) {
  try {
    const tasks = readdirSync(`/proc/${pid}/task`);
    return tasks.flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

const GNU_TIME = '/usr/bin/time';
export const HAVE_GNU_TIME = (() => {
  try {
    return existsSync(GNU_TIME) && spawnSync(GNU_TIME, ['-f', '%M', 'true'], { encoding: 'utf8' }).status === 0;
  } catch {
    return false;
  }
})();

/**
 * Runs the built CLI as a child process and times it from spawn to exit.
 * - `cpu` (when GNU time exists): also the CPU seconds (user + sys) and max RSS of the whole process tree (the
 *   factory and the engine it waits for), which stay meaningful when other jobs share the cores.
 * - `onSpawn(pid)`: called with the child's pid as soon as it is spawned (bench/cpu-tree.mjs samples its tree).
 * - `sampleMemory`: samples VmHWM of the CLI process and its descendants every 25 ms (VmHWM only grows, so the
 *   last sample is a close lower bound of each process's true peak).
 * @returns {Promise<{code: number|null, stdout: string, stderr: string, wallMs: number, startEpochMs: number, cpuS?: number, treeMaxRssBytes?: number, peaks?: Map<number, {cmd: string, bytes: number}>}>}
 */
export function runCli(args, { env = {}, sampleMemory = false, cpu = false, timeoutMs = 300_000, onSpawn } = {}) {
  return new Promise((resolve, reject) => {
    const useTime = cpu && HAVE_GNU_TIME;
    const timeFile = useTime ? join(tempDir('ef-bench-time-'), 'time.txt') : null;
    const argv = [CLI, ...args];
    const startEpochMs = Date.now();
    const start = process.hrtime.bigint();
    const child = useTime
      ? spawn(GNU_TIME, ['-o', timeFile, '-f', '%U %S %M', process.execPath, ...argv], {
          cwd: ROOT,
          env: childEnv(env),
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      : spawn(process.execPath, argv, { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    onSpawn?.(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const peaks = new Map();
    const sample = () => {
      const seen = [child.pid];
      for (let i = 0; i < seen.length && i < 32; i++) seen.push(...childrenOf(seen[i]));
      for (const pid of seen) {
        const bytes = vmHwm(pid);
        if (bytes === null) continue;
        let cmd = '';
        try {
          cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
        } catch {
          /* gone */
        }
        const prev = peaks.get(pid);
        peaks.set(pid, { cmd: cmd || prev?.cmd || '', bytes: Math.max(bytes, prev?.bytes ?? 0) });
      }
    };
    const sampler = sampleMemory ? setInterval(sample, 25) : null;
    // Bounded: a run that hangs is killed (the processes this call started, by pid) so the script always stops.
    const killer = setTimeout(() => killTree(child.pid), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
      if (sampler) clearInterval(sampler);
      clearTimeout(killer);
      const result = { code, stdout, stderr, wallMs, startEpochMs };
      if (useTime) {
        const lines = readFileSync(timeFile, 'utf8').trim().split('\n');
        const [user, sys, maxKb] = lines[lines.length - 1].split(' ').map(Number);
        result.cpuS = user + sys;
        result.treeMaxRssBytes = maxKb * 1024;
      }
      if (sampleMemory) result.peaks = peaks;
      resolve(result);
    });
  });
}

function killTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length && i < 32; i++) pids.push(...childrenOf(pids[i]));
  for (const p of pids.reverse()) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

function childEnv(env) {
  return { ...process.env, CI: 'true', EF_DATA_CACHE: join(tmpdir(), 'ef-bench-data-cache'), ...env };
}

/** Peak RSS of the factory (cli/bin or cli/dist) and engine (engine/bin or engine/dist) processes from a sampled run. */
export function factoryAndEnginePeaks(peaks) {
  let factory = null;
  let engine = null;
  for (const { cmd, bytes } of peaks.values()) {
    if (/packages\/engine\/(bin\/ef-bench|dist\/bin)\.js/.test(cmd)) engine = Math.max(engine ?? 0, bytes);
    else if (/packages\/cli\/(bin\/eval-factory|dist\/bin)\.js/.test(cmd) && !cmd.startsWith(GNU_TIME))
      factory = Math.max(factory ?? 0, bytes);
  }
  return { factory, engine };
}

/** Fails loudly when a run did not exit 0 (a benchmark of a broken run means nothing). */
export function expectOk(result, what) {
  if (result.code !== 0) {
    throw new Error(
      `${what} exited ${result.code}\n--- stdout ---\n${result.stdout.slice(-3000)}\n--- stderr ---\n${result.stderr.slice(-3000)}`,
    );
  }
  return result;
}

/** `eval-factory ls` wall time in ms (one run). */
export async function lsWallMs() {
  return expectOk(await runCli(['ls']), 'eval-factory ls').wallMs;
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;
export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Prints rows of [label, value, …] as an aligned table. */
export function printTable(title, rows) {
  console.log(`\n${title}`);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  for (const row of rows)
    console.log(
      `  ${row
        .map((v, c) => String(v).padEnd(widths[c]))
        .join('  ')
        .trimEnd()}`,
    );
}

/** The small YAML/JSON files a run writes. */
export async function readRunFile(outputDir, name) {
  const path = join(outputDir, name);
  if (!existsSync(path)) return null;
  const text = readFileSync(path, 'utf8');
  if (name.endsWith('.json')) return JSON.parse(text);
  const { parse } = await import('yaml');
  return parse(text);
}

/** Load average and cores now, flagged when other jobs compete for the cores (wall times are then inflated). */
/** An A/B's table: per build (`this`, `other`) and figure, the median in ms and every value in brackets. */
export function printAbMedians(figures) {
  const keys = Object.keys(figures.this);
  const cell = (values = []) =>
    `${median(values.length ? values : [0]).toFixed(0)} [${values.map((v) => v.toFixed(0)).join(' ')}]`;
  printTable('Medians in ms (all values in brackets)', [
    ['build', ...keys],
    ...['other', 'this'].map((which) => [which, ...keys.map((k) => cell(figures[which][k]))]),
  ]);
}

export function loadNote() {
  const [one] = loadavg();
  const cores = availableParallelism();
  return `load average ${one.toFixed(2)} on ${cores} cores${one > cores ? ' — BUSY: other jobs share the cores, wall times are inflated' : ''}`;
}

/** Chat requests the fake server received (the models-list probe, if any, is not a model request). */
export const chatRequests = (server) => server.requests.filter((r) => r.kind === 'chat' || r.kind === 'completions');

/**
 * Splits a run's wall time using the server log: before the first model request (start-up, config, data load,
 * prompts), the sending phase (first request received → last response sent), and after it (scoring, output files,
 * factory normalisation, exit).
 */
export function phases(result, requests) {
  const received = requests.map((r) => Date.parse(r.received_at));
  const responded = requests.map((r) => Date.parse(r.responded_at ?? r.received_at));
  if (received.length === 0) return null;
  const first = Math.min(...received);
  const last = Math.max(...responded);
  return {
    beforeMs: first - result.startEpochMs,
    sendMs: last - first,
    afterMs: result.startEpochMs + result.wallMs - last,
  };
}

/** Prints a one-line result; run-all.mjs collects these (through BENCH_SUMMARY_FILE) for its closing summary. */
export function summary(line) {
  console.log(line);
  if (process.env.BENCH_SUMMARY_FILE) appendFileSync(process.env.BENCH_SUMMARY_FILE, `${line}\n`);
}
