import { describe, expect, it } from '@jest/globals';
import { correctedReport, helmReport } from './sections.js';

describe('helmReport (HELM extract_sections / remove_plan_section)', () => {
  it.each([
    [
      'PLAN wins over FINDINGS; input stops at PLAN:',
      'Hx.\nFINDINGS: F.\nPLAN: P.\nKeywords: k',
      { input: 'Hx.\nFINDINGS: F.', reference: 'P.', section: 'PLAN', referenceInInput: false },
    ],
    [
      'SUMMARY stays in the input (leak)',
      'Hx.\nSUMMARY: S.\nKeywords: k',
      { input: 'Hx.\nSUMMARY: S.\nKeywords: k', reference: 'S.', section: 'SUMMARY', referenceInInput: true },
    ],
    [
      'an empty PLAN falls back to FINDINGS, the input still stops at PLAN:',
      'FINDINGS: F.\nPLAN:\nK',
      { input: 'FINDINGS: F.', reference: 'F.', section: 'FINDINGS', referenceInInput: true },
    ],
    [
      'a marker inside a heading still counts',
      'DISCHARGE SUMMARY: S.',
      { input: 'DISCHARGE SUMMARY: S.', reference: 'S.', section: 'SUMMARY', referenceInInput: true },
    ],
    [
      'the section ends at the second occurrence',
      'PLAN: A. PLAN: B.',
      { input: '', reference: 'A.', section: 'PLAN', referenceInInput: false },
    ],
  ])('%s', (_, text, split) => {
    expect(helmReport(text)).toEqual({ kind: 'instance', split });
  });

  it.each([
    ['no marker', 'Hx only.'],
    ['only empty sections', 'PLAN: \nSUMMARY:'],
  ])('skips a report with %s', (_, text) => {
    expect(helmReport(text)).toEqual({ kind: 'none' });
  });

  it.each([
    ['a lower-case marker', 'plan: rest', 'PLAN:'],
    ['a mixed-case marker even when PLAN: is fine', 'Summary: s\nPLAN: p', 'SUMMARY:'],
    // Python and JavaScript both upper-case the dotless ı to I.
    ['a dotless-i "fındıngs:"', 'f\u0131nd\u0131ngs: x', 'FINDINGS:'],
  ])('fails (HELM IndexError) on %s', (_, text, marker) => {
    expect(helmReport(text)).toEqual({
      kind: 'error',
      message: `"${marker}" occurs only in another case (list index out of range)`,
    });
  });
});

describe('correctedReport', () => {
  it.each([
    [
      'any ASCII case',
      'Hx.\nPlan: Rest.',
      { input: 'Hx.', reference: 'Rest.', section: 'PLAN', referenceInInput: false },
    ],
    [
      'the rest of the line, past a second marker',
      'PLAN: A. PLAN: B.\nK',
      { input: '', reference: 'A. PLAN: B.', section: 'PLAN', referenceInInput: false },
    ],
    [
      'the input before the chosen marker only',
      'Hx.\nFINDINGS: F.\nPLAN:\nK',
      { input: 'Hx.', reference: 'F.', section: 'FINDINGS', referenceInInput: false },
    ],
    [
      'a leak when the reference appears earlier',
      'Desc: S.\nSUMMARY: S.',
      { input: 'Desc: S.', reference: 'S.', section: 'SUMMARY', referenceInInput: true },
    ],
  ])('%s', (_, text, split) => {
    expect(correctedReport(text)).toEqual(split);
  });

  it('matches ASCII case only (no dotless i) and returns null without a section', () => {
    expect(correctedReport('f\u0131nd\u0131ngs: x')).toBeNull();
    expect(correctedReport('plan:\nsummary:  ')).toBeNull();
  });
});
