/** ACI-Bench → instances, as HELM's `ACIBenchScenario` builds them (docs/benchmarks/aci_bench.md). */
import type { DataFileInfo, Instance, LoadContext, LoadedData, Split } from '@eval-factory/types';
import { CORRECT_TAG } from '@eval-factory/types';
import { resolveDataFile } from '../shared/data-files.js';
import { numberInstances } from '../shared/instances.js';
import type { UnnumberedInstance } from '../shared/instances.js';
import { readTextPython } from '../shared/read-text.js';
import { parseSrcTgtJson } from '../shared/src-tgt-json.js';

export const ACI_BENCH_COMMIT = 'e75b383172195414a7a68843ec4876e83e5409f7';
export const ACI_BENCH_BASE_URL = `https://raw.githubusercontent.com/wyim/aci-bench/${ACI_BENCH_COMMIT}/data/challenge_data_json/`;

/** HELM's files in its order (train, then the three test files in this order), sha256 from PROVENANCE.md. */
export const ACI_BENCH_FILES: readonly { readonly name: string; readonly split: Split; readonly sha256: string }[] = [
  {
    name: 'train_full.json',
    split: 'train',
    sha256: 'aa4d5afbcbe5e26bc0aa79cedaa3f3f4ff54d4fd4fb15dd4449259da0d31d77a',
  },
  {
    name: 'clinicalnlp_taskB_test1_full.json',
    split: 'test',
    sha256: '8ac8782e027b410a25d909f862124b2ed8827bfb64e62833bed9704c3d02dd69',
  },
  {
    name: 'clef_taskC_test3_full.json',
    split: 'test',
    sha256: 'e68472c6015566b35289c16ae30659d72180055f0e9432d8e357d74b204e8a19',
  },
  {
    name: 'clinicalnlp_taskC_test2_full.json',
    split: 'test',
    sha256: '22eac3d9b12dd657c1034737473c426b7d8e0afe67397f5b40a2cd300b1a0e2c',
  },
];

/** HELM's input: a fixed heading, a blank line, then the dialogue as is. */
export const ACI_INPUT_HEADING = 'Doctor-patient dialogue:\n\n';

interface AciRow {
  readonly file: string;
  readonly src: string;
  readonly tgt: string;
}

/** `{"data": [{file, src, tgt}, …]}`; anything else is EF_DATA_FORMAT naming the row. */
export function parseAciFile(text: string, path: string): AciRow[] {
  return parseSrcTgtJson(text, path).map((r, i) => ({
    file: typeof r.fields.file === 'string' ? r.fields.file : String(i),
    src: r.src,
    tgt: r.tgt,
  }));
}

export function aciInstance(row: AciRow, split: Split): UnnumberedInstance {
  return {
    input: { text: ACI_INPUT_HEADING + row.src },
    references: [{ output: { text: row.tgt }, tags: [CORRECT_TAG] }],
    split,
    source_id: row.file,
  };
}

/**
 * Reads the four files (a `data_path` folder holding them, the cache, or the pinned downloads) and numbers all rows
 * `id0…id186` in HELM's order: train `id0…id66` (never evaluated), then the 120 test rows.
 */
export async function loadAciBench(ctx: LoadContext): Promise<LoadedData> {
  const files: DataFileInfo[] = [];
  const instances: UnnumberedInstance[] = [];
  for (const { name, split, sha256 } of ACI_BENCH_FILES) {
    const file = await resolveDataFile({
      benchmark: 'aci_bench',
      fileName: name,
      url: ACI_BENCH_BASE_URL + name,
      sha256,
      ctx,
    });
    files.push(file);
    for (const row of parseAciFile(await readTextPython(file.path), file.path)) instances.push(aciInstance(row, split));
  }
  const numbered: Instance[] = numberInstances(instances);
  return {
    instances: numbered,
    data: { source: ACI_BENCH_BASE_URL, revision: ACI_BENCH_COMMIT, files, num_rows: numbered.length },
  };
}
