/**
 * One n2c2 2018 Track 1 patient file → notes and criterion labels, as HELM's `XMLDataLoader` (ElementTree) reads
 * it: `<PatientMatching><TEXT><![CDATA[…]]></TEXT><TAGS><ABDOMINAL met="met"/>…</TAGS></PatientMatching>`.
 */
import type { XMLParser } from 'fast-xml-parser';
import { lazyLoader, dataFormatError, describeValue } from '@eval-factory/files';
import { pyStrip } from '@eval-factory/metrics';
import type { N2c2Note } from './prompt.js';

const lazyRequire = lazyLoader(import.meta.url);

/** `preserveOrder` output: one key per node (a tag name or `#text`) plus `:@` for attributes. */
type XmlNode = Record<string, unknown>;

const PARSER_OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Keep every text byte as ElementTree does: no trimming, no number parsing; numeric character references decoded.
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
};
let parser: XMLParser | undefined;

function fastXml(): typeof import('fast-xml-parser') {
  return lazyRequire<typeof import('fast-xml-parser')>('fast-xml-parser');
}

const NOTE_SPLIT = '*'.repeat(100);
/** Python's `\d` matches any Unicode decimal digit. */
const RECORD_DATE = /Record date: (\p{Nd}{4}-\p{Nd}{2}-\p{Nd}{2})/u;

export interface N2c2PatientXml {
  /** The last `TEXT` element's leading text (ElementTree `elem.text`), or null when the file has none. */
  readonly text: string | null;
  /** Criterion name → its `met` attribute (null when absent), over every `TAGS` element, later ones winning. */
  readonly tags: ReadonlyMap<string, string | null>;
}

function tagName(node: XmlNode): string | null {
  return Object.keys(node).find((key) => key !== ':@') ?? null;
}

function children(node: XmlNode, name: string): XmlNode[] {
  const value = node[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

/** ElementTree's `elem.text`: the text and CDATA before the first child element. */
function leadingText(nodes: readonly XmlNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (tagName(node) !== '#text') break;
    text += String(node['#text']);
  }
  return text;
}

/** Parses one patient file; malformed XML is `EF_DATA_FORMAT` naming the file and line. */
export function parsePatientXml(xml: string, file: string): N2c2PatientXml {
  const source = xml.startsWith('\ufeff') ? xml.slice(1) : xml;
  const valid = fastXml().XMLValidator.validate(source);
  if (valid !== true) throw dataFormatError(file, `invalid XML (line ${valid.err.line}: ${valid.err.msg})`);
  let text: string | null = null;
  const tags = new Map<string, string | null>();
  // Document order, like ElementTree's `root.iter()`.
  const visit = (nodes: readonly XmlNode[]): void => {
    for (const node of nodes) {
      const name = tagName(node);
      if (name === null || name === '#text' || name.startsWith('?')) continue;
      const kids = children(node, name);
      if (name === 'TEXT') text = leadingText(kids);
      if (name === 'TAGS') {
        for (const tag of kids) {
          const criterion = tagName(tag);
          if (criterion === null || criterion === '#text') continue;
          const attributes = (tag[':@'] ?? {}) as Record<string, unknown>;
          tags.set(criterion, typeof attributes.met === 'string' ? attributes.met : null);
        }
      }
      visit(kids);
    }
  };
  visit((parser ??= new (fastXml().XMLParser)(PARSER_OPTIONS)).parse(source) as XmlNode[]);
  return { text, tags };
}

/**
 * HELM's note split: every `\n\n\n` becomes `\n` (one left-to-right pass, like Python's `str.replace`), then the
 * text is cut at lines of 100 asterisks and each non-blank part is Python-stripped.
 * @example splitNotes('a\n' + '*'.repeat(100) + '\nb') // ['a', 'b']
 */
export function splitNotes(text: string): string[] {
  return text
    .replaceAll('\n\n\n', '\n')
    .split(NOTE_SPLIT)
    .map((part) => pyStrip(part))
    .filter((part) => part !== '');
}

/** Each note with the first `Record date: YYYY-MM-DD` it contains (null when none). */
export function datedNotes(parts: readonly string[]): N2c2Note[] {
  return parts.map((text) => ({ text, date: RECORD_DATE.exec(text)?.[1] ?? null }));
}

/** HELM's "current date": the date of the last note that has one (not the latest date), or null. */
export function currentDate(notes: readonly N2c2Note[]): string | null {
  return notes.reduce<string | null>((latest, note) => note.date ?? latest, null);
}

/** The subject's label: `met` → yes, `not met` → no; a missing tag or another value is `EF_DATA_FORMAT`. */
export function criterionMet(patient: N2c2PatientXml, subject: string, file: string): boolean {
  if (!patient.tags.has(subject)) throw dataFormatError(file, `TAGS has no <${subject}> element`);
  const met = patient.tags.get(subject) ?? null;
  if (met === 'met' || met === 'not met') return met === 'met';
  const found = met === null ? 'no met attribute' : `met=${describeValue(met)}`;
  throw dataFormatError(file, `<${subject}> has ${found}, expected met="met" or met="not met"`);
}
