/**
 * Test helper: zips a self-written `word/document.xml` into a .docx under the upstream file name, so tests load it
 * through `data_path` like a user's copy (no binary file is committed).
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { tempDir } from '../shared/test-support.js';
import { RACE_BASED_MED_FILE } from '../../src/race_based_med/load.js';

export const FIXTURE_DOCUMENT_XML = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../src/race_based_med/fixture',
  'document.xml',
);

/** The zip bytes of a .docx whose only part is `word/document.xml` (all this loader reads). */
export function docxBytes(documentXml: string): Uint8Array {
  return zipSync({ 'word/document.xml': strToU8(documentXml) });
}

/** Writes a .docx holding `documentXml` (default: fixture/document.xml) into a fresh temp folder; returns its path. */
export async function writeFixtureDocx(documentXml = readFileSync(FIXTURE_DOCUMENT_XML, 'utf8')): Promise<string> {
  const file = join(await tempDir(), RACE_BASED_MED_FILE);
  await writeFile(file, docxBytes(documentXml));
  return file;
}

/** A minimal document.xml around the given `w:body` content. */
export function documentXmlWithBody(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
}
