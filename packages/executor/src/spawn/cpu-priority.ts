/**
 * A suite's engines do their background work — loading their code, preparing the next job (data, selection, cache)
 * and writing a finished job's files — at a lower CPU priority than sending (docs/architecture.md, "Suites on one
 * machine"). On a machine with few cores that work otherwise takes the core an engine needs to handle its round of
 * answers, and every request of the round waits for it; at a low priority it runs in the time the senders leave.
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

export interface ProcessPriority {
  /** Background work from now on: the lower priority (no-op when it cannot be raised back, or already there). */
  background(): void;
  /** Sending from now on: the starting priority again. */
  foreground(): void;
}

/**
 * Whether this process may set a priority back to `base` after lowering it, from its /proc/self/status and
 * /proc/self/limits texts: CAP_SYS_NICE in its effective set, or RLIMIT_NICE's soft limit at least 20 − base
 * (setpriority(2): the nice value may go down to 20 − limit).
 */
export function mayRaisePriority(status: string, limits: string, base: number): boolean {
  const capEff = /^CapEff:\s*([0-9a-f]+)/im.exec(status)?.[1];
  if (capEff && (BigInt(`0x${capEff}`) >> BigInt(CAP_SYS_NICE)) & 1n) return true;
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
    );
    if (ok && base + BACKGROUND_NICE <= 19) allowed = { base };
  } catch {
    // No /proc: priorities are left alone.
  }
  return allowed;
}

/** Sets every thread of `pid` (threads started later inherit their creator's). A process gone meanwhile is skipped. */
function setAll(pid: number, priority: number): void {
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) setPriority(Number(task), priority);
  } catch {
    // The process or a thread has just ended: nothing left to set.
  }
}

/** The priority of the process `pid` (a child of this one, starting at this one's priority): at its start, foreground. */
export function processPriority(pid: number | undefined): ProcessPriority {
  const can = pid === undefined ? null : raisable();
  if (!can || pid === undefined) return { background: () => undefined, foreground: () => undefined };
  let low = false;
  const set = (toLow: boolean) => {
    if (low === toLow) return;
    low = toLow;
    setAll(pid, toLow ? can.base + BACKGROUND_NICE : can.base);
  };
  return { background: () => set(true), foreground: () => set(false) };
}
