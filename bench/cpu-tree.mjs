// Where the cores went during a run, without touching its processes: samples every 50 ms the CPU time of a process
// tree (the factory, its engines) from /proc/<pid>/stat, this process's own (the fake server) and the whole
// machine's from /proc/stat, so a window of the run (e.g. a suite's sending) splits into the run's processes, the
// fake server and everything else on the machine (other users' work, which slows a shared machine's runs).
// Linux only: elsewhere `cpuTreeSampler` returns null and the split is left out.
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU ms (user + system) of one process and its main thread's nice value, null when it is gone. */
function procCpu(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS, nice: Number(fields[16]) };
  } catch {
    return null;
  }
}

/** The machine's busy CPU ms since boot (every core; idle and iowait left out). */
function machineBusyMs() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  return (total - cpu[3] - cpu[4]) * TICK_MS;
}

/**
 * The children of `pid` started by its main thread (the factory and `time` start theirs there). Not every thread's
 * (lib.mjs `childrenOf`): reading ten files per process every sample made the sampler ~4 % of a core, taken from the
 * fake server's thread, which shares this process.
 */
function mainThreadChildren(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function cmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/**
 * Starts sampling `rootPid` and its descendants. `stop()` returns the samples: per process its command line and
 * [epoch ms, CPU ms, nice] triples, and [epoch ms, CPU ms] pairs for this process and for the machine.
 */
export function cpuTreeSampler(rootPid, periodMs = 50) {
  if (!existsSync('/proc/stat')) return null;
  const procs = new Map();
  const ownCmd = cmdline(process.pid); // the root's parent: this process
  const self = [];
  const machine = [];
  const sample = () => {
    const now = Date.now();
    // Each process before its children, which are compared with its command line as read now.
    const tree = [[rootPid, ownCmd]];
    for (let i = 0; i < tree.length && i < 64; i++) {
      const [pid, parentCmd] = tree[i];
      const cpu = procCpu(pid);
      if (cpu === null) continue;
      if (!procs.has(pid)) procs.set(pid, { cmd: '', final: false, samples: [] });
      const proc = procs.get(pid);
      // A child just forked shows its parent's command line until it execs (the factory's engines, `time`'s
      // factory): read again until it is its own.
      if (!proc.final) {
        proc.cmd = cmdline(pid) || proc.cmd;
        proc.final = proc.cmd !== '' && proc.cmd !== parentCmd;
      }
      proc.samples.push([now, cpu.ms, cpu.nice]);
      for (const child of mainThreadChildren(pid)) tree.push([child, proc.cmd]);
    }
    const { user, system } = process.cpuUsage();
    self.push([now, (user + system) / 1000]);
    machine.push([now, machineBusyMs()]);
  };
  sample();
  const timer = setInterval(sample, periodMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { procs, self, machine };
    },
  };
}

/**
 * CPU ms of a series between two epoch ms, from the last sample before `from` to the last one up to `to` (a process
 * gone before `to` counts until then; one first seen after `from` was started then, from 0).
 */
function between(samples, from, to, { startsAtZero = false } = {}) {
  const inside = samples.filter(([t]) => t >= from && t <= to);
  if (inside.length === 0) return 0;
  const before = samples.filter(([t]) => t < from).at(-1) ?? (startsAtZero ? [from, 0] : inside[0]);
  return inside.at(-1)[1] - before[1];
}

/**
 * CPU ms a process used in [from, to] at a lower priority than `base` (a suite lowers the engines that do not send
 * while one does: executor/src/spawn/cpu-priority.ts): each interval between two samples counts at its start's nice.
 */
function lowered(samples, from, to, base) {
  let ms = 0;
  for (let i = 1; i < samples.length; i++) {
    const [t0, cpu0, nice0] = samples[i - 1];
    const [t1, cpu1] = samples[i];
    if (t0 >= from && t1 <= to && nice0 > base) ms += cpu1 - cpu0;
  }
  return ms;
}

/**
 * The window [from, to] (epoch ms) of a sampled run: capacity (cores × window), and CPU ms of the factory, its
 * engines (and how much of theirs ran lowered, at a nice above the factory's), the fake server (this process) and
 * the rest of the machine.
 */
export function cpuInWindow(sampled, from, to) {
  let factory = 0;
  let engines = 0;
  let enginesLowered = 0;
  const base = Math.min(...[...sampled.procs.values()].map(({ samples }) => samples[0][2]));
  for (const { cmd, samples } of sampled.procs.values()) {
    const ms = between(samples, from, to, { startsAtZero: true });
    if (/packages\/engine\//.test(cmd)) {
      engines += ms;
      enginesLowered += lowered(samples, from, to, base);
    } else if (/packages\/cli\//.test(cmd) && !cmd.startsWith('/usr/bin/time')) factory += ms;
  }
  const server = between(sampled.self, from, to);
  const machine = between(sampled.machine, from, to);
  return {
    capacity: availableParallelism() * (to - from),
    factory,
    engines,
    enginesLowered,
    server,
    others: Math.max(0, machine - factory - engines - server),
  };
}

/**
 * Each engine process of a sampled run, in the order they started: when it was first seen (epoch ms) and its CPU ms
 * in all (a suite's engines run one job or more each: their totals against their jobs give the cost of a start-up
 * and of a job).
 */
export function engineProcesses(sampled) {
  return [...sampled.procs.values()]
    .filter(({ cmd }) => /packages\/engine\//.test(cmd))
    .map(({ samples }) => ({ seenAt: samples[0][0], cpuMs: samples.at(-1)[1] }))
    .sort((a, b) => a.seenAt - b.seenAt);
}
