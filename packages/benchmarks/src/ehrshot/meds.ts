/**
 * The EHRSHOT MEDS folder (docs/benchmarks/ehrshot.md): `data/data.parquet` (events), `metadata/subject_splits.parquet` and
 * `labels/<task>/labels.parquet`. Reads only the columns HELM uses; any missing file or column is `EF_DATA_FORMAT`
 * naming it. Subject ids become numbers (or strings for a string column) and times epoch microseconds.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { dataFormatError, describeValue } from '../shared/data-errors.js';
import {
  forEachRowGroup,
  isTimestampColumn,
  openParquet,
  readParquetColumns,
  requireColumns,
} from '../shared/parquet.js';
import type { ParquetFile } from '../shared/parquet.js';
import type { EhrshotTask } from './tasks.js';

export type SubjectId = number | string;

export interface MedsFiles {
  readonly data: string;
  readonly splits: string;
  readonly labels: string;
}

/** One label row; `time` is null for a missing prediction time (pandas NaT). */
export interface LabelRow {
  /** Row index in labels.parquet. */
  readonly row: number;
  readonly subject: SubjectId;
  readonly time: number | null;
  /** Python truthiness of `boolean_value` (HELM: `"yes" if label else "no"`; null counts as no). */
  readonly positive: boolean;
}

/** One subject's events sorted by time (stable; null times last, where no prediction time reaches them). */
export interface SubjectTimeline {
  readonly times: Float64Array;
  readonly codeIds: Int32Array;
}

export interface EventStore {
  /** Code id → code (`null` for a missing code). */
  readonly codes: readonly (string | null)[];
  readonly timelines: ReadonlyMap<SubjectId, SubjectTimeline>;
}

/** The three files of the layout; each must exist (`EF_DATA_FORMAT` naming the missing one). */
export async function medsFiles(root: string, task: EhrshotTask): Promise<MedsFiles> {
  const files = {
    data: join(root, 'data', 'data.parquet'),
    splits: join(root, 'metadata', 'subject_splits.parquet'),
    labels: join(root, 'labels', task, 'labels.parquet'),
  };
  for (const path of Object.values(files)) {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile())
      throw dataFormatError(
        root,
        `the EHRSHOT MEDS folder has no file ${path.slice(root.length + 1)} (expected data/data.parquet, metadata/subject_splits.parquet and labels/${task}/labels.parquet)`,
      );
  }
  return files;
}

function subjectKey(value: unknown, file: string, row: number): SubjectId | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  const n = typeof value === 'bigint' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n))
    throw dataFormatError(
      file,
      `row ${row}: subject_id ${describeValue(typeof value === 'bigint' ? String(value) : value)} is not an integer id`,
    );
  return n;
}

function requireTimestamp(pq: ParquetFile, column: string): void {
  if (!isTimestampColumn(pq.columns.get(column)!))
    throw dataFormatError(pq.path, `column "${column}" is not a timestamp column`);
}

/** Python truthiness of a label value: NaN is true, null/0/false/"" are false. */
function truthy(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.length > 0;
  return Boolean(value);
}

/** `metadata/subject_splits.parquet` is read by HELM only for a `split` column it never uses; we check it exists. */
export async function checkSplitsFile(path: string): Promise<void> {
  requireColumns(await openParquet(path), ['split']);
}

/** All label rows in file order. */
export async function readLabels(path: string): Promise<LabelRow[]> {
  const pq = await openParquet(path);
  requireColumns(pq, ['subject_id', 'prediction_time', 'boolean_value']);
  requireTimestamp(pq, 'prediction_time');
  const cols = await readParquetColumns(pq, ['subject_id', 'prediction_time', 'boolean_value']);
  return Array.from({ length: pq.numRows }, (_, row) => {
    const subject = subjectKey(cols.subject_id[row], path, row);
    if (subject === null) throw dataFormatError(path, `row ${row}: subject_id is null`);
    const time = cols.prediction_time[row] as number | null;
    return { row, subject, time: time ?? null, positive: truthy(cols.boolean_value[row]) };
  });
}

