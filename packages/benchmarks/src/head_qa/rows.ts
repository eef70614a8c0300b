/**
 * HEAD-QA rows in the shape the Hugging Face hub serves (`dvilares/head_qa`), read from either that JSONL shape or
 * the original release JSON (`{version, language, exams}`), which the hub's loader converted with the same casts.
 */
import { pyStrip } from '@eval-factory/metrics';
import { dataFormatError, describeValue } from '../shared/data-errors.js';
import { parseJsonlRows } from '../shared/jsonl-rows.js';
import type { Fail } from '../shared/jsonl-rows.js';
import { rowsDigest } from '../shared/pinned-rows.js';
import { pyIntOrNull } from '../shared/py-int.js';

export interface HeadQaAnswer {
  readonly aid: number;
  readonly atext: string;
}

export interface HeadQaRow {
  readonly name: string;
  readonly year: string;
  readonly category: string;
  readonly qid: number;
  readonly qtext: string;
  /** The `aid` of the right answer. */
  readonly ra: number;
  /** `null` = text-only question; anything else (path, hub image object) = has an image. */
  readonly image: unknown;
  readonly answers: readonly HeadQaAnswer[];
}

function asRecord(value: unknown, what: string, fail: Fail): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(`${what} is not an object`);
  return value as Record<string, unknown>;
}

function asString(value: unknown, field: string, fail: Fail): string {
  if (typeof value !== 'string') fail(`${field} is ${describeValue(value)}, not a string`);
  return value as string;
}

/** Integers may arrive as strings (the release JSON's `qid`/`ra`); cast like Python `int()` or nothing matches. */
function asInt(value: unknown, field: string, fail: Fail): number {
  const parsed =
    typeof value === 'number' && Number.isSafeInteger(value)
      ? value
      : typeof value === 'string'
        ? pyIntOrNull(value)
        : null;
  if (parsed === null) fail(`${field} is ${describeValue(value)}, not an integer`);
  return parsed as number;
}

function readAnswers(value: unknown, fail: Fail, strip: (s: string) => string): HeadQaAnswer[] {
  if (!Array.isArray(value)) fail('answers is not a list');
  return (value as unknown[]).map((item, i) => {
    const answer = asRecord(item, `answers[${i}]`, fail);
    return {
      aid: asInt(answer.aid, `answers[${i}].aid`, fail),
      atext: strip(asString(answer.atext, `answers[${i}].atext`, fail)),
    };
  });
}

/** One hub-shaped row (JSONL line or datasets-server row), validated. */
export function hubRow(value: unknown, fail: Fail): HeadQaRow {
  const row = asRecord(value, 'the row', fail);
  const same = (s: string): string => s;
  return {
    name: asString(row.name, 'name', fail),
    year: asString(row.year, 'year', fail),
    category: asString(row.category, 'category', fail),
    qid: asInt(row.qid, 'qid', fail),
    qtext: asString(row.qtext, 'qtext', fail),
    ra: asInt(row.ra, 'ra', fail),
    image: row.image === undefined ? fail('image is missing') : row.image,
    answers: readAnswers(row.answers, fail, same),
  };
}

type ExamHeader = Pick<HeadQaRow, 'name' | 'year' | 'category'>;

/** One release-JSON question, converted as the hub's loader does: strip texts, cast ids, `""` image → null. */
function releaseRow(exam: ExamHeader, value: unknown, fail: Fail): HeadQaRow {
  const q = asRecord(value, 'the question', fail);
  const imagePath = pyStrip(asString(q.image, 'image', fail));
  return {
    ...exam,
    qid: asInt(q.qid, 'qid', fail),
    qtext: pyStrip(asString(q.qtext, 'qtext', fail)),
    ra: asInt(q.ra, 'ra', fail),
    image: imagePath === '' ? null : imagePath,
    answers: readAnswers(q.answers, fail, pyStrip),
  };
}

function releaseRows(release: Record<string, unknown>, file: string): HeadQaRow[] {
  const exams = asRecord(release.exams, 'exams', (what) => {
    throw dataFormatError(file, what);
  });
  return Object.entries(exams).flatMap(([examKey, examValue]) => {
    const fail: Fail = (what) => {
      throw dataFormatError(file, `exam ${examKey}: ${what}`);
    };
    const exam = asRecord(examValue, 'the exam', fail);
    const header = {
      name: pyStrip(asString(exam.name, 'name', fail)),
      year: pyStrip(asString(exam.year, 'year', fail)),
      category: pyStrip(asString(exam.category, 'category', fail)),
    };
    if (!Array.isArray(exam.data)) fail('data is not a list');
    return (exam.data as unknown[]).map((q, i) => releaseRow(header, q, (what) => fail(`question ${i}: ${what}`)));
  });
}

/**
 * Parses either accepted file shape into hub rows, in hub order (exam order, then question order).
 * @example parseHeadQaRows('{"version":"1.0","language":"en","exams":{}}', 'x.json') // []
 */
export function parseHeadQaRows(text: string, file: string): HeadQaRow[] {
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    return parseJsonlRows(text, file, hubRow); // several lines of JSON: the hub-shaped JSONL
  }
  const isRelease = whole !== null && typeof whole === 'object' && 'exams' in whole;
  return isRelease ? releaseRows(whole as Record<string, unknown>, file) : parseJsonlRows(text, file, hubRow);
}

/**
 * Pins an unpinned upstream: sha256 over the canonical JSON (sorted keys) of the used fields of every row, one
 * line each. The image only counts as present/absent, since the hub serves it as an object, the release as a path.
 */
export function headQaRowsDigest(rows: readonly HeadQaRow[]): string {
  return rowsDigest(
    rows.map((r) => ({
      name: r.name,
      year: r.year,
      category: r.category,
      qid: r.qid,
      qtext: r.qtext,
      ra: r.ra,
      has_image: r.image !== null,
      answers: r.answers,
    })),
  );
}
