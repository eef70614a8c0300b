/**
 * What a merge checks beyond a unit's status (docs/scale.md): a unit is done only if its folder holds exactly its
 * shard's instances (a `units/1-of-3` copied into `units/2-of-3` is a finished run, of the wrong shard) and its cache
 * answered every one of them in the merge (a unit whose `cache.db` is gone answers nothing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import type { WorkUnit } from '@eval-factory/suite';
import { assignShards, RUN_FILES, type ResultsLine } from '@eval-factory/types';

export interface UnitState {
  readonly unit: number;
  readonly dir: string;
  readonly state: string;
}

/**
 * The shard (`K/N`) a unit folder `units/<k>-of-<n>/` ran, when its run_config.yml names another one; null when it
 * names its own, or no shard can be read (then the merge's instance check decides).
 */
export function otherShardRun(unitDir: string): string | null {
  const own = /^(\d+)-of-(\d+)$/.exec(basename(unitDir));
  const file = join(unitDir, RUN_FILES.runConfig);
  if (!own || !existsSync(file)) return null;
  let ran: unknown;
  try {
    ran = (parse(readFileSync(file, 'utf8')) as RunConfigShard)?.config?.params?.extra?.shard;
  } catch {
    return null;
  }
  return typeof ran === 'string' && ran !== `${own[1]}/${own[2]}` ? ran : null;
}

interface RunConfigShard {
  readonly config?: { readonly params?: { readonly extra?: { readonly shard?: unknown } } };
}

/** A run's instance ids (results.jsonl), and those that failed because no unit answered them; null without a file. */
export function readResultIds(runDir: string): { ids: Set<string>; unanswered: Set<string> } | null {
  const file = join(runDir, RUN_FILES.resultsJsonl);
  if (!existsSync(file)) return null;
  const ids = new Set<string>();
  const unanswered = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = parseLine(line);
    if (row === null) return null; // damaged: its instances are not known
    if (typeof row.instance_id !== 'string') continue;
    ids.add(row.instance_id);
    if (row.status === 'failed' && row.reason?.includes('EF_UNIT_MISSING')) unanswered.add(row.instance_id);
  }
  return { ids, unanswered };
}

function parseLine(line: string): Partial<ResultsLine> | null {
  try {
    return JSON.parse(line) as Partial<ResultsLine>;
  } catch {
    return null;
  }
}

/**
 * The units' states once the job is merged: `merged` is the merged run's ids (the whole job's selection), from
 * which each shard's instances follow (`assignShards`, the planner's and the engine's rule).
 */
export function checkUnitInstances(
  suiteDir: string,
  units: readonly WorkUnit[],
  states: readonly UnitState[],
  merged: { ids: Set<string>; unanswered: Set<string> },
): UnitState[] {
  const count = units[0]?.shard?.count ?? 1;
  const shardOf = assignShards([...merged.ids], count);
  return states.map((s, k) => {
    const unit = units[k]!;
    if (s.state !== 'done' || !unit.shard) return s;
    const expected = [...merged.ids].filter((id) => shardOf.get(id) === unit.shard!.index);
    const held = readResultIds(join(suiteDir, unit.dir))?.ids ?? new Set<string>();
    const own = expected.filter((id) => held.has(id)).length;
    if (own !== expected.length || held.size !== expected.length)
      return {
        ...s,
        state: `not its shard's instances (${own} of its ${expected.length}, ${held.size - own} of others)`,
      };
    const lost = expected.filter((id) => merged.unanswered.has(id)).length;
    return lost ? { ...s, state: `${lost} of its ${expected.length} instances not in its ${RUN_FILES.cache}` } : s;
  });
}
