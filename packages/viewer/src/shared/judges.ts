/**
 * Judge verdicts of one instance, from its results.jsonl annotations (a jury annotation keeps each judge's raw
 * reply) and its responses/judges.jsonl lines (which also say why a reply could not be parsed). Read tolerantly:
 * the viewer shows whatever is there and never decides a score itself.
 */
import type { CriterionView, JudgeView } from './api-types.js';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : v === undefined || v === null ? null : JSON.stringify(v);

/** The JSON object in a judge reply: from the first `{` to the last `}`, once more with a `}` appended. */
export function replyObject(reply: string): Record<string, unknown> | null {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  const body = start >= 0 && end > start ? reply.slice(start, end + 1) : reply;
  for (const text of [body, `${body}}`]) {
    try {
      const value: unknown = JSON.parse(text);
      return isObject(value) ? value : null;
    } catch {
      // try the next form
    }
  }
  return null;
}

/** Every key whose value is an object with a `score`: the rubric criteria of a judge reply. */
export function criteriaOf(value: unknown): CriterionView[] {
  if (!isObject(value)) return [];
  return Object.entries(value)
    .filter(([, v]) => isObject(v) && 'score' in v)
    .map(([name, v]) => {
      const c = v as Record<string, unknown>;
      return { name, score: str(c.score) ?? '', explanation: str(c.explanation) ?? '' };
    });
}

function fromJury(annotator: string, annotation: Record<string, unknown>): JudgeView[] {
  if (annotation.prompt_text === null && !isObject(annotation.judges)) {
    return [
      { annotator, judge: '—', ok: false, reply: null, criteria: [], error: 'empty model output: no judge was called' },
    ];
  }
  if (!isObject(annotation.judges)) return [];
  return Object.entries(annotation.judges).map(([judge, call]) => {
    const c = isObject(call) ? call : {};
    const reply = typeof c.reply === 'string' ? c.reply : null;
    if (c.ok === true && reply !== null)
      return { annotator, judge, ok: true, reply, criteria: criteriaOf(replyObject(reply)), error: null };
    return {
      annotator,
      judge,
      ok: false,
      reply,
      criteria: [],
      error: [str(c.error_kind), str(c.message)].filter(Boolean).join(': ') || 'no reply',
    };
  });
}

function fromLine(line: Record<string, unknown>): JudgeView {
  const result = isObject(line.result) ? line.result : {};
  const completions = Array.isArray(result.completions) ? result.completions : [];
  const first: unknown = completions[0];
  const reply = isObject(first) && typeof first.text === 'string' ? first.text : null;
  const parseError = str(line.parse_error);
  const callError =
    result.success === false ? [str(result.error_kind), str(result.error)].filter(Boolean).join(': ') : null;
  const criteria = criteriaOf(line.parsed).length
    ? criteriaOf(line.parsed)
    : reply
      ? criteriaOf(replyObject(reply))
      : [];
  return {
    annotator: 'judges.jsonl',
    judge: str(line.judge) ?? '?',
    ok: !callError && !parseError,
    reply,
    criteria,
    error: callError || (parseError ? `parse failure: ${parseError}` : null),
  };
}

/**
 * The judge views of one instance: one per judge of each jury annotation, with the judges.jsonl line's parse
 * error attached when there is one; judges.jsonl lines without a matching annotation are shown on their own.
 */
export function judgeViews(
  annotations: Readonly<Record<string, unknown>> | null,
  lines: readonly Record<string, unknown>[],
): JudgeView[] {
  const fromAnnotations = Object.entries(annotations ?? {})
    .filter(([, v]) => isObject(v) && ('judges' in v || 'prompt_text' in v))
    .flatMap(([name, v]) => fromJury(name, v as Record<string, unknown>));
  const fromLines = lines.map(fromLine);
  const merged = fromAnnotations.map((view) => {
    const line = fromLines.find((l) => l.judge === view.judge);
    if (!line) return view;
    return {
      ...view,
      ok: view.ok && line.ok,
      criteria: line.criteria.length ? line.criteria : view.criteria,
      error: view.error ?? line.error,
    };
  });
  const unmatched = fromLines.filter((l) => !fromAnnotations.some((a) => a.judge === l.judge));
  return [...merged, ...unmatched];
}
