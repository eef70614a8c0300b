/**
 * HELM's DischargeMe preprocessing (docs/benchmarks/dischargeme.md) without materializing its many-to-many merges:
 * `diagnosis ⋈ triage` on subject_id, `⋈ discharge` on subject_id, `⋈ radiology` and `⋈ edstays` on hadm_id (all
 * inner), first row per hadm_id, `⋈ discharge_target` on hadm_id. Diagnosis and triage only filter subjects, so the
 * first merged row of an admission is its first discharge note with its first radiology report, and admissions come
 * in the order of their subject's first diagnosis row, then of their first discharge note.
 */
import type { CsvRecord } from '../shared/csv-records.js';

export interface DischargeTables {
  readonly diagnosis: readonly CsvRecord[];
  readonly triage: readonly CsvRecord[];
  readonly discharge: readonly CsvRecord[];
  readonly radiology: readonly CsvRecord[];
  readonly edstays: readonly CsvRecord[];
  readonly target: readonly CsvRecord[];
}

export interface DischargeRow {
  readonly hadmId: string;
  readonly text: string;
  readonly radiology: string;
  readonly briefHospitalCourse: string;
  readonly dischargeInstructions: string;
}

/** pandas parses an all-integer id column as int64, so `"007"` and `"7"` are one key. */
export const idKey = (value: string): string => (/^\s*[+-]?\d+\s*$/.test(value) ? BigInt(value).toString() : value);

function firstBy(rows: readonly CsvRecord[], column: string): Map<string, CsvRecord> {
  const first = new Map<string, CsvRecord>();
  for (const row of rows) {
    const key = idKey(row[column]!);
    if (!first.has(key)) first.set(key, row);
  }
  return first;
}

/** The rows of HELM's `final_df` in order (one per admission and target row). */
export function joinDischargeTables(t: DischargeTables): DischargeRow[] {
  const triageSubjects = new Set(t.triage.map((r) => idKey(r.subject_id!)));
  const subjectRank = new Map<string, number>();
  t.diagnosis.forEach((r, i) => {
    const s = idKey(r.subject_id!);
    if (triageSubjects.has(s) && !subjectRank.has(s)) subjectRank.set(s, i);
  });
  const firstRadiology = firstBy(t.radiology, 'hadm_id');
  const edHadms = new Set(t.edstays.map((r) => idKey(r.hadm_id!)));
  const admissions = new Map<string, { rank: number; order: number; note: CsvRecord }>();
  t.discharge.forEach((note, order) => {
    const [subject, hadm] = [idKey(note.subject_id!), idKey(note.hadm_id!)];
    const rank = subjectRank.get(subject);
    if (rank === undefined || !firstRadiology.has(hadm) || !edHadms.has(hadm) || admissions.has(hadm)) return;
    admissions.set(hadm, { rank, order, note });
  });
  const ordered = [...admissions.entries()].sort(([, a], [, b]) => a.rank - b.rank || a.order - b.order);
  const targets = new Map<string, CsvRecord[]>();
  for (const row of t.target) targets.set(idKey(row.hadm_id!), [...(targets.get(idKey(row.hadm_id!)) ?? []), row]);
  return ordered.flatMap(([hadm, { note }]) =>
    (targets.get(hadm) ?? []).map((target) => ({
      hadmId: hadm,
      text: note.text!,
      radiology: firstRadiology.get(hadm)!.text!,
      briefHospitalCourse: target.brief_hospital_course!,
      dischargeInstructions: target.discharge_instructions!,
    })),
  );
}
