/**
 * Test helper: invented Discharge Me! tables (CSV text, the columns HELM reads plus a few others) and a writer that
 * gzips them into the PhysioNet layout. Subject 2's first diagnosis row comes first, subject 3 has no triage,
 * admission 22 has no radiology report, 12 no ED stay, 99 only a target. Not used at run time.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DISCHARGEME_SUBFOLDER } from './load.js';

export const DISCHARGEME_FIXTURE: Readonly<Record<string, string>> = {
  diagnosis:
    'subject_id,stay_id,seq_num,icd_title\n2,901,1,INVENTED PAIN\n1,902,1,MADE-UP COUGH\n2,903,2,FICTIONAL FEVER\n3,904,1,IMAGINARY RASH\n',
  triage: 'subject_id,stay_id,chiefcomplaint\n1,902,cough\n2,901,pain\n2,903,fever\n',
  discharge: `${[
    'note_id,subject_id,hadm_id,text',
    '"n11",1,11,"Name: ___\nBrief Hospital Course:\nInvented  stay for a cough.\nDischarge Instructions:\nRest."',
    '"n21",2,021,"Name: ___\nBrief Hospital Course:\nMade-up pain resolved.\nDischarge Instructions:\nDrink water, ""twice"" daily."',
    '"n22",2,22,"No radiology for this admission."',
    '"n12",1,12,"No ED stay for this admission."',
    '"n21b",2,21,"A later note of admission 21 (not used)."',
    '"n31",3,31,"Subject without triage."',
  ].join('\n')}\n`,
  radiology:
    'note_id,subject_id,hadm_id,text\nr21a,2,21,"CT: invented, unremarkable."\nr11,1,11,"CXR: fictional clear lungs."\nr21b,2,21,"Second report (not used)."\nr12,1,12,"X"\nr31,3,31,"Y"\n',
  edstays: 'subject_id,hadm_id,stay_id\n1,11,902\n2,21,901\n2,22,903\n3,31,904\n',
  discharge_target: `${[
    'note_id,hadm_id,discharge_instructions,brief_hospital_course',
    'n21,21,"Drink water, ""twice"" daily.","Made-up pain resolved."',
    'n11,11,"Rest.","Invented stay for a cough."',
    'n99,99,"Nothing.","No input."',
  ].join('\n')}\n`,
};

/** Writes the tables gzipped under `<root>/files/discharge-me/1.3/test_phase_1/` and returns `root`. */
export async function writeDischargemeFixture(
  root: string,
  tables: Readonly<Record<string, string>> = DISCHARGEME_FIXTURE,
): Promise<string> {
  const folder = join(root, DISCHARGEME_SUBFOLDER);
  await mkdir(folder, { recursive: true });
  for (const [stem, csv] of Object.entries(tables)) await writeFile(join(folder, `${stem}.csv.gz`), gzipSync(csv));
  return root;
}
