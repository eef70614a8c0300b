/**
 * While some engine of a suite sends, the suite's other engines — loading their code, preparing the next job (data,
 * selection, cache), writing a finished job's files — run at a lower CPU priority (docs/architecture.md, "Suites on
 * one machine"). On a machine with few cores that work otherwise takes the core an engine needs to handle its round
 * of answers, and every request of the round waits for it; at a lower priority it runs in the time the senders
 * leave. While none sends (the suite's start, its end) every engine runs at the factory's priority: at a lower one a
 * process also yields to every other process of the machine, and then nothing of the suite gains from it.
 *
 * Lowering a process's priority is always allowed; raising it back is not without the right to (CAP_SYS_NICE, or an
 * RLIMIT_NICE that reaches the starting priority). Without that right nothing is lowered: an engine that could not
 * get its priority back would send at the low one. Linux only (it sets a priority per thread, so every thread of the
 * engine is set); elsewhere the priorities are left alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** How much lower (in nice steps) background work runs: about a tenth of a sender's share of a busy core. */
export const BACKGROUND_NICE = 10;
/** CAP_SYS_NICE's bit in /proc/<pid>/status's CapEff (linux/capability.h). */
const CAP_SYS_NICE = 23;
/** /proc/self/uid_map outside any user namespace. */
const HOST_UID_MAP = '0 0 4294967295';

export interface ProcessPriority {
  /** The engine sends (its job has slots). */
  foreground(): void;
  /** It does not (loading, preparing, writing files, idle): lowered while another engine sends. */
  background(): void;
  /** The process has ended. */
  release(): void;
}

/**
 * Whether this process may set a priority back to `base` after lowering it, from its /proc/self/status and
 * /proc/self/limits texts: CAP_SYS_NICE in its effective set, or RLIMIT_NICE's soft limit at least 20 − base
 * (setpriority(2): the nice value may go down to 20 − limit). The capability counts only outside a user namespace
 * (`uidMap`, /proc/self/uid_map, the identity map): in one (rootless containers, `unshare -r`) CapEff shows it, but
 * the kernel checks it against the host's namespace and refuses the raise.
 */
export function mayRaisePriority(status: string, limits: string, base: number, uidMap = HOST_UID_MAP): boolean {
  const capEff = /^CapEff:\s*([0-9a-f]+)/im.exec(status)?.[1];
  const host = uidMap.trim().split(/\s+/).join(' ') === HOST_UID_MAP;
  if (host && capEff && (BigInt(`0x${capEff}`) >> BigInt(CAP_SYS_NICE)) & 1n) return true;
  const soft = /^Max nice priority\s+(\S+)/im.exec(limits)?.[1];
  if (soft === 'unlimited') return true;
  return soft !== undefined && Number(soft) >= 20 - base;
}

let allowed: { base: number } | null | undefined;

/** The factory's own priority, when it may lower an engine's and raise it back; else null. Read once. */
function raisable(): { base: number } | null {
  if (allowed !== undefined) return allowed;
  allowed = null;
  if (process.platform !== 'linux') return allowed;
  try {
    const base = getPriority();
    const ok = mayRaisePriority(
      readFileSync('/proc/self/status', 'utf8'),
      readFileSync('/proc/self/limits', 'utf8'),
      base,
      readFileSync('/proc/self/uid_map', 'utf8'),
    );
    if (ok && base + BACKGROUND_NICE <= 19) allowed = { base };
  } catch {
    // No /proc: priorities are left alone.
  }
  return allowed;
}

/** Sets every thread of `pid` (threads started later inherit their creator's). A process gone meanwhile is skipped. */
function setAll(pid: number, priority: number): void {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return; // the process has just ended: nothing left to set
  }
  for (const task of tasks) {
    try {
      setPriority(Number(task), priority);
    } catch {
      // That thread has just ended; the others are still set.
    }
  }
}

/** The engines of this process, whether each sends, and whether it is lowered now. */
interface Member {
  readonly pid: number;
  sends: boolean;
  low: boolean;
}
const members = new Set<Member>();

/** Lowers the engines that do not send while one does; raises every engine while none does. */
function apply(base: number): void {
  const someSend = [...members].some((m) => m.sends);
  for (const m of members) {
    const low = someSend && !m.sends;
    if (low === m.low) continue;
    m.low = low;
    setAll(m.pid, low ? base + BACKGROUND_NICE : base);
  }
}

/**
 * The priority of the engine process `pidOf()` (a child of this one, starting at its priority), not sending yet. The
 * pid is read at each change: an engine Node refused to start from its snapshot is started again, under a new pid.
 */
export function processPriority(pidOf: () => number | undefined): ProcessPriority {
  const first = pidOf();
  const can = first === undefined ? null : raisable();
  if (!can || first === undefined) return { background: () => {}, foreground: () => {}, release: () => {} };
  const member: Member = {
    get pid() {
      return pidOf() ?? first;
    },
    sends: false,
    low: false,
  };
  members.add(member);
  apply(can.base);
  const sends = (on: boolean) => {
    if (member.sends === on) return;
    member.sends = on;
    apply(can.base);
  };
  return {
    foreground: () => sends(true),
    background: () => sends(false),
    release: () => {
      members.delete(member);
      apply(can.base);
    },
  };
}
