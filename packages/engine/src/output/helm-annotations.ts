import { parseJudgeReply } from '@eval-factory/metrics';
import type { BenchmarkDefinition } from '@eval-factory/types';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The request state's `annotations` as HELM's own MedHELM runs hold them, for helm-server to show: under the
 * annotator's HELM name, which is the scenario's (`mtsamples_replicate`; HELM's LLMJuryMetric reads
 * `annotations[scenario_name]`), the judge prompt (`prompt_text`) and each judge's verdict as HELM's
 * LLMAsJuryAnnotator keeps it (`gpt: {accuracy: {score, explanation}, …}`); a judge whose reply HELM would not
 * accept is absent, as there. Other annotators keep their own entries.
 */
export function helmAnnotations(annotations: Readonly<Obj>, benchmark: BenchmarkDefinition): Obj {
  const jury = benchmark.jury;
  if (jury === undefined || !isObj(annotations[jury.annotator])) return { ...annotations };
  const { [jury.annotator]: ours, ...rest } = annotations;
  const { prompt_text, judges } = ours as Obj;
  const verdicts: Obj = { prompt_text: prompt_text ?? null };
  for (const [role, call] of Object.entries(isObj(judges) ? judges : {})) {
    const reply = isObj(call) && call.ok === true && typeof call.reply === 'string' ? call.reply : null;
    const verdict = reply === null ? null : criteriaOf(reply);
    if (verdict !== null && parseJudgeReply(reply!, jury.criteria, 'helm').ok) verdicts[role] = verdict;
  }
  return { ...rest, [benchmark.name]: verdicts };
}

/** The reply's JSON object (HELM takes the outermost braces of the reply). */
function criteriaOf(reply: string): Obj | null {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(reply.slice(start, end + 1));
    return isObj(value) ? value : null;
  } catch {
    return null;
  }
}
