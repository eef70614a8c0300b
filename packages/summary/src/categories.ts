/**
 * Leaderboard categories (docs/results.md#grouped-by-medhelm-category): MedHELM presents its benchmarks in five
 * healthcare task categories, declared in HELM's `schema_medhelm.yaml` as run groups of run groups. The built-in
 * table is derived from that schema (a conformance test ties the two); `--schema FILE` reads any HELM schema at
 * run time instead.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { UserError } from '@eval-factory/errors';

export interface Category {
  readonly name: string;
  readonly displayName: string;
  /** HELM run-group names (benchmark names) in the schema's order. */
  readonly members: readonly string[];
}

export type CategoryTable = readonly Category[];

/** MedHELM's categories, as `schema_medhelm.yaml` (HELM, MedHELM release) lists them under `medhelm_scenarios`. */
export const MEDHELM_CATEGORIES: CategoryTable = [
  {
    name: 'clinical_decision_support',
    displayName: 'Clinical Decision Support',
    members: [
      'medcalc_bench',
      'clear',
      'mtsamples_replicate',
      'medec',
      'ehrshot',
      'head_qa',
      'medbullets',
      'med_qa',
      'med_mcqa',
      'medalign',
      'shc_ptbm_med',
      'shc_sei_med',
    ],
  },
  {
    name: 'clinical_note_generation',
    displayName: 'Clinical Note Generation',
    members: ['dischargeme', 'aci_bench', 'mtsamples_procedures', 'mimic_rrs', 'mimic_bhc', 'chw_care_plan'],
  },
  {
    name: 'patient_communication',
    displayName: 'Patient Communication and Education',
    members: [
      'medication_qa',
      'starr_patient_instructions',
      'med_dialog',
      'shc_conf_med',
      'medi_qa',
      'mental_health',
      'shc_proxy_med',
      'shc_privacy_med',
    ],
  },
  {
    name: 'medical_research',
    displayName: 'Medical Research Assistance',
    members: ['pubmed_qa', 'ehr_sql', 'shc_bmt_med', 'race_based_med', 'n2c2_ct_matching', 'medhallu'],
  },
  {
    name: 'administration_and_workflow',
    displayName: 'Administration and Workflow',
    members: ['shc_gip_med', 'mimiciv_billing_code', 'shc_sequoia_med', 'shc_cdi_med', 'shc_ent_med'],
  },
];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The categories of a HELM schema: every run group that another run group lists as a subgroup and that has
 * subgroups of its own (MedHELM: `medhelm_scenarios` → five categories → benchmarks).
 * @example categoriesFromSchema(readFileSync('schema_medhelm.yaml', 'utf8'), 'schema_medhelm.yaml')[0].displayName // 'Clinical Decision Support'
 */
export function categoriesFromSchema(text: string, file: string): CategoryTable {
  let doc: unknown;
  try {
    doc = parse(text, { maxAliasCount: 100 });
  } catch (error) {
    throw schemaError(file, `not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
  const groups = isObj(doc) && Array.isArray(doc.run_groups) ? doc.run_groups.filter(isObj) : null;
  if (!groups) throw schemaError(file, 'no run_groups list');
  const byName = new Map(groups.filter((g) => typeof g.name === 'string').map((g) => [g.name as string, g]));
  const subgroupsOf = (g: Obj) =>
    Array.isArray(g.subgroups) ? g.subgroups.filter((s): s is string => typeof s === 'string') : [];
  const listed = new Set(groups.flatMap(subgroupsOf));
  const categories = [...listed]
    .map((name) => byName.get(name))
    .filter((g): g is Obj => g !== undefined && subgroupsOf(g).length > 0)
    .map((g) => ({
      name: g.name as string,
      displayName: typeof g.display_name === 'string' ? g.display_name : (g.name as string),
      members: subgroupsOf(g),
    }));
  if (categories.length === 0)
    throw schemaError(file, 'no run group lists run groups that have subgroups (no categories to group by)');
  return categories;
}

/** `--schema medhelm` (the built-in table) or a HELM schema file. */
export function loadCategories(schema: string): CategoryTable {
  if (schema === 'medhelm') return MEDHELM_CATEGORIES;
  let text: string;
  try {
    text = readFileSync(schema, 'utf8');
  } catch (error) {
    throw schemaError(schema, `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return categoriesFromSchema(text, schema);
}

function schemaError(file: string, what: string): UserError {
  return new UserError(
    'EF_SCHEMA_INVALID',
    `--schema ${file}: ${what}`,
    "Give HELM's schema_medhelm.yaml (or another HELM schema with run_groups), or --schema medhelm for the built-in table (docs/results.md#grouped-by-medhelm-category).",
  );
}

/** The HELM run-group names a leaderboard column may be listed under (`medhelm_med_qa` runs are HELM's `med_qa`). */
export function groupNamesOf(column: {
  readonly task: string | null;
  readonly scenario: string;
  readonly label: string;
}): string[] {
  const base = (s: string) => s.split(/[:,]/)[0]!;
  const names = [column.task, base(column.scenario), base(column.label)].filter((n): n is string => !!n);
  return [...new Set([...names, ...names.map((n) => n.replace(/^medhelm_/, ''))])];
}

/** Column indexes of each category present in the board, in the table's order; the rest under "Other". */
export function groupColumns(
  columns: readonly { task: string | null; scenario: string; label: string }[],
  table: CategoryTable,
): { readonly displayName: string; readonly columns: readonly number[] }[] {
  const placed = new Set<number>();
  const sections = table.map((category) => {
    const members = new Set(category.members);
    const cols = columns.flatMap((c, i) => (!placed.has(i) && groupNamesOf(c).some((n) => members.has(n)) ? [i] : []));
    cols.forEach((i) => placed.add(i));
    return { displayName: category.displayName, columns: cols };
  });
  const other = columns.flatMap((_c, i) => (placed.has(i) ? [] : [i]));
  return [...sections, { displayName: 'Other', columns: other }].filter((s) => s.columns.length > 0);
}