/** Growable column store for the kept events, in file order. */
class EventColumns {
  length = 0;
  subjects = new Int32Array(1024);
  times = new Float64Array(1024);
  codeIds = new Int32Array(1024);

  push(subject: number, time: number, codeId: number): void {
    if (this.length === this.subjects.length) this.grow();
    this.subjects[this.length] = subject;
    this.times[this.length] = time;
    this.codeIds[this.length++] = codeId;
  }
  private grow(): void {
    const size = this.subjects.length * 2;
    const subjects = new Int32Array(size);
    const times = new Float64Array(size);
    const codeIds = new Int32Array(size);
    subjects.set(this.subjects);
    times.set(this.times);
    codeIds.set(this.codeIds);
    Object.assign(this, { subjects, times, codeIds });
  }
}

/** Stable order by time with NaN (null time) last, like pandas `sort_values(["subject_id", "time"])`. */
function sortTimeline(times: Float64Array, codeIds: Int32Array): SubjectTimeline {
  const rank = (t: number): number => (Number.isNaN(t) ? Infinity : t);
  // MEDS files are usually sorted already; then the views are used as they are.
  if (times.every((t, i) => i === 0 || rank(times[i - 1]) <= rank(t))) return { times, codeIds };
  const order = Array.from(times.keys());
  order.sort((a, b) => rank(times[a]) - rank(times[b]) || a - b);
  return { times: Float64Array.from(order, (i) => times[i]), codeIds: Int32Array.from(order, (i) => codeIds[i]) };
}

/** Splits the kept events by subject (counting sort keeps file order) and sorts each timeline by time. */
function timelinesOf(events: EventColumns, subjects: readonly SubjectId[]): Map<SubjectId, SubjectTimeline> {
  const starts = new Int32Array(subjects.length + 1);
  for (let i = 0; i < events.length; i++) starts[events.subjects[i] + 1]++;
  for (let s = 0; s < subjects.length; s++) starts[s + 1] += starts[s];
  const cursor = starts.slice(0, subjects.length);
  const times = new Float64Array(events.length);
  const codeIds = new Int32Array(events.length);
  for (let i = 0; i < events.length; i++) {
    const at = cursor[events.subjects[i]]++;
    times[at] = events.times[i];
    codeIds[at] = events.codeIds[i];
  }
  return new Map(
    subjects.map((subject, s) => [
      subject,
      sortTimeline(times.subarray(starts[s], starts[s + 1]), codeIds.subarray(starts[s], starts[s + 1])),
    ]),
  );
}

/**
 * Events of the wanted subjects, read one row group at a time. Events of other subjects, and rows without a
 * subject (pandas' groupby drops them), are skipped.
 */
export async function readEvents(path: string, wanted: ReadonlySet<SubjectId>): Promise<EventStore> {
  const pq = await openParquet(path);
  requireColumns(pq, ['subject_id', 'time', 'code']);
  requireTimestamp(pq, 'time');
  const subjects = [...wanted];
  const subjectIndex = new Map(subjects.map((s, i) => [s, i]));
  const codeIndex = new Map<string | null, number>();
  const codes: (string | null)[] = [];
  const events = new EventColumns();
  await forEachRowGroup(pq, ['subject_id', 'time', 'code'], (cols, rowStart) => {
    for (let i = 0; i < cols.subject_id.length; i++) {
      const s = subjectIndex.get(subjectKey(cols.subject_id[i], path, rowStart + i) as SubjectId);
      if (s === undefined) continue;
      const code = (cols.code[i] ?? null) as string | null;
      let id = codeIndex.get(code);
      if (id === undefined) {
        id = codes.push(code) - 1;
        codeIndex.set(code, id);
      }
      events.push(s, (cols.time[i] as number | null) ?? NaN, id);
    }
  });
  return { codes, timelines: timelinesOf(events, subjects) };
}
