import type { PromptSpec } from '@eval-factory/types';
import { medhelmMedQaPrompt } from '../medhelm_med_qa/prompt.js';

/** HELM's MedMCQA adaptation is identical to MedQA's (docs/benchmarks/medhelm_med_mcqa.md; `medhelm_run_specs.py` L407–428). */
export const medhelmMedMcqaPrompt: PromptSpec = medhelmMedQaPrompt;
