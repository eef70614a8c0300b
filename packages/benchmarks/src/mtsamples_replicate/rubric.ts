/**
 * The jury rubric (docs/configuration.md#judges): the project's own text with HELM's structure — the case, the model's
 * answer and the clinician's reference in tagged sections, three criteria scored 1–5 with a short explanation, and
 * a JSON-only reply. The engine replaces the three `{{…}}` placeholders literally, in one pass. HELM's exact template
 * (`mtsamples_replicate_annotator.py` L7–66 in stanford-crfm/helm) can be supplied through `extra.prompt_texts`.
 */
import { RUBRIC_REPLY_FORMAT } from '../shared/jury-rubric.js';

export const MTSAMPLES_REPLICATE_RUBRIC = `You are a medical expert. An AI model was given information about a patient and asked for a treatment plan. Judge the plan it proposed against the patient information and against a reference plan written by a clinician.

<patient_information>
{{QUESTION}}
</patient_information>

<response>
{{RESPONSE}}
</response>

<gold_response>
{{GOLD_RESPONSE}}
</gold_response>

Score the response on each criterion with an integer from 1 (very poor) to 5 (excellent), and give a brief explanation for each score:
- accuracy: the advice is medically correct and consistent with established clinical guidelines;
- completeness: the plan covers all the important elements of the patient's care;
- clarity: a clinician can easily understand the plan and act on it.

${RUBRIC_REPLY_FORMAT}`;
