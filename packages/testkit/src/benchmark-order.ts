/**
 * The built-in benchmarks in the order the registry, framework.yml and `eval-factory ls` list them: the first
 * thirteen as built, then the rest of MedHELM (docs/benchmarks.md) in the order they were added. Tests pin that
 * order against this one list.
 */
export const BENCHMARK_ORDER: readonly string[] = [
  'pubmed_qa',
  'head_qa',
  'medbullets',
  'medcalc_bench',
  'medec',
  'ehr_sql',
  'race_based_med',
  'medhallu',
  'mtsamples_replicate',
  'ehrshot',
  'clear',
  'medalign',
  'n2c2_ct_matching',
  'medhelm_med_qa',
  'medication_qa',
  'medi_qa',
  'aci_bench',
  'mtsamples_procedures',
  'med_dialog',
  'medhelm_med_mcqa',
  'mimic_rrs',
  'mimic_bhc',
  'mimiciv_billing_code',
  'dischargeme',
];

/** NVIDIA's helm-harness names for one benchmark's variants, listed after that benchmark, and what each runs. */
export const TASK_VARIANTS: Readonly<Record<string, { readonly benchmark: string; readonly subset: string }>> = {
  med_dialog_healthcaremagic: { benchmark: 'med_dialog', subset: 'healthcaremagic' },
  med_dialog_icliniq: { benchmark: 'med_dialog', subset: 'icliniq' },
};

/** framework.yml's tasks (and `eval-factory ls`) in order: each benchmark, then its variants' task names. */
export const TASK_ORDER: readonly string[] = BENCHMARK_ORDER.flatMap((b) => [
  b,
  ...Object.keys(TASK_VARIANTS).filter((t) => TASK_VARIANTS[t]!.benchmark === b),
]);
