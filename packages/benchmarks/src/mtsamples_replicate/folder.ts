/**
 * The report folder (`mtsamples_processed/`, one `.txt` file per report): its file names in git-tree order and the
 * folder checksum pinned in `datasets/mtsamples_replicate/PROVENANCE.md`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dataFormatError, decodePythonText, sha256Hex } from '@eval-factory/files';

/** Byte-wise (UTF-8) order, the order of git trees and of the GitHub contents API listing HELM reads. */
export function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** HELM keeps the listed names ending in `.txt`. */
export const isReportName = (name: string): boolean => name.endsWith('.txt');

export interface ReportFile {
  readonly name: string;
  readonly bytes: Buffer;
}

export interface ReportFolder {
  readonly path: string;
  /** Every `.txt` file, in byte-wise name order. */
  readonly files: readonly ReportFile[];
  /** sha256 of `"<sha256 of file>  <name>\n"` over the files in that order (the `sha256sum` listing). */
  readonly sha256: string;
  readonly bytes: number;
}

/** The folder checksum of files already in byte-wise name order. */
export function folderDigest(files: readonly ReportFile[]): string {
  return sha256Hex(files.map((f) => `${sha256Hex(f.bytes)}  ${f.name}\n`).join(''));
}

/** Reads every `.txt` file of `path`; a folder without any is `EF_DATA_FORMAT`. */
export async function readReportFolder(path: string): Promise<ReportFolder> {
  const entries = await readdir(path, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isFile() && isReportName(e.name))
    .map((e) => e.name)
    .sort(compareBytes);
  if (names.length === 0) throw dataFormatError(path, 'the folder holds no .txt report file');
  const files = await Promise.all(names.map(async (name) => ({ name, bytes: await readFile(join(path, name)) })));
  return { path, files, sha256: folderDigest(files), bytes: files.reduce((sum, f) => sum + f.bytes.byteLength, 0) };
}

/**
 * A report's text as HELM reads it: strict UTF-8, universal newlines (`open(..., encoding="utf-8")`); the caller
 * strips it.
 */
export function reportText(folder: string, file: ReportFile): string {
  return decodePythonText(file.bytes, join(folder, file.name));
}
