import { describe, expect, it } from '@jest/globals';
import { currentDate, datedNotes, parsePatientXml, splitNotes } from './patient-xml.js';
import { n2c2InputText, n2c2NotesBlock } from './prompt.js';

const STARS = '*'.repeat(100);

describe('splitNotes (HELM: collapse \\n\\n\\n once, split at 100 asterisks, strip, drop blanks)', () => {
  it.each([
    ['one note', '\n\n  Record date: 2090-01-01\nx  \n', ['Record date: 2090-01-01\nx']],
    ['three newlines become one', 'a\n\n\nb', ['a\nb']],
    ['four newlines become two', 'a\n\n\n\nb', ['a\n\nb']],
    ['five newlines become three (one left-to-right pass)', 'a\n\n\n\n\nb', ['a\n\n\nb']],
    ['six newlines become two', 'a\n\n\n\n\n\nb', ['a\n\nb']],
    ['two notes', `a\n${STARS}\nb`, ['a', 'b']],
    ['blank segments dropped', `${STARS}\n \n${STARS}${STARS}a`, ['a']],
    ['150 asterisks leave 50 on the next note', `a${'*'.repeat(150)}b`, ['a', `${'*'.repeat(50)}b`]],
    ['99 asterisks do not split', `a${'*'.repeat(99)}b`, [`a${'*'.repeat(99)}b`]],
    ['Python whitespace stripped (NBSP, em space)', '\u00a0a\u2003', ['a']],
    ['empty text', '', []],
  ])('%s', (_label, text, expected) => {
    expect(splitNotes(text)).toEqual(expected);
  });
});

describe('record dates', () => {
  it.each([
    ['Record date: 2090-01-31\nx', '2090-01-31'],
    ['x Record date: 2090-01-31 and Record date: 2091-02-02', '2090-01-31'],
    ['Record date: 2090-1-31', null],
    ['record date: 2090-01-31', null],
    ['Record date:2090-01-31', null],
    ['Record date: 2090-01-3\u0663', '2090-01-3\u0663'], // Python's \d is any Unicode digit
    ['Record date: 20900-01-01', null],
    ['no date at all', null],
  ])('%j → %j', (text, date) => {
    expect(datedNotes([text])[0].date).toBe(date);
  });

  it('current date = the date of the last note that has one (not the latest), null when none', () => {
    const note = (date: string | null) => ({ date, text: '' });
    expect(currentDate([note('2091-01-01'), note('2090-01-01')])).toBe('2090-01-01');
    expect(currentDate([note('2090-01-01'), note(null)])).toBe('2090-01-01');
    expect(currentDate([note(null)])).toBeNull();
    expect(currentDate([])).toBeNull();
  });
});

describe('parsePatientXml (ElementTree semantics)', () => {
  it('decodes entities outside CDATA, keeps CDATA raw, joins text pieces before the first child', () => {
    const xml = '<R><TEXT>fish &amp; chips &#65;&#x42; &lt;t&gt;<![CDATA[ raw &amp; <b> ]]>tail<X/>after</TEXT></R>';
    expect(parsePatientXml(xml, 'f.xml').text).toBe('fish & chips AB <t> raw &amp; <b> tail');
  });

  it('takes the last TEXT, merges every TAGS (later values win), reads met as written', () => {
    const xml =
      '\ufeff<?xml version="1.0"?><R><TEXT>one</TEXT><TEXT>two</TEXT>' +
      '<TAGS><A met="met"/><B met="not met"/></TAGS><TAGS><A met="not met"/><C/></TAGS></R>';
    const patient = parsePatientXml(xml, 'f.xml');
    expect(patient.text).toBe('two');
    expect([...patient.tags]).toEqual([
      ['A', 'not met'],
      ['B', 'not met'],
      ['C', null],
    ]);
  });

  it('gives null text without a TEXT element and "" for an empty one', () => {
    expect(parsePatientXml('<R><TAGS/></R>', 'f.xml').text).toBeNull();
    expect(parsePatientXml('<R><TEXT/></R>', 'f.xml').text).toBe('');
  });
});

describe('n2c2 prompt pieces', () => {
  it('joins notes with a newline, 50 asterisks and a blank line; a missing date leaves "Date: "', () => {
    expect(
      n2c2NotesBlock([
        { date: '2090-01-01', text: 'a' },
        { date: null, text: 'b\nc' },
      ]),
    ).toBe(`## Note #1\nDate: 2090-01-01\na\n${'*'.repeat(50)}\n\n## Note #2\nDate: \nb\nc`);
  });

  it('fills placeholders once (a definition containing "{subject}" stays as written) and indents template lines only', () => {
    const texts = {
      task: 'T',
      criterion: 'C {subject}',
      definition: 'D {definition}',
      notes_intro: 'N {num_notes}',
      current_date: 'Now {current_date}',
      question: 'Q {subject}?',
    };
    const text = n2c2InputText(
      { subject: 'HBA1C', definition: 'has {subject}', notes: [{ date: null, text: 'l1\nl2' }], currentDate: null },
      texts,
    );
    expect(text).toBe(
      '\n    # Task\n    T\n\n    # Inclusion Criterion\n    C HBA1C\n    D has {subject}\n\n    # Patient Clinical Notes\n    N 1\n\n' +
        `    ${'-'.repeat(100)}\n\n    ## Note #1\nDate: \nl1\nl2\n\n    ${'-'.repeat(100)}\n\n    # Current Date\n    Now None\n\n    # Question\n    Q HBA1C?\n    `,
    );
  });
});
