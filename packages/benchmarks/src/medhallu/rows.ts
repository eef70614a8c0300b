/**
 * MedHallu `pqa_labeled` rows in the shape the Hugging Face hub serves (one JSON object per JSONL line, or one
 * datasets-server row), validated down to the four fields HELM reads.
 */
import { dataFormatError, describeValue, parseJsonlRows, rowsDigest, type Fail } from '@eval-factory/files';

export interface MedhalluRow {
  readonly Question: string;
  readonly Knowledge: readonly string[];
  readonly 'Ground Truth': string;
  readonly 'Hallucinated Answer': string;
}

const TEXT_FIELDS = ['Question', 'Ground Truth', 'Hallucinated Answer'] as const;

/** One hub row, validated; other fields (`Difficulty Level`, `Category of Hallucination`) are not used by HELM. */
export function medhalluRow(value: unknown, fail: Fail): MedhalluRow {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail('the row is not an object');
  const row = value as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    if (typeof row[field] !== 'string') fail(`${field} is ${describeValue(row[field])}, not a string`);
  }
  const knowledge = row.Knowledge;
  if (!Array.isArray(knowledge)) fail(`Knowledge is ${describeValue(knowledge)}, not a list`);
  (knowledge as unknown[]).forEach((item, i) => {
    if (typeof item !== 'string') fail(`Knowledge[${i}] is ${describeValue(item)}, not a string`);
  });
  return row as unknown as MedhalluRow;
}

/** Parses the JSONL text (blank lines ignored); errors name the file and the 1-based line. */
export function parseMedhalluRows(text: string, file: string): MedhalluRow[] {
  const rows = parseJsonlRows(text, file, medhalluRow);
  if (rows.length === 0) throw dataFormatError(file, 'no rows (expected one JSON object per line)');
  return rows;
}

/** The pinned digest covers exactly the fields that shape the prompts and golds. */
export function medhalluRowsDigest(rows: readonly MedhalluRow[]): string {
  return rowsDigest(
    rows.map((r) => ({
      Question: r.Question,
      Knowledge: r.Knowledge,
      'Ground Truth': r['Ground Truth'],
      'Hallucinated Answer': r['Hallucinated Answer'],
    })),
  );
}
