/**
 * Test helper: a minimal, deterministic `.xlsx` (one sheet, inline strings, no styles) built with fflate from
 * SpreadsheetML we write ourselves, so the CLEAR tests need no spreadsheet program and no upstream file.
 * Not used at run time.
 */
import { strToU8, zipSync } from 'fflate';

/** A cell: text (inline string), number, boolean, or null for no cell. A row of `[]` is left out of the sheet. */
export type FixtureCell = string | number | boolean | null;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function cellXml(value: FixtureCell, ref: string): string {
  if (value === null) return '';
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

function sheetXml(rows: readonly (readonly FixtureCell[])[]): string {
  const rowsXml = rows
    .map((cells, i) => {
      const cellsXml = cells.map((value, j) => cellXml(value, `${String.fromCharCode(65 + j)}${i + 1}`)).join('');
      return cellsXml === '' ? '' : `<row r="${i + 1}">${cellsXml}</row>`;
    })
    .join('');
  return `${XML_DECL}<worksheet xmlns="${MAIN_NS}"><sheetData>${rowsXml}</sheetData></worksheet>`;
}

/**
 * The bytes of a one-sheet workbook holding `rows` (row 1 first); identical input gives identical bytes.
 * @example buildXlsx([['text', 'result_human'], ['An invented note.', 1]])
 */
export function buildXlsx(rows: readonly (readonly FixtureCell[])[]): Uint8Array {
  const contentTypes =
    `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '</Types>';
  const rootRels = `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const workbook = `${XML_DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const workbookRels = `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
  return zipSync(
    {
      '[Content_Types].xml': strToU8(contentTypes),
      '_rels/.rels': strToU8(rootRels),
      'xl/workbook.xml': strToU8(workbook),
      'xl/_rels/workbook.xml.rels': strToU8(workbookRels),
      'xl/worksheets/sheet1.xml': strToU8(sheetXml(rows)),
    },
    // A fixed timestamp keeps the bytes reproducible; fflate writes local time, so build it from local fields.
    { level: 6, mtime: new Date(2020, 0, 1) },
  );
}

/** The shipped fixture `fixture/alcohol_dependence.xlsx` (invented notes): a numeric 1, a text "2", a blank note. */
export const CLEAR_FIXTURE_ROWS: readonly (readonly FixtureCell[])[] = [
  ['text', 'result_human'],
  ['Invented note: drinks a six-pack most nights and had withdrawal tremors last winter.', 1],
  ['Fictional note: denies any alcohol use; works nights as a lighthouse keeper.', 0],
  ['Made-up note: "drinks socially?" Family unsure, old records missing.', '2'],
  ['   ', 1],
  ['Imaginary note with a\nline break & an <angle> bracket; AUDIT score 19 in 2081.', '1'],
];
