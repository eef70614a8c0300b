/** HELM's `exact_match` metric family (docs/benchmarks.md). */
import {
  CORRECT_TAG,
  type MetricDescriptor,
  type MetricFamily,
  type MetricInput,
  type MetricValues,
  type PromptRequest,
} from '@eval-factory/types';
import { normalizeText } from './normalize.js';
import { pyStrip } from './python-text.js';

/** A gold or pred in the two forms the scalar metrics compare, made once per text rather than once per metric. */
interface Compared {
  readonly text: string;
  readonly stripped: string;
  readonly normalized: string;
}

function compared(text: string): Compared {
  // Short texts (options, letters, one-word answers) repeat across a run's instances: normalised once each.
  if (text.length > MAX_KEPT_LENGTH) return { text, stripped: pyStrip(text), normalized: normalizeText(text) };
  let known = KEPT.get(text);
  if (known === undefined) {
    known = Object.freeze({ text, stripped: pyStrip(text), normalized: normalizeText(text) });
    if (KEPT.size < MAX_KEPT) KEPT.set(text, known);
  }
  return known;
}

const KEPT = new Map<string, Compared>();
const MAX_KEPT = 10_000;
const MAX_KEPT_LENGTH = 64;

/** A rule over prepared texts (the empty-pred rule is applied by the caller). */
type PreparedMatch = (gold: Compared, pred: Compared) => boolean;

/**
 * The four rules, each written once: over prepared texts in the family below, and as the exported scalar functions
 * (which prepare their two texts on each call).
 */
const RULES = {
  exact: (gold: Compared, pred: Compared) => gold.stripped === pred.stripped,
  quasi: (gold: Compared, pred: Compared) => gold.normalized === pred.normalized,
  prefix: (gold: Compared, pred: Compared) => pred.stripped.startsWith(gold.stripped),
  quasiPrefix: (gold: Compared, pred: Compared) => pred.normalized.startsWith(gold.normalized),
} satisfies Record<string, PreparedMatch>;

/** A scalar metric: 1 iff the rule holds, 0 for an empty pred. */
function scalar(rule: PreparedMatch): (gold: string, pred: string) => number {
  return (gold, pred) => (pred !== '' && rule(compared(gold), compared(pred)) ? 1 : 0);
}

/**
 * 1 iff the stripped texts are equal; 0 for an empty pred.
 * @example exactMatch('33', '33 ') // 1
 */
export const exactMatch = scalar(RULES.exact);

/**
 * 1 iff the normalized texts are equal; 0 for an empty pred.
 * @example quasiExactMatch('yes', 'Yes.') // 1
 */
export const quasiExactMatch = scalar(RULES.quasi);

/**
 * 1 iff the stripped pred starts with the stripped gold; 0 for an empty pred.
 * @example prefixExactMatch('yes', 'yes, because') // 1
 */
export const prefixExactMatch = scalar(RULES.prefix);

/**
 * 1 iff the normalized pred starts with the normalized gold; 0 for an empty pred.
 * @example quasiPrefixExactMatch('Collagen', 'collagen type I') // 1
 */
export const quasiPrefixExactMatch = scalar(RULES.quasiPrefix);

const SCALAR_METRICS: readonly { name: string; matches: PreparedMatch; description: string }[] = [
  {
    name: 'exact_match',
    matches: RULES.exact,
    description: 'Answer equals the correct answer after stripping whitespace.',
  },
  {
    name: 'quasi_exact_match',
    matches: RULES.quasi,
    description: 'Answer equals the correct answer after normalization (case, punctuation, articles, spaces).',
  },
  {
    name: 'prefix_exact_match',
    matches: RULES.prefix,
    description: 'Stripped answer starts with the stripped correct answer.',
  },
  {
    name: 'quasi_prefix_exact_match',
    matches: RULES.quasiPrefix,
    description: 'Normalized answer starts with the normalized correct answer.',
  },
];

/** Suffix of HELM's multi-completion twins; 5 is the MCQ builder's `num_outputs`. */
const AT_K = '@5';
/** The twins' names, made once (not a new key string per instance and metric). */
const TWIN_NAMES: readonly string[] = SCALAR_METRICS.map((m) => m.name + AT_K);

const DESCRIPTORS: readonly MetricDescriptor[] = [
  ...SCALAR_METRICS.map((m) => ({
    name: m.name,
    description: m.description,
    helm_compatible: true,
    report: true,
    range: [0, 1] as const,
  })),
  ...SCALAR_METRICS.map((m) => ({
    name: m.name + AT_K,
    description: `Best ${m.name} over all completions (HELM-file twin, equal to ${m.name} with one completion).`,
    helm_compatible: true,
    report: false,
  })),
];

/** Stripped completion texts, mapped through the MCQ output mapping (exact, case-sensitive); unmapped → ''. */
function predictions(request: PromptRequest, completions: readonly string[]): string[] {
  const mapping = request.output_mapping;
  return completions.map((text) => {
    const pred = pyStrip(text);
    if (mapping === undefined) return pred;
    return Object.hasOwn(mapping, pred) ? mapping[pred]! : '';
  });
}

/**
 * Max over every gold and the first `predCount` preds of the metric (1 or 0, and 0 for an empty pred, as in
 * `exactMatch` & co.); 0 when either list is empty (nothing can match).
 */
function bestScore(
  matches: PreparedMatch,
  golds: readonly Compared[],
  preds: readonly Compared[],
  predCount: number,
): number {
  for (const gold of golds) {
    for (let i = 0; i < predCount && i < preds.length; i++)
      if (preds[i].text !== '' && matches(gold, preds[i])) return 1;
  }
  return 0;
}

function computeExactMatchFamily({ instance, request, completions }: MetricInput): MetricValues {
  if (completions.length === 0) return {};
  const golds = instance.references.filter((r) => r.tags.includes(CORRECT_TAG)).map((r) => compared(r.output.text));
  const preds = predictions(request, completions).map(compared);
  // HELM emits the @k twins only when the adapter asks for several outputs, i.e. the MCQ-joint builder.
  const withTwins = request.output_mapping !== undefined;
  const values: Record<string, number> = {};
  SCALAR_METRICS.forEach(({ name, matches }, i) => {
    values[name] = bestScore(matches, golds, preds, 1);
    if (withTwins) values[TWIN_NAMES[i]] = bestScore(matches, golds, preds, preds.length);
  });
  return values;
}

/** `exact_match`, `quasi_exact_match`, `prefix_exact_match`, `quasi_prefix_exact_match` and their `@5` twins. */
export const exactMatchFamily: MetricFamily = {
  name: 'exact_match',
  metrics: DESCRIPTORS,
  compute: computeExactMatchFamily,
};
