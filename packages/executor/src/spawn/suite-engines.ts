/**
 * A suite's engine pools (one per endpoint, engine-pool.ts) with the environment a suite's engines need: progress
 * events for the suite's view and the send gate (ENGINE_SEND_GATE_ENV in @eval-factory/types). The CLI can start
 * them before the rest of the factory loads (`warmSuiteEngines`, as it does run_eval's engine): the engines then load
 * their code while the factory reads the confs and checks every job, instead of after; the suite's schedule takes
 * them (`takeWarmSuiteEngines`) and starts the ones still missing.
 */
import { ENGINE_SEND_GATE_ENV } from '@eval-factory/types';
import { enginePool, type EnginePool } from './engine-pool.js';
import { ENGINE_PROGRAM, EVENTS_ENV } from './engine-process.js';

/** A suite's engines report progress events and wait for their turn to send. */
const SUITE_ENGINE_ENV = { ...EVENTS_ENV, [ENGINE_SEND_GATE_ENV]: '1' };

/** One endpoint's pool of suite engines, none started yet. */
export function suiteEnginePool(repoRoot: string): EnginePool {
  return enginePool(ENGINE_PROGRAM, { repoRoot, env: SUITE_ENGINE_ENV });
}

/** Pools started ahead and not taken yet. */
const warmed: EnginePool[] = [];

/**
 * Starts one engine for each of `endpoints` endpoints now, each in a pool of its own for the suite's schedule to
 * take. Returns what lets go of the ones never taken (a suite that stopped before it ran anything): each exits at
 * the end of its stdin, and this process can end.
 */
export function warmSuiteEngines(endpoints: number, repoRoot: string): () => void {
  for (let i = 0; i < endpoints; i++) {
    const pool = suiteEnginePool(repoRoot);
    pool.warm();
    warmed.push(pool);
  }
  return () => {
    for (const pool of warmed.splice(0)) pool.close();
  };
}

/** The pools `warmSuiteEngines` started, each with one engine loading or idle; taken once. */
export function takeWarmSuiteEngines(): EnginePool[] {
  return warmed.splice(0);
}
