import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { decodeXmlText, readDocxBodyParagraphs } from './docx.js';
import { docxBytes, documentXmlWithBody, FIXTURE_DOCUMENT_XML } from './docx-fixture.js';

const read = (body: string) => readDocxBodyParagraphs(docxBytes(documentXmlWithBody(body)), 'x.docx');

describe('readDocxBodyParagraphs (python-docx 1.x semantics)', () => {
  it('reads the fixture: body paragraphs only (the table paragraph is skipped), in document order', () => {
    const paragraphs = readDocxBodyParagraphs(docxBytes(readFileSync(FIXTURE_DOCUMENT_XML, 'utf8')), 'f.docx');
    expect(paragraphs).toHaveLength(18);
    expect(paragraphs.map((p) => p.text)).not.toContain('Run 9: A question inside a table?');
    expect(paragraphs[0].text).toBe('Invented chatbot transcripts');
  });

  it.each([
    [
      'runs concatenated, whitespace kept',
      '<w:p><w:r><w:t xml:space="preserve"> a </w:t><w:t>b</w:t></w:r><w:r><w:t>c</w:t></w:r></w:p>',
      ' a bc',
    ],
    [
      'w:tab → \\t, w:br and w:cr → \\n (any break type)',
      '<w:p><w:r><w:t>a</w:t><w:tab/><w:t>b</w:t><w:br/><w:t>c</w:t><w:cr/><w:br w:type="page"/></w:r></w:p>',
      'a\tb\nc\n\n',
    ],
    [
      'hyperlinked runs count',
      '<w:p><w:r><w:t>see </w:t></w:r><w:hyperlink><w:r><w:t>link</w:t></w:r></w:hyperlink></w:p>',
      'see link',
    ],
    [
      'runs in w:ins / w:smartTag do not (not direct children)',
      '<w:p><w:ins><w:r><w:t>x</w:t></w:r></w:ins><w:smartTag><w:r><w:t>y</w:t></w:r></w:smartTag><w:r><w:t>z</w:t></w:r></w:p>',
      'z',
    ],
    [
      'w:delText and w:instrText are not text',
      '<w:p><w:r><w:delText>gone</w:delText><w:instrText>HYPERLINK</w:instrText><w:t>kept</w:t></w:r></w:p>',
      'kept',
    ],
    ['numbers and booleans stay strings', '<w:p><w:r><w:t>007</w:t></w:r><w:r><w:t>true</w:t></w:r></w:p>', '007true'],
    [
      'entities and character references decode once',
      '<w:p><w:r><w:t>&lt;a&gt; &amp;amp; &quot;&apos; caf&#233; &#x1F600; &amp;#65;</w:t></w:r></w:p>',
      '<a> &amp; "\' café 😀 &#65;',
    ],
    ['an empty paragraph', '<w:p/>', ''],
  ])('paragraph text: %s', (_label, body, text) => {
    expect(read(body).map((p) => p.text)).toEqual([text]);
  });

  it('gives the w:color value of each direct run (first w:rPr, first w:color), null without one', () => {
    const [p] = read(
      '<w:p><w:r><w:t>a</w:t></w:r><w:r><w:rPr><w:b/><w:color w:val="ff0000" w:themeColor="accent1"/><w:color w:val="00FF00"/></w:rPr></w:r>' +
        '<w:hyperlink><w:r><w:rPr><w:color w:val="FF0000"/></w:rPr></w:r></w:hyperlink><w:r><w:rPr><w:color w:val="auto"/></w:rPr></w:r><w:r><w:rPr><w:color/></w:rPr></w:r></w:p>',
    );
    expect(p.runColors).toEqual([null, 'ff0000', 'auto', null]);
  });

  it('keeps only direct w:p children of w:body (tables and content controls skipped)', () => {
    const paragraphs = read(
      '<w:p><w:r><w:t>1</w:t></w:r></w:p><w:tbl><w:tr><w:tc><w:p><w:r><w:t>t</w:t></w:r></w:p></w:tc></w:tr></w:tbl><w:sdt><w:sdtContent><w:p><w:r><w:t>s</w:t></w:r></w:p></w:sdtContent></w:sdt><w:p><w:r><w:t>2</w:t></w:r></w:p>',
    );
    expect(paragraphs.map((p) => p.text)).toEqual(['1', '2']);
  });

  it.each([
    ['&amp;', '&'],
    ['&#x41;&#66;', 'AB'],
    ['&unknown;', '&unknown;'],
    ['&#x110000;', '&#x110000;'],
    ['plain', 'plain'],
  ])('decodeXmlText(%j) = %j', (input, output) => {
    expect(decodeXmlText(input)).toBe(output);
  });
});

describe('readDocxBodyParagraphs errors (EF_DATA_FORMAT naming the file)', () => {
  const body = '<w:body><w:p/></w:body>';
  const zip = (name: string, bytes: Uint8Array) => zipSync({ [name]: bytes });
  it.each([
    ['not a ZIP', new TextEncoder().encode('plain text'), 'not a Word .docx (ZIP) file'],
    ['no word/document.xml', zip('word/other.xml', strToU8('<x/>')), 'the .docx has no word/document.xml'],
    [
      'invalid UTF-8',
      zip('word/document.xml', new Uint8Array([0x3c, 0x61, 0xff, 0x3e])),
      'word/document.xml is not valid UTF-8',
    ],
    ['malformed XML', docxBytes('<w:document><w:body></w:document>'), 'word/document.xml is not well-formed XML'],
    [
      'another root element',
      docxBytes(`<w:settings xmlns:w="x">${body}</w:settings>`),
      'word/document.xml has no w:document root element',
    ],
    ['no body', docxBytes('<w:document xmlns:w="x"><w:p/></w:document>'), 'word/document.xml has no w:body element'],
  ])('%s', (_label, bytes, detail) => {
    expect(() => readDocxBodyParagraphs(bytes, '/d/x.docx')).toThrow(
      expect.objectContaining({ code: 'EF_DATA_FORMAT', message: expect.stringContaining(`/d/x.docx: ${detail}`) }),
    );
  });
});
