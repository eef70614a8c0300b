/**
 * The 14 EHRSHOT binary tasks MedHELM uses (docs/benchmarks/ehrshot.md), with the facts HELM's scenario attaches to each:
 * the condition or event name and the specialist the persona line speaks as (the first of HELM's `PERSONAS`).
 */

export const EHRSHOT_TASKS = [
  'guo_los',
  'guo_readmission',
  'guo_icu',
  'new_acutemi',
  'new_celiac',
  'new_hyperlipidemia',
  'new_hypertension',
  'new_lupus',
  'new_pancan',
  'lab_anemia',
  'lab_hyperkalemia',
  'lab_hypoglycemia',
  'lab_hyponatremia',
  'lab_thrombocytopenia',
] as const;

export type EhrshotTask = (typeof EHRSHOT_TASKS)[number];

/** `guo_*` (hospital operations), `new_*` (new diagnosis within a year), `lab_*` (abnormal lab result). */
export type TaskKind = 'guo' | 'new' | 'lab';

export function taskKind(task: EhrshotTask): TaskKind {
  return task.slice(0, 3) as TaskKind;
}

export function isEhrshotTask(value: unknown): value is EhrshotTask {
  return (EHRSHOT_TASKS as readonly unknown[]).includes(value);
}

/** Condition or event names (HELM's `TASK_FULL_NAMES`); the prompt uses them lower-cased. */
export const TASK_NAMES: Readonly<Record<EhrshotTask, string>> = {
  guo_los: 'Length of Stay',
  guo_readmission: '30-Day Readmission',
  guo_icu: 'ICU Transfer',
  new_acutemi: 'Acute Myocardial Infarction',
  new_celiac: 'Celiac Disease',
  new_hyperlipidemia: 'Hyperlipidemia',
  new_hypertension: 'Hypertension',
  new_lupus: 'Systemic Lupus Erythematosus',
  new_pancan: 'Pancreatic Cancer',
  lab_anemia: 'Anemia',
  lab_hyperkalemia: 'Hyperkalemia',
  lab_hypoglycemia: 'Hypoglycemia',
  lab_hyponatremia: 'Hyponatremia',
  lab_thrombocytopenia: 'Thrombocytopenia',
};

/** The specialist of the persona line (HELM uses only the first persona of each task); lower-cased in the prompt. */
export const TASK_ROLES: Readonly<Record<EhrshotTask, string>> = {
  guo_los: 'Hospitalist',
  guo_readmission: 'Hospitalist',
  guo_icu: 'Intensivist',
  new_acutemi: 'Cardiologist',
  new_celiac: 'Gastroenterologist',
  new_hyperlipidemia: 'Cardiologist',
  new_hypertension: 'Primary Care Physician',
  new_lupus: 'Rheumatologist',
  new_pancan: 'Oncologist',
  lab_anemia: 'Hematologist',
  lab_hyperkalemia: 'Nephrologist',
  lab_hypoglycemia: 'Endocrinologist',
  lab_hyponatremia: 'Nephrologist',
  lab_thrombocytopenia: 'Hematologist',
};

/** Abnormal-result thresholds of the lab tasks (facts from the EHRSHOT task definitions). */
export const LAB_THRESHOLDS: Readonly<Record<Extract<EhrshotTask, `lab_${string}`>, string>> = {
  lab_anemia: '<120 g/L',
  lab_hyperkalemia: '>5.5 mmol/L',
  lab_hypoglycemia: '<3.9 mmol/L',
  lab_hyponatremia: '<135 mmol/L',
  lab_thrombocytopenia: '<150 10^9/L',
};
