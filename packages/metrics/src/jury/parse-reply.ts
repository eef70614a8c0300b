/**
 * Reading one judge's reply (docs/configuration.md#judges). HELM's `LLMAsJuryAnnotator` takes the text from the first `{`
 * to the last `}`, parses it as JSON (retrying once with a `}` appended), checks that every criterion is an object
 * with `score` and `explanation`, and its `LLMJuryMetric` then applies `int()` to the `score` of **every**
 * top-level key. Anything HELM would crash on, or silently drop, is returned here as an explicit failure reason;
 * a failure is never a score.
 */
import { pyStrip } from '../python-text.js';
import { pyInt } from './py-int.js';

/** `helm`: HELM's reading (int() of every top-level key); `corrected`: only the criteria, integers 1–5. */
export type JudgeReplyMode = 'helm' | 'corrected';

export type JudgeReplyParse =
  | {
      readonly ok: true;
      /** criterion (and, in `helm` mode, extra top-level key) → integer score, in reply order. */
      readonly scores: Record<string, number>;
      /** `corrected` mode only: `bad_score:<criterion>` for each criterion whose score was unusable. */
      readonly invalid?: readonly string[];
    }
  | { readonly ok: false; readonly reason: string };

const REQUIRED_FIELDS = ['score', 'explanation'] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** HELM's `re.search(r"\{.*\}", text, re.DOTALL)`: first `{` to last `}`, or `null` when there is no such span. */
function braceSpan(text: string): string | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start >= 0 && end > start ? text.slice(start, end + 1) : null;
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return pythonJson(text);
  }
}

/** Python's json.loads also reads the literals `NaN`, `Infinity` and `-Infinity` (as floats). */
const PY_LITERALS: Readonly<Record<string, number>> = { NaN: Number.NaN, Infinity: Infinity, '-Infinity': -Infinity };
const SENTINEL = '\u0000py:';

/**
 * The reply as Python's JSON reader reads it: the non-standard literals outside strings become numbers (HELM keeps
 * the other scores of such a reply; a NaN score itself is then HELM's int() failure, `bad_score`).
 */
function pythonJson(text: string): { ok: true; value: unknown } | { ok: false } {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    const literal = ['-Infinity', 'Infinity', 'NaN'].find((l) => text.startsWith(l, i));
    if (literal) {
      out += JSON.stringify(SENTINEL + literal);
      i += literal.length - 1;
    } else {
      if (c === '"') inString = true;
      out += c;
    }
  }
  if (out === text) return { ok: false };
  try {
    const value: unknown = JSON.parse(out, (_key, v) =>
      typeof v === 'string' && v.startsWith(SENTINEL) ? PY_LITERALS[v.slice(SENTINEL.length)] : v,
    );
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/**
 * The JSON value of a reply. HELM retries only after Python's "Expecting ',' delimiter" (a missing closing
 * brace); retrying after any failure accepts the same replies, since appending `}` cannot repair other errors
 * into an object HELM would have refused.
 */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  const span = braceSpan(text);
  const candidate = span ?? text;
  const first = tryJson(candidate);
  if (first.ok) return first;
  const retried = tryJson(`${candidate}}`);
  if (retried.ok) return retried;
  return { ok: false, reason: span === null ? 'no_json' : 'invalid_json' };
}

/** HELM's `_validate_annotation`: every criterion present, each with `score` and `explanation`. */
function structureProblem(value: unknown, criteria: readonly string[]): string | null {
  for (const criterion of criteria) {
    if (!isPlainObject(value) || !Object.hasOwn(value, criterion)) return `missing_criterion:${criterion}`;
    const entry = value[criterion];
    for (const field of REQUIRED_FIELDS) {
      if (!isPlainObject(entry) || !Object.hasOwn(entry, field)) return `missing_field:${criterion}.${field}`;
    }
  }
  return null;
}

/**
 * HELM reading: `int(val["score"])` for every top-level value, criteria and extra keys alike. A value HELM would
 * crash on (not an object, no `score`, `null`, `"4.5"`, `"4/5"`) fails the whole reply with `bad_score:<key>`.
 */
function helmScores(value: Record<string, unknown>): JudgeReplyParse {
  const scores: Record<string, number> = {};
  for (const [key, entry] of Object.entries(value)) {
    const score = isPlainObject(entry) && Object.hasOwn(entry, 'score') ? pyInt(entry.score) : null;
    if (score === null) return { ok: false, reason: `bad_score:${key}` };
    scores[key] = score;
  }
  return { ok: true, scores };
}

/** An integer 1–5: a number with no fraction, or an integer string (surrounding whitespace allowed). */
function correctedScore(raw: unknown): number | null {
  let value: number | null = null;
  if (typeof raw === 'number' && Number.isInteger(raw)) value = raw;
  else if (typeof raw === 'string' && /^[+-]?[0-9]+$/.test(pyStrip(raw))) value = Number(pyStrip(raw));
  return value !== null && value >= 1 && value <= 5 ? value : null;
}

/** Corrected reading: the criteria only; an unusable score invalidates that criterion, not the judge. */
function correctedScores(value: Record<string, unknown>, criteria: readonly string[]): JudgeReplyParse {
  const scores: Record<string, number> = {};
  const invalid: string[] = [];
  for (const criterion of criteria) {
    const score = correctedScore((value[criterion] as Record<string, unknown>).score);
    if (score === null) invalid.push(`bad_score:${criterion}`);
    else scores[criterion] = score;
  }
  if (Object.keys(scores).length === 0) return { ok: false, reason: invalid[0] ?? 'no_criteria' };
  return invalid.length > 0 ? { ok: true, scores, invalid } : { ok: true, scores };
}

/**
 * Parses one judge reply into integer scores, or the reason it has none: `no_json`, `invalid_json`,
 * `missing_criterion:<c>`, `missing_field:<c>.<field>`, `bad_score:<c>`.
 * @example parseJudgeReply('{"accuracy": {"score": 4.7, "explanation": "ok"}}', ['accuracy'], 'helm') // {ok: true, scores: {accuracy: 4}}
 * @example parseJudgeReply('I cannot rate this.', ['accuracy'], 'corrected') // {ok: false, reason: 'no_json'}
 */
export function parseJudgeReply(text: string, criteria: readonly string[], mode: JudgeReplyMode): JudgeReplyParse {
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed;
  const problem = structureProblem(parsed.value, criteria);
  if (problem !== null) return { ok: false, reason: problem };
  if (!isPlainObject(parsed.value)) return { ok: false, reason: 'no_json' }; // only reachable without criteria
  const value = parsed.value;
  return mode === 'helm' ? helmScores(value) : correctedScores(value, criteria);
}
