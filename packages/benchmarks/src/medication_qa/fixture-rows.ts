/**
 * Test helper: the invented rows of `fixture/MedInfo2019-QA-Medications.xlsx` (the upstream header, made-up
 * questions). Rows 3, 5 and 6 have answers pandas reads as missing. Not used at run time.
 */
import type { FixtureCell } from '../clear/xlsx-fixture.js';

export const MEDICATION_QA_FIXTURE_ROWS: readonly (readonly FixtureCell[])[] = [
  ['Question', 'Focus (Drug)', 'Question Type', 'Answer', 'Section Title', 'URL'],
  [
    'how often can i take inventozol?',
    'Inventozol',
    'Frequency',
    'Take one invented tablet every 8 hours.\u00a0',
    'Dosage',
    'https://example.invalid/1',
  ],
  ['does fictomycin interact with grapefruit', 'Fictomycin', 'Interaction', 'n/a', null, null],
  [
    '  what is madeupamine used for?',
    'Madeupamine',
    'Usage',
    'Madeupamine treats imaginary <itching> & "dryness".',
    'Uses',
    'https://example.invalid/3',
  ],
  ['can children take placebex', 'Placebex', 'Usage', 'NA', null, null],
  ['is imaginol safe in pregnancy', 'Imaginol', 'Safety', null, null, null],
  [
    'what does nullamide look like',
    'Nullamide',
    'Appearance',
    'A round, white invented pill\nwith "N" on one side.',
    'Appearance',
    'https://example.invalid/6',
  ],
];
