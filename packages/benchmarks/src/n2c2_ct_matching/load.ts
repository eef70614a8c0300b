/** n2c2 2018 Track 1 (cohort selection) → instances, as HELM's `N2C2CTMatchingScenario` builds them (§10). */
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import type { DataFileInfo, Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { dataFormatError } from '../shared/data-errors.js';
import { requireArgValue, requireDataPath } from '../shared/gated-data.js';
import { hashFile } from '../shared/hashing.js';
import { numberInstances, optionReferences } from '../shared/instances.js';
import type { UnnumberedInstance } from '../shared/instances.js';
import { readTextPython } from '../shared/read-text.js';
import { N2C2_CRITERIA, N2C2_DEFINITIONS } from './criteria.js';
import type { N2c2Criterion } from './criteria.js';
import { criterionMet, currentDate, datedNotes, parsePatientXml, splitNotes } from './patient-xml.js';
import { n2c2InputText } from './prompt.js';

/** The data is gated: users request it from the DBMI Data Portal under the n2c2 data use agreement. */
export const N2C2_SOURCE = 'https://portal.dbmi.hms.harvard.edu/projects/n2c2-nlp/';
const LAYOUT = 'the n2c2 2018 Track 1 folder whose test/ subfolder holds one <patient>.xml per patient';

/** Reference order is fixed (A = yes, B = no). */
export const N2C2_CHOICES = ['yes', 'no'] as const;

export interface PatientFile {
  readonly path: string;
  /** File name without `.xml` (HELM replaces every `.xml` in the name). */
  readonly patientId: string;
  readonly xml: string;
}

/** `test/*.xml` in Python `sorted()` order (code points, so `100.xml` comes before `2.xml`). */
async function listTestFiles(dataPath: string): Promise<string[]> {
  if ((await stat(dataPath).catch(() => null)) === null) {
    throw new UserError(
      'EF_DATA_NOT_FOUND',
      `Benchmark data not found: ${dataPath}`,
      `extra.data_path must be ${LAYOUT}.`,
    );
  }
  const dir = join(dataPath, 'test');
  const names = await readdir(dir).catch(() => {
    throw dataFormatError(dataPath, `no test/ folder; expected ${LAYOUT}`);
  });
  const xmlNames = names.filter((name) => name.endsWith('.xml')).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (xmlNames.length === 0) throw dataFormatError(dir, 'the folder holds no .xml file');
  return xmlNames.map((name) => join(dir, name));
}

async function readPatientFile(path: string): Promise<PatientFile> {
  try {
    return { path, patientId: basename(path).replaceAll('.xml', ''), xml: await readTextPython(path) };
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw dataFormatError(path, `cannot read the file (${(e as Error).message})`);
  }
}

function patientInstance(
  file: PatientFile,
  subject: N2c2Criterion,
  log: (message: string) => void,
): UnnumberedInstance {
  const patient = parsePatientXml(file.xml, file.path);
  if (patient.text === null) throw dataFormatError(file.path, 'no TEXT element');
  const met = criterionMet(patient, subject, file.path);
  const notes = datedNotes(splitNotes(patient.text));
  // HELM prints these and carries on (an empty Date, the current date "None"); so do we, in the log.
  if (notes.length === 0) log(`n2c2_ct_matching: ${file.path}: TEXT holds no note`);
  notes.forEach((note, i) => {
    if (note.date === null) log(`n2c2_ct_matching: ${file.path}: note ${i + 1} has no "Record date: YYYY-MM-DD"`);
  });
  const text = n2c2InputText({
    subject,
    definition: N2C2_DEFINITIONS[subject],
    notes,
    currentDate: currentDate(notes),
  });
  return {
    input: { text },
    references: optionReferences(N2C2_CHOICES, (i) => (i === 0) === met),
    split: 'test',
    source_id: file.patientId,
  };
}

/** One instance per patient file, in the given order, ids `id0…`; the subject's label is the gold answer. */
export function buildN2c2Instances(
  files: readonly PatientFile[],
  subject: N2c2Criterion,
  log: (message: string) => void,
): Instance[] {
  return numberInstances(files.map((file) => patientInstance(file, subject, log)));
}

/** Reads `<data_path>/test/*.xml` (HELM skips `train/`: the benchmark is zero-shot) and builds the instances. */
export async function loadN2c2CtMatching(ctx: LoadContext): Promise<LoadedData> {
  const dataPath = requireDataPath(ctx, 'n2c2_ct_matching', LAYOUT);
  const subject = requireArgValue(ctx, 'n2c2_ct_matching', 'subject', N2C2_CRITERIA);
  const paths = await listTestFiles(dataPath);
  const files: PatientFile[] = [];
  const infos: DataFileInfo[] = [];
  for (const path of paths) {
    files.push(await readPatientFile(path));
    infos.push({ path, ...(await hashFile(path)) });
  }
  return {
    instances: buildN2c2Instances(files, subject, (message) => ctx.log(message)),
    data: { source: N2C2_SOURCE, revision: null, files: infos, num_rows: files.length },
  };
}
