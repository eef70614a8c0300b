/**
 * Streams the rows of a CSV, JSONL or JSON data file. CSV and JSONL are decoded chunk by chunk (strict UTF-8) and
 * parsed as they arrive, so a large file is never held as one string; JSON (one top-level array) is parsed whole.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { customError } from './errors.js';
import type { DataFormat } from './spec.js';

export interface DataRow {
  /** 1-based data row (CSV: after the header; JSONL: non-blank lines; JSON: array index + 1). */
  readonly row: number;
  /** 1-based line of the file where the row ends (CSV, JSONL); null for JSON. */
  readonly line: number | null;
  readonly values: Readonly<Record<string, unknown>>;
  /** CSV only: the raw cells in header order. */
  readonly cells?: readonly string[];
}

export interface OpenedRows {
  /** CSV header; null for JSONL/JSON, whose rows carry their own keys. */
  readonly columns: readonly string[] | null;
  readonly rows: AsyncIterable<DataRow>;
}

/** Where a data problem is reported: the definition file and the data file's display name. */
export interface DataLabel {
  readonly file: string;
  readonly data: string;
}

/** `quiz.csv row 4 (line 5)`: how rows are named in every error. */
export function rowLabel(label: DataLabel, row: DataRow | { row: number; line: number | null }): string {
  return `${label.data} row ${row.row}${row.line === null ? '' : ` (line ${row.line})`}`;
}

async function* decodeUtf8(path: string, label: DataLabel): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  try {
    for await (const chunk of createReadStream(path)) {
      yield decoder.decode(chunk as Buffer, { stream: true });
      offset += (chunk as Buffer).length;
    }
    const tail = decoder.decode();
    if (tail) yield tail;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA')
      throw customError('EF_CUSTOM_DATA', label.file, `${label.data} is not valid UTF-8 (after byte ${offset})`);
    throw customError(
      'EF_CUSTOM_DATA',
      label.file,
      `cannot read ${label.data} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

function dataError(label: DataLabel, what: string) {
  return customError('EF_CUSTOM_DATA', label.file, `${label.data}: ${what}`);
}

async function openCsv(path: string, label: DataLabel): Promise<OpenedRows> {
  // relax_quotes: a quote inside an unquoted field is literal, as in Python's csv module and pandas.
  const parser = parse({ bom: true, relax_quotes: true, skip_empty_lines: true, relax_column_count: true, info: true });
  const source = Readable.from(decodeUtf8(path, label));
  // `pipe` does not forward errors: a decoding error must end the parser, or its reader would wait forever.
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { lines: number } }>;
  const next = async () => {
    try {
      return await records.next();
    } catch (error) {
      if ((error as { code?: string }).code?.startsWith('EF_')) throw error;
      throw dataError(label, `invalid CSV (${(error as Error).message})`);
    }
  };
  const first = await next();
  if (first.done) throw dataError(label, 'the file is empty (no header row)');
  // An unnamed header cell is pandas' "Unnamed: <index>" (e.g. the index column of `DataFrame.to_csv()`).
  const columns = first.value.record.map((name, j) => (name === '' ? `Unnamed: ${j}` : name));
  const seen = new Set<string>();
  for (const column of columns) {
    if (seen.has(column)) throw dataError(label, `header names column "${column}" twice`);
    seen.add(column);
  }
  async function* rows(): AsyncGenerator<DataRow> {
    let row = 0;
    for (let item = await next(); !item.done; item = await next()) {
      row++;
      const { record, info } = item.value;
      if (record.length !== columns.length) {
        throw dataError(
          label,
          `row ${row} (line ${info.lines}) has ${record.length} fields, the header has ${columns.length}`,
        );
      }
      yield { row, line: info.lines, values: Object.fromEntries(columns.map((c, j) => [c, record[j]])), cells: record };
    }
  }
  return { columns, rows: rows() };
}

function jsonObject(text: string, label: DataLabel, where: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw dataError(label, `${where} is not valid JSON (${(error as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw dataError(label, `${where} is not a JSON object`);
  return value as Record<string, unknown>;
}

async function* jsonlRows(path: string, label: DataLabel): AsyncGenerator<DataRow> {
  let pending = '';
  let line = 0;
  let row = 0;
  const take = (text: string): DataRow | null => {
    line++;
    const trimmed = text.replace(/\r$/, '').replace(/^\ufeff/, '');
    if (trimmed.trim() === '') return null;
    row++;
    return { row, line, values: jsonObject(trimmed, label, `line ${line}`) };
  };
  for await (const chunk of decodeUtf8(path, label)) {
    pending += chunk;
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const parsed = take(pending.slice(0, newline));
      if (parsed) yield parsed;
      pending = pending.slice(newline + 1);
      newline = pending.indexOf('\n');
    }
  }
  const parsed = pending === '' ? null : take(pending);
  if (parsed) yield parsed;
}

async function openJson(path: string, label: DataLabel): Promise<OpenedRows> {
  let text = '';
  for await (const chunk of decodeUtf8(path, label)) text += chunk;
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch (error) {
    throw dataError(label, `not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(value))
    throw dataError(label, 'expected a JSON array of row objects (or use JSONL: one object per line)');
  const items = value;
  async function* rows(): AsyncGenerator<DataRow> {
    for (const [i, item] of items.entries()) {
      if (item === null || typeof item !== 'object' || Array.isArray(item))
        throw dataError(label, `row ${i + 1} is not a JSON object`);
      yield { row: i + 1, line: null, values: item as Record<string, unknown> };
    }
  }
  return { columns: null, rows: rows() };
}

/**
 * Opens a data file for row-by-row reading; the CSV header is read (and checked) before this resolves.
 * @example const { columns, rows } = await openRows('/q/quiz.csv', 'csv', { file, data: 'quiz.csv' })
 */
export async function openRows(path: string, format: DataFormat, label: DataLabel): Promise<OpenedRows> {
  if (format === 'csv') return openCsv(path, label);
  if (format === 'jsonl') return { columns: null, rows: jsonlRows(path, label) };
  return openJson(path, label);
}
