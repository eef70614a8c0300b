/** A run's instance records: results.jsonl joined with instances.jsonl, in results.jsonl order. */
import { join } from 'node:path';
import type { InstanceRecord, ReferenceView, Verdict } from '../shared/api-types.js';
import { isBinary, verdictOf } from '../shared/query.js';
import { forEachJsonl } from './jsonl.js';
import { RUN_FILES, type ResultsLine, type Untrusted } from '@eval-factory/types';

export interface LoadedRecords {
  readonly records: readonly InstanceRecord[];
  /** Position of (instance id, trial) in `records`. */
  readonly byKey: ReadonlyMap<string, number>;
  /** Every scored main-metric value is 0 or 1 (so the browser can say correct / wrong). */
  readonly binary: boolean;
  /** What could not be read, in words (shown on the run page). */
  readonly problems: readonly string[];
}

export const recordKey = (id: string, trial: number): string => `${id}\u0000${trial}`;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

interface InstanceLine {
  readonly input: string;
  readonly references: readonly ReferenceView[];
  readonly split: string | null;
}

function instanceLine(v: Obj): InstanceLine {
  const refs = Array.isArray(v.references) ? v.references : [];
  return {
    input: isObject(v.input) ? (text(v.input.text) ?? '') : '',
    references: refs.filter(isObject).map((r) => ({
      text: isObject(r.output) ? (text(r.output.text) ?? '') : '',
      correct: Array.isArray(r.tags) && r.tags.includes('correct'),
    })),
    split: text(v.split),
  };
}

function numbers(v: unknown): Record<string, number> {
  if (!isObject(v)) return {};
  return Object.fromEntries(
    Object.entries(v).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])),
  );
}

/**
 * Reads a run folder's instances.jsonl and results.jsonl. `mainMetric` decides each record's verdict. Missing files
 * give no records and a problem, never an exception: a half-written run is still worth looking at.
 */
export async function loadRecords(dir: string, mainMetric: string | null): Promise<LoadedRecords> {
  const problems: string[] = [];
  const instances = new Map<string, InstanceLine>();
  const bad = (file: string) => (line: number, error: string) =>
    problems.push(`${file} line ${line} is not JSON (${error})`);
  await forEachJsonl(
    join(dir, RUN_FILES.instancesJsonl),
    (v) => {
      if (isObject(v) && typeof v.id === 'string') instances.set(v.id, instanceLine(v));
    },
    bad(RUN_FILES.instancesJsonl),
  );
  const records: (Omit<InstanceRecord, 'verdict'> & { verdict: Verdict })[] = [];
  const byKey = new Map<string, number>();
  await forEachJsonl(
    join(dir, RUN_FILES.resultsJsonl),
    (line) => {
      if (!isObject(line)) return;
      // `extracted` is not part of the line the engine writes today; shown when a run folder carries it.
      const v: Untrusted<ResultsLine> & { readonly extracted?: unknown } = line;
      if (typeof v.instance_id !== 'string') return;
      const inst = instances.get(v.instance_id);
      const metrics = numbers(v.metrics);
      const trial = typeof v.train_trial_index === 'number' ? v.train_trial_index : 0;
      byKey.set(recordKey(v.instance_id, trial), records.length);
      records.push({
        index: records.length,
        id: v.instance_id,
        trial,
        status: text(v.status) ?? 'unknown',
        verdict: 'unscored',
        variant: text(v.variant),
        split: inst?.split ?? null,
        input: inst?.input ?? '',
        references: inst?.references ?? [],
        prediction: text(v.prediction),
        mapped_output: text(v.mapped_output),
        extracted: v.extracted ?? null,
        metrics,
        main_value: mainMetric !== null && mainMetric in metrics ? metrics[mainMetric] : null,
        reason: text(v.reason),
        flags: Array.isArray(v.flags) ? v.flags.filter((f): f is string => typeof f === 'string') : [],
        annotations: isObject(v.annotations) ? v.annotations : null,
      });
    },
    bad(RUN_FILES.resultsJsonl),
  );
  if (records.length === 0) problems.push(`${RUN_FILES.resultsJsonl} is missing or empty: no instance to show`);
  const orphans = records.filter((r) => !instances.has(r.id)).length;
  if (orphans > 0)
    problems.push(
      `${orphans} ${RUN_FILES.resultsJsonl} lines have no ${RUN_FILES.instancesJsonl} line (their input and references are not shown)`,
    );
  const binary = isBinary(records.flatMap((r) => (r.main_value === null ? [] : [r.main_value])));
  for (const r of records) r.verdict = verdictOf(r.status, r.main_value, binary);
  return { records, byKey, binary, problems };
}
