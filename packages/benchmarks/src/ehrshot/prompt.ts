/**
 * EHRSHOT prompt: the adapter spec and the scenario text the loader builds for every label (docs/benchmarks/ehrshot.md).
 * All sentences are the project's own wording of what HELM's `ehrshot_scenario.py` / `medhelm_run_specs.py` (L275)
 * ask. Structural literals are HELM's and exact: the `# Instructions` / `# Your Task` headings, the
 * `Clinical Definition: `, `Medical Code Definition: `, `Instruction: ` and `Patient EHR:` labels, the `- <code>`
 * lines and every newline; so are the facts (task names, specialist, thresholds, phenotype codes).
 */
import type { PromptSpec } from '@eval-factory/types';
import { YES_NO_PROMPT } from '../shared/yes-no-prompt.js';
import { phenotypeCodeList } from './phenotype-codes.js';
import type { NewTask } from './phenotype-codes.js';
import { LAB_THRESHOLDS, TASK_NAMES, TASK_ROLES, taskKind } from './tasks.js';
import type { EhrshotTask } from './tasks.js';

/** MCQ joint, one token; the empty-string input noun is HELM's (prefix ": "), docs/architecture.md */
export const ehrshotPrompt: PromptSpec = YES_NO_PROMPT;

/** Short clinical definitions for the `new_*` tasks (HELM includes one only for these). */
const CLINICAL_DEFINITIONS: Readonly<Record<NewTask, string>> = {
  new_acutemi:
    'An acute myocardial infarction (heart attack) happens when a blocked coronary artery starves part of the heart muscle of blood and the tissue dies. ' +
    'Typical complaints are chest pain spreading to the left arm, shoulder or jaw, breathlessness, nausea and sweating; women and older adults may instead report fatigue, neck pain or hardly any symptoms. ' +
    'Coronary artery disease, high blood pressure, smoking, diabetes and obesity raise the risk. The diagnosis rests on ECG changes and raised troponin; ' +
    'care aims to reopen the artery quickly (PCI or thrombolysis), followed by lifestyle change and long-term drugs such as aspirin and statins.',
  new_celiac:
    'Celiac disease is a lifelong autoimmune condition of the small intestine set off by gluten, the protein in wheat, barley and rye. ' +
    "It can cause chronic diarrhea and malabsorption, symptoms outside the gut, or none at all, and it often accompanies other autoimmune conditions such as type 1 diabetes or Hashimoto's thyroiditis. " +
    'It is confirmed with blood antibody tests, small-bowel biopsy and genetic testing, and managed with a strict gluten-free diet for life.',
  new_hyperlipidemia:
    'Hyperlipidemia means abnormally raised blood levels of lipids or lipoproteins, such as cholesterol, triglycerides and phospholipids. ' +
    'It may be inherited (primary) or caused by another condition such as diabetes (secondary). ' +
    'It is a modifiable cardiovascular risk factor, can predispose to acute pancreatitis, is found by laboratory lipid measurements, and usually needs long-term medication.',
  new_hypertension:
    'Hypertension is a chronic condition in which arterial blood pressure stays high, with resting readings of 130/80 mmHg or more. ' +
    'It raises the risk of stroke, coronary artery disease, heart failure, atrial fibrillation and chronic kidney disease. ' +
    'Most cases (90-95%) are primary, linked to lifestyle and genetics; the rest are secondary to causes such as kidney or endocrine disease. ' +
    'In an EHR, look at blood pressure readings, risk factors such as obesity, a salty diet and smoking, and related conditions or medications.',
  new_lupus:
    "Systemic lupus erythematosus (SLE) is an autoimmune disease in which the immune system attacks the body's own tissues, inflaming many organs. " +
    'Common features are painful swollen joints, fever, chest pain, hair loss, mouth ulcers, enlarged lymph nodes, tiredness and a rash on the face. ' +
    'The diagnosis combines clinical findings with laboratory tests, above all anti-nuclear antibodies. Genetics, female hormones, sunlight, smoking, low vitamin D and some infections add risk. ' +
    'It cannot be cured; NSAIDs, corticosteroids, immunosuppressants, hydroxychloroquine and methotrexate control it, and it raises cardiovascular risk and complicates pregnancy.',
  new_pancan:
    'Pancreatic cancer, most often pancreatic adenocarcinoma, starts in the pancreas and is usually found late. ' +
    'Warning signs include abdominal pain, jaundice and weight loss, on a background of smoking, obesity, diabetes or inherited conditions (smoking accounts for about a quarter of cases, inherited genes for 5-10%). ' +
    'It is investigated with imaging, blood tests and biopsy, and over half of patients are older than 70. Less aggressive neuroendocrine tumors also arise in the pancreas. ' +
    'Surgery, radiotherapy and chemotherapy are used depending on stage, but the outlook, especially for advanced adenocarcinoma, is poor.',
};

