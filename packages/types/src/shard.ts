/**
 * Work units (docs/scale.md): a suite job larger than `--max-instances-per-unit` runs as `count` instance shards,
 * each on any machine. Shard membership is a pure function of the instance id — the first four bytes of
 * sha256(id), read big-endian, modulo `count` — so every machine, and every re-run, puts an instance in the same
 * shard whatever order the data was loaded in. The engine applies it after HELM's seed-0 selection (`ef-bench run
 * --shard K/N`); a corrected twin (`c-<id>`) follows the shard of its HELM instance.
 */
import { hash } from 'node:crypto';

export interface ShardSpec {
  /** 0-based. */
  readonly index: number;
  readonly count: number;
}

/** A shard's run folder, inside its job's folder: `<job>/units/<index>-of-<count>/`. */
export const UNITS_DIR = 'units';

/** `2-of-7`: the folder name of shard index 2 of 7. */
export function shardDirName(shard: ShardSpec): string {
  return `${shard.index}-of-${shard.count}`;
}

/** The engine flag's value, `K/N`. */
export function formatShard(shard: ShardSpec): string {
  return `${shard.index}/${shard.count}`;
}

/** `K/N` → ShardSpec; null when the text is not two whole numbers with 0 ≤ K < N. */
export function parseShard(text: string): ShardSpec | null {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return null;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return count >= 1 && index < count ? { index, count } : null;
}

/** The shard an instance id belongs to (the contract above); `run_suite` plans units with it, the engine filters. */
export function shardOfId(id: string, count: number): number {
  return Number.parseInt(hash('sha256', id, 'hex').slice(0, 8), 16) % count;
}
