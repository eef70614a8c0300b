/**
 * The body paragraphs of a Word .docx, read the way python-docx 1.x (used by HELM's race_based_med scenario) sees
 * them: `document.paragraphs` (direct `w:p` children of `w:body`, so tables and content controls are skipped),
 * `paragraph.text` and, per direct run, the `w:rPr/w:color/@w:val` that `run.font.color.rgb` reads.
 */
import { lazyRequire } from '../shared/lazy-require.js';
import { dataFormatError } from '../shared/data-errors.js';
import { decodeXmlText } from '../shared/xml-text.js';

export { decodeXmlText };

export interface DocxParagraph {
  /** python-docx `paragraph.text`: runs and hyperlinked runs; `w:tab` → `\t`, `w:br`/`w:cr` → `\n`. */
  readonly text: string;
  /** `w:val` of `w:rPr/w:color` for each direct `w:r` child (hyperlinked runs excluded), `null` when absent. */
  readonly runColors: readonly (string | null)[];
}

/** fast-xml-parser's `preserveOrder` shape: `{[tag]: children, ':@'?: attributes}` or `{'#text': text}`. */
type XmlNode = Record<string, unknown>;

const DOCUMENT_PART = 'word/document.xml';
const ATTRIBUTES = ':@';
const TEXT = '#text';

function tagOf(node: XmlNode): string {
  return Object.keys(node).find((key) => key !== ATTRIBUTES) ?? '';
}

function childrenOf(node: XmlNode): XmlNode[] {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

function childrenNamed(node: XmlNode, tag: string): XmlNode[] {
  return childrenOf(node).filter((child) => tagOf(child) === tag);
}

function attribute(node: XmlNode, name: string): string | null {
  const value = (node[ATTRIBUTES] as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? decodeXmlText(value) : null;
}

/** `CT_R.text`: only direct `w:t`, `w:tab`, `w:br`, `w:cr` children count (every `w:br` type gives `\n`). */
function runText(run: XmlNode): string {
  let text = '';
  for (const child of childrenOf(run)) {
    const tag = tagOf(child);
    if (tag === 'w:t')
      text += childrenOf(child)
        .map((t) => (typeof t[TEXT] === 'string' ? decodeXmlText(t[TEXT]) : ''))
        .join('');
    else if (tag === 'w:tab') text += '\t';
    else if (tag === 'w:br' || tag === 'w:cr') text += '\n';
  }
  return text;
}

/** `run.font.color` reads the first `w:rPr`, then its first `w:color`. */
function runColor(run: XmlNode): string | null {
  const color = childrenNamed(run, 'w:rPr').flatMap((rPr) => childrenNamed(rPr, 'w:color'))[0];
  return color ? attribute(color, 'w:val') : null;
}

function readParagraph(p: XmlNode): DocxParagraph {
  let text = '';
  for (const child of childrenOf(p)) {
    const tag = tagOf(child);
    if (tag === 'w:r') text += runText(child);
    else if (tag === 'w:hyperlink') text += childrenNamed(child, 'w:r').map(runText).join('');
  }
  return { text, runColors: childrenNamed(p, 'w:r').map(runColor) };
}

function documentXml(bytes: Uint8Array, file: string): string {
  let part: Uint8Array | undefined;
  try {
    part = lazyRequire<typeof import('fflate')>('fflate').unzipSync(bytes, {
      filter: (entry) => entry.name === DOCUMENT_PART,
    })[DOCUMENT_PART];
  } catch (e) {
    throw dataFormatError(file, `not a Word .docx (ZIP) file (${(e as Error).message})`);
  }
  if (!part) throw dataFormatError(file, `the .docx has no ${DOCUMENT_PART}`);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(part);
  } catch {
    throw dataFormatError(file, `${DOCUMENT_PART} is not valid UTF-8`);
  }
}

function parseXml(xml: string, file: string): XmlNode[] {
  // The parser accepts mismatched tags silently, so well-formedness is checked first.
  const { XMLParser, XMLValidator } = lazyRequire<typeof import('fast-xml-parser')>('fast-xml-parser');
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw dataFormatError(file, `${DOCUMENT_PART} is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    // Keep text byte-for-byte: no trimming, no number parsing; entities are decoded by decodeXmlText.
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
  });
  return parser.parse(xml) as XmlNode[];
}

/**
 * Reads `word/document.xml` from the .docx bytes and returns its body paragraphs in document order.
 * A file that is not a ZIP, lacks the part, is not well-formed or has no `w:document/w:body` is `EF_DATA_FORMAT`.
 * @example readDocxBodyParagraphs(readFileSync('x.docx'), 'x.docx')[0] // { text: 'Run 1: …', runColors: [null] }
 */
export function readDocxBodyParagraphs(bytes: Uint8Array, file: string): DocxParagraph[] {
  const root = parseXml(documentXml(bytes, file), file).find((node) => tagOf(node) === 'w:document');
  if (!root) throw dataFormatError(file, `${DOCUMENT_PART} has no w:document root element`);
  const body = childrenNamed(root, 'w:body')[0];
  if (!body) throw dataFormatError(file, `${DOCUMENT_PART} has no w:body element`);
  return childrenNamed(body, 'w:p').map(readParagraph);
}
