/**
 * The MedAlign jury rubric (docs/configuration.md#judges): the project's own text in HELM's structure — the clinician's
 * request with the EHR, the model's response and the clinician's reference in tagged sections, accuracy /
 * completeness / clarity scored 1–5 with a short explanation, a JSON-only reply. HELM's exact template
 * (`medalign_annotator.py` L7–65 in stanford-crfm/helm) can be supplied through `extra.prompt_texts`.
 */
import { RUBRIC_REPLY_FORMAT } from '../shared/jury-rubric.js';

export const MEDALIGN_RUBRIC = `You are a medical expert. A clinician gave an AI model an instruction about a patient's electronic health record (EHR). Judge the model's response against the request and against a reference response written by a clinician.

<user_request>
{{QUESTION}}
</user_request>

<response>
{{RESPONSE}}
</response>

<gold_response>
{{GOLD_RESPONSE}}
</gold_response>

Score the response on each criterion with an integer from 1 (very poor) to 5 (excellent), and give a brief explanation for each score:
- accuracy: the response is medically correct, consistent with the EHR and with established clinical guidelines;
- completeness: the response addresses every important part of the instruction;
- clarity: a clinician can easily understand the response and act on it.

${RUBRIC_REPLY_FORMAT}`;
