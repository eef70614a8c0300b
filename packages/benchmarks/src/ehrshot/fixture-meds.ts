/**
 * The self-written EHRSHOT fixture (invented patients, events and labels in the MEDS layout), shared by the tests
 * and by `fixture/meds/`, which holds these tables written with the test Parquet writer. `ehrshot.test.ts` checks
 * that the committed files equal `fixtureMedsFiles()`; set UPDATE_FIXTURES=1 to rewrite them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeParquet } from '../shared/parquet-writer.js';
import type { ParquetColumnSpec, ParquetValue } from '../shared/parquet-writer.js';

/** Epoch microseconds of a UTC date-time written without zone, e.g. `us('2020-01-05T23:59')`. */
export function us(isoLocal: string): bigint {
  return BigInt(Date.parse(`${isoLocal}Z`)) * 1000n;
}

type Event = [subject: number | null, time: string | null, code: string | null];

/**
 * Events in file order. Subject 102 is deliberately out of time order, 101 has a tie at 08:00 (file order wins)
 * and an event exactly at a prediction time (included), 104 has none, 999 has no labels.
 */
export const FIXTURE_EVENTS: readonly Event[] = [
  [101, null, 'Gender/F'],
  [101, '1990-04-02T00:00', 'MEDS_BIRTH'],
  [101, '2019-12-30T10:00', 'ICD10CM/I10'],
  [101, '2020-01-05T08:00', 'Visit/IP'],
  [101, '2020-01-05T08:00', 'LOINC/2951-2'],
  [101, '2020-01-05T23:59', 'CPT4/99223'],
  [101, '2020-01-06T00:00', 'ICD10CM/N17.9'],
  [101, '2020-06-01T12:00', 'Visit/ER'],
  [102, '1975-07-15T00:00', 'MEDS_BIRTH'],
  [102, '2021-02-10T09:00', 'Visit/IP'],
  [102, '2021-02-02T00:00', 'SNOMED/59621000'],
  [null, '2021-01-01T00:00', 'Visit/OP'],
  [103, '2001-11-20T00:00', 'MEDS_BIRTH'],
  [103, '2022-02-28T00:00', 'Note/café visit (follow-up)'],
  [103, '2022-03-02T00:00', null],
  [103, '2022-03-02T00:00', 'LOINC/718-7'],
  [999, '2022-03-02T00:00', 'Visit/IP'],
];

type Label = [subject: number, time: string | null, value: boolean | null];

/** Label files per task. guo_los is not sorted by (subject, time); new_hypertension is; lab_anemia has 7 rows. */
export const FIXTURE_LABELS: Readonly<Record<string, readonly Label[]>> = {
  guo_los: [
    [102, '2021-02-10T23:59', true],
    [101, '2020-06-01T23:59', false],
    [101, '2020-01-05T23:59', true],
    [103, '2022-03-03T23:59', false],
    [104, '2022-05-05T23:59', true],
  ],
  new_hypertension: [
    [101, '2020-01-05T23:59', false],
    [102, '2021-02-10T23:59', true],
    [103, '2022-03-03T23:59', false],
  ],
  lab_anemia: [
    [101, '2020-01-05T08:30', true],
    [101, '2020-01-05T07:00', false],
    [102, '2021-02-03T00:00', null],
    [103, '2022-03-01T00:00', true],
    [101, '2019-12-31T00:00', false],
    [102, null, false],
    [103, '2022-03-04T00:00', true],
  ],
};

const time = (t: string | null): ParquetValue => (t === null ? null : us(t));

function eventColumns(events: readonly Event[]): ParquetColumnSpec[] {
  return [
    {
      name: 'subject_id',
      kind: 'int64',
      optional: true,
      values: events.map((e) => (e[0] === null ? null : BigInt(e[0]))),
    },
    { name: 'time', kind: 'timestamp_us', optional: true, values: events.map((e) => time(e[1])) },
    { name: 'code', kind: 'string', optional: true, values: events.map((e) => e[2]) },
    { name: 'numeric_value', kind: 'double', optional: true, values: events.map(() => null) },
  ];
}

export function labelColumns(labels: readonly Label[]): ParquetColumnSpec[] {
  return [
    { name: 'subject_id', kind: 'int64', values: labels.map((l) => BigInt(l[0])) },
    { name: 'prediction_time', kind: 'timestamp_us', optional: true, values: labels.map((l) => time(l[1])) },
    { name: 'boolean_value', kind: 'boolean', optional: true, values: labels.map((l) => l[2]) },
  ];
}

/** Relative path → file bytes of the whole fixture folder. */
export function fixtureMedsFiles(): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  files.set('data/data.parquet', writeParquet(eventColumns(FIXTURE_EVENTS), { rowGroupSize: 6 }));
  files.set(
    'metadata/subject_splits.parquet',
    writeParquet([
      { name: 'subject_id', kind: 'int64', values: [101n, 102n, 103n, 104n, 999n] },
      { name: 'split', kind: 'string', values: ['train', 'tuning', 'held_out', 'held_out', 'train'] },
    ]),
  );
  for (const [task, labels] of Object.entries(FIXTURE_LABELS))
    files.set(`labels/${task}/labels.parquet`, writeParquet(labelColumns(labels)));
  return files;
}

/** Writes the fixture folder (or any subset of replaced files) under `root`. */
export async function writeFixtureMeds(
  root: string,
  replace: ReadonlyMap<string, Uint8Array | null> = new Map(),
): Promise<void> {
  const files = fixtureMedsFiles();
  for (const [rel, bytes] of replace) {
    if (bytes === null) files.delete(rel);
    else files.set(rel, bytes);
  }
  for (const [rel, bytes] of files) {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), bytes);
  }
}
