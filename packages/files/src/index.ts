/**
 * @eval-factory/files — files in and out: benchmark data files read the way HELM's Python reads them (CSV, Parquet,
 * XLSX, XML, zip, JSONL, Python text mode), pinned downloads and their checksums, and outputs written atomically.
 * Shared by the engine side (benchmarks) and the factory side (executor, model-configs, cli).
 */
export { readCsvRecords, readCsvTable } from './csv-records.js';
export type { CsvRecord } from './csv-records.js';
export { dataFormatError, describeValue } from './data-errors.js';
export { resolveDataFile, resolveStreamedDataFile } from './data-files.js';
export type { ResolveDataFileOptions, StreamedDataFile } from './data-files.js';
export { fetchJson, fetchUrlToFile } from './download.js';
export type { FetchOptions } from './download.js';
export { hashFileStreaming } from './file-hash-stream.js';
export { canonicalJson, hashFile, sha256Hex } from './hashing.js';
export { HF_ROWS_API, downloadHfRowsJsonl, hfRowsUrl } from './hf-rows-download.js';
export type { HfRowsSource } from './hf-rows-download.js';
export { parseJsonlRows } from './jsonl-rows.js';
export type { Fail } from './jsonl-rows.js';
export { streamJsonObjectBatches } from './json-object-stream.js';
export type { StreamJsonObjectOptions } from './json-object-stream.js';
export { lazyLoader } from './lazy-require.js';
export { asOutputError, makeOutputDirSync, OUTPUT_DIR_HINT, SUITE_DIR_HINT } from './output-error.js';
export { makeDirSync } from './make-dir.js';
export { PANDAS_NA_STRINGS, pyFloatRepr } from './pandas.js';
export { forEachRowGroup, isTimestampColumn, openParquet, readParquetColumns, requireColumns } from './parquet.js';
export type { ParquetFile } from './parquet.js';
export { checkRowsPin, rowsDigest } from './pinned-rows.js';
export type { RowsPin } from './pinned-rows.js';
export {
  decodePythonText,
  jsonObjectEntries,
  pythonNewlines,
  readJsonObjectEntries,
  readTextPython,
  type JsonObjectEntries,
} from './read-text.js';
export { parseSrcTgtJson } from './src-tgt-json.js';
export { writeFileAtomic } from './write-atomic.js';
export { readFirstSheet } from './xlsx-sheet.js';
export type { SheetCell } from './xlsx-sheet.js';
export { decodeXmlText } from './xml-text.js';
export { readZipEntries } from './zip-entries.js';
export { isShippedFixture, reportDrift } from './shipped-fixture.js';
