/**
 * MEDIQA 2019 Task 3 questions from either upstream shape: the task's XML test file (what bigbio's loading script
 * parses) or hub-shaped JSON Lines (`{"QUESTION": {QID, QuestionText, AnswerList: [{"Answer": {…}}]}}`).
 */
import { describeValue } from '../shared/data-errors.js';
import { dataFormatError } from '../shared/data-errors.js';
import { parseJsonlRows } from '../shared/jsonl-rows.js';
import type { Fail } from '../shared/jsonl-rows.js';
import { lazyRequire } from '../shared/lazy-require.js';
import { decodeXmlText } from '../shared/xml-text.js';

export interface MediQaAnswer {
  readonly referenceRank: number;
  readonly text: string;
}

export interface MediQaQuestion {
  readonly qid: string;
  readonly text: string;
  readonly answers: readonly MediQaAnswer[];
}

type XmlElement = Record<string, unknown>;

/** ElementTree `.text` of a leaf element (entities decoded, not stripped); `<X/>` or `<X></X>` is "". */
function leafText(value: unknown, fail: Fail, what: string): string {
  if (value === '' || value === undefined) return '';
  if (typeof value !== 'string') fail(`${what} is not a text element`);
  return decodeXmlText(value as string);
}

/** Python `int()` of an attribute (surrounding whitespace allowed). */
function intAttribute(value: unknown, fail: Fail, what: string): number {
  if (typeof value !== 'string' || !/^\s*[+-]?\d+\s*$/.test(value))
    fail(`${what} is ${describeValue(value)}, not an integer`);
  return Number(value);
}

function xmlQuestion(q: XmlElement, fail: Fail): MediQaQuestion {
  if (typeof q['@QID'] !== 'string') fail('a Question has no QID attribute');
  const qid = decodeXmlText(q['@QID'] as string);
  const where = (what: string) => `question ${qid}: ${what}`;
  const list = q.AnswerList;
  const answers =
    list !== null && typeof list === 'object' ? (((list as XmlElement).Answer as XmlElement[] | undefined) ?? []) : [];
  return {
    qid,
    text: leafText(q.QuestionText, fail, where('QuestionText')),
    answers: answers.map((a) => ({
      referenceRank: intAttribute(a['@ReferenceRank'], fail, where('ReferenceRank')),
      text: leafText(a.AnswerText, fail, where('AnswerText')),
    })),
  };
}

/** Parses the XML test file: every `<Question>` child of the root, in document order. */
export function parseMediQaXml(text: string, file: string): MediQaQuestion[] {
  const { XMLParser, XMLValidator } = lazyRequire<typeof import('fast-xml-parser')>('fast-xml-parser');
  const fail: Fail = (what) => {
    throw dataFormatError(file, what);
  };
  const valid = XMLValidator.validate(text);
  if (valid !== true) fail(`not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    isArray: (name) => name === 'Question' || name === 'Answer',
  });
  const doc = parser.parse(text) as XmlElement;
  const rootName = Object.keys(doc).find((k) => !k.startsWith('?'));
  const root = rootName === undefined ? null : doc[rootName];
  if (root === null || typeof root !== 'object') fail('no root element');
  return (((root as XmlElement).Question as XmlElement[] | undefined) ?? []).map((q) => xmlQuestion(q, fail));
}

function jsonlQuestion(value: unknown, fail: Fail): MediQaQuestion {
  const q = (value as { QUESTION?: Record<string, unknown> } | null)?.QUESTION;
  if (q === null || typeof q !== 'object') fail('the row has no QUESTION object');
  const { QID, QuestionText, AnswerList } = q as Record<string, unknown>;
  if (typeof QID !== 'string' || typeof QuestionText !== 'string')
    fail('QUESTION.QID or QUESTION.QuestionText is not a string');
  if (!Array.isArray(AnswerList)) fail('QUESTION.AnswerList is not a list');
  const answers = (AnswerList as unknown[]).map((entry) => {
    const a = (entry as { Answer?: Record<string, unknown> } | null)?.Answer;
    if (!a || !Number.isInteger(a.ReferenceRank) || typeof a.AnswerText !== 'string')
      fail(`question ${QID as string}: an Answer lacks an integer ReferenceRank or a string AnswerText`);
    return { referenceRank: a!.ReferenceRank as number, text: a!.AnswerText as string };
  });
  return { qid: QID as string, text: QuestionText as string, answers };
}

/** Parses the hub-shaped rows. */
export const parseMediQaJsonl = (text: string, file: string): MediQaQuestion[] =>
  parseJsonlRows(text, file, jsonlQuestion);