const GUO_QUESTIONS = {
  guo_los:
    'If this patient were admitted to the hospital now, would the stay probably last at least 7 days (one week)?',
  guo_readmission:
    'If this patient were discharged from the hospital now, would they probably be readmitted within 30 days?',
  guo_icu:
    'If this patient were admitted to the hospital now, would they probably be moved to the ICU at some point during that admission?',
} as const;

/** The yes/no question of the task. */
export function taskQuestion(task: EhrshotTask): string {
  if (task in GUO_QUESTIONS) return GUO_QUESTIONS[task as keyof typeof GUO_QUESTIONS];
  const name = TASK_NAMES[task];
  if (taskKind(task) === 'new')
    return `Will this patient probably be diagnosed with ${name} for the first time during the next year?`;
  const threshold = LAB_THRESHOLDS[task as keyof typeof LAB_THRESHOLDS];
  return `If a lab test for ${name} were ordered for this patient now, would the result probably be abnormal (i.e. ${threshold})?`;
}

/** The instruction paragraphs, each followed by a blank line (HELM pads each with "\n" and joins with "\n"). */
export function instructionBlock(task: EhrshotTask): string {
  const name = TASK_NAMES[task].toLowerCase();
  const items = [
    `You are a highly experienced ${TASK_ROLES[task].toLowerCase()} at Stanford Healthcare, the academic medical center affiliated with Stanford University, and your specialty is predicting ${name}.`,
  ];
  if (taskKind(task) === 'new') {
    const newTask = task as NewTask;
    items.push(`Clinical Definition: ${CLINICAL_DEFINITIONS[newTask]}`);
    items.push(
      `Medical Code Definition: Within an electronic health record (EHR), ${name} is indicated when any one of these medical codes appears: ${phenotypeCodeList(newTask)}`,
    );
  }
  items.push(
    `Instruction: Go through the patient's EHR history and, drawing on all of the medical evidence it provides, answer this question: ${taskQuestion(task)}`,
  );
  return items.map((item) => `${item}\n`).join('\n');
}

/** Everything before the first code line; it ends with "\n", so each `- <code>` line starts a fresh line. */
export function promptHead(task: EhrshotTask): string {
  return `\n# Instructions\n${instructionBlock(task)}\n\n# Your Task\nPatient EHR:\n`;
}

/** What follows the last code line (the example template's trailing blank line). */
export const PROMPT_TAIL = '\n\n';

/** One line of the patient timeline; a missing code prints as Python's `None`, as HELM's f-string would. */
export function codeLine(code: string | null): string {
  return `- ${code ?? 'None'}`;
}

/**
 * The full scenario text for a timeline (codes with time ≤ prediction time, in time order).
 * @example ehrshotInputText('guo_los', ['Visit/IP']).endsWith('Patient EHR:\n- Visit/IP\n\n') // true
 */
export function ehrshotInputText(task: EhrshotTask, codes: readonly (string | null)[]): string {
  return promptHead(task) + codes.map(codeLine).join('\n') + PROMPT_TAIL;
}
