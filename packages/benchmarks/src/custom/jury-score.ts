/**
 * `jury_score`: HELM's `LLMJuryMetric` as MedHELM's configurable benchmark uses it (default score 0.0), read from
 * the raw judge replies the engine's jury annotator stores (`JuryAnnotation`, docs/configuration.md#judges), plus
 * `jury_score_corrected`, which never turns a failed judgement into a score.
 *
 * HELM (helm/benchmark/annotation/model_as_judge.py `LLMAsJuryAnnotator`, metrics/llm_jury_metrics.py): a reply is
 * cut from its first `{` to its last `}`, parsed as JSON (retried once with a `}` appended), and kept only when
 * every rubric criterion and each of its sub-keys is present; the metric then collects `int(value["score"])` over
 * every top-level value of every kept reply and averages them; with none, the instance scores 0.0.
 */
import type { JuryAnnotation, MetricFamily, MetricInput } from '@eval-factory/types';
import { pyInt } from '@eval-factory/metrics';
import type { RubricSpec } from './spec.js';

type Parsed = { readonly ok: true; readonly object: Record<string, unknown> } | { readonly ok: false };

/** HELM's reply parsing and structural validation; `ok: false` = HELM drops this judge's annotation. */
export function parseJuryReply(reply: string, rubric: Pick<RubricSpec, 'criteria' | 'subkeys'>): Parsed {
  const first = reply.indexOf('{');
  const last = reply.lastIndexOf('}');
  const text = first >= 0 && last > first ? reply.slice(first, last + 1) : reply;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      value = JSON.parse(`${text}}`);
    } catch {
      return { ok: false };
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false };
  const object = value as Record<string, unknown>;
  for (const criterion of rubric.criteria) {
    const entry = object[criterion];
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return { ok: false };
    for (const subkey of rubric.subkeys[criterion] ?? ['score']) if (!(subkey in entry)) return { ok: false };
  }
  return { ok: true, object };
}

/** Python's `int(x)` for what JSON can hold (metrics' `pyInt`, which the engine's judge parsing uses too). */
export const pythonInt = pyInt;

/** HELM-mode scores of one kept reply: every top-level value's `score`; null if any is unreadable. */
function helmScores(object: Record<string, unknown>): number[] | null {
  const scores: number[] = [];
  for (const value of Object.values(object)) {
    const score =
      value !== null && typeof value === 'object' ? pythonInt((value as Record<string, unknown>).score) : null;
    if (score === null) return null;
    scores.push(score);
  }
  return scores;
}

/** Corrected-mode scores: only the rubric's criteria, integer-valued numbers or integer strings. */
function correctedScores(object: Record<string, unknown>, criteria: readonly string[]): number[] {
  const scores: number[] = [];
  for (const criterion of criteria) {
    const raw = (object[criterion] as Record<string, unknown>).score;
    if (typeof raw === 'number' && Number.isInteger(raw)) scores.push(raw);
    else if (typeof raw === 'string' && /^\s*[+-]?\d+\s*$/.test(raw)) scores.push(Number(raw.trim()));
  }
  return scores;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Per-instance values from a jury annotation. HELM: mean of all kept scores, else 0.0. Corrected: mean of the
 * valid criterion scores; an empty answer scores 0 (the bottom of MedHELM's 0–5 scale); no valid score = no value.
 */
export function juryValues(
  annotation: JuryAnnotation,
  rubric: Pick<RubricSpec, 'criteria' | 'subkeys'>,
): Record<string, number> {
  if (annotation.prompt_text === null) return { jury_score: 0, jury_score_corrected: 0 };
  const helm: number[] = [];
  const corrected: number[] = [];
  for (const call of Object.values(annotation.judges)) {
    if (!call?.ok) continue;
    const parsed = parseJuryReply(call.reply, rubric);
    if (!parsed.ok) continue;
    helm.push(...(helmScores(parsed.object) ?? []));
    corrected.push(...correctedScores(parsed.object, rubric.criteria));
  }
  return {
    jury_score: helm.length > 0 ? mean(helm) : 0,
    ...(corrected.length > 0 ? { jury_score_corrected: mean(corrected) } : {}),
  };
}

/** The family reading `annotations[annotator]`; an instance the jury did not annotate gets no value. */
export function juryScoreFamily(annotator: string, rubric: RubricSpec): MetricFamily {
  return {
    name: 'jury_score',
    metrics: [
      {
        name: 'jury_score',
        description:
          'Mean of every judge × criterion rubric score (HELM LLMJuryMetric: a judgement that fails to parse is dropped; 0.0 when none is left).',
        helm_compatible: true,
        report: true,
      },
      {
        name: 'jury_score_corrected',
        description:
          'Mean of the valid judge × criterion scores; an answer no judge scored is left unscored instead of 0.',
        helm_compatible: false,
        corrects: 'jury_score',
        report: true,
      },
    ],
    compute({ annotations }: MetricInput) {
      const annotation = annotations?.[annotator] as JuryAnnotation | undefined;
      if (!annotation || typeof annotation !== 'object') return {};
      return juryValues({ ...annotation, judges: annotation.judges ?? {} }, rubric);
    },
  };
}
