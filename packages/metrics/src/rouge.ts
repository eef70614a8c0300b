/**
 * ROUGE-1, ROUGE-2 and ROUGE-L F-measures as HELM's `SummarizationMetric` computes them (docs/benchmarks.md): Google's
 * rouge-score `RougeScorer([type], use_stemmer=True)` on the stripped completion against every reference, best
 * reference wins, after removing one leading `{` and one trailing `}` from both sides.
 */
import type { MetricDescriptor, MetricFamily, MetricInput, MetricValues } from '@eval-factory/types';
import { porterStem } from './porter-stemmer.js';
import { pyStrip } from './python-text.js';

/**
 * rouge-score's tokenizer: lower-case, every run outside `[a-z0-9]` becomes a space, split, Porter-stem (NLTK) the
 * tokens longer than three characters, drop empty tokens.
 * @example rougeTokenize('The patients were Treated.') // ['the', 'patient', 'were', 'treat']
 */
export function rougeTokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .map((token) => (token.length > 3 ? porterStem(token) : token))
    .filter((token) => token !== '');
}

/** rouge-score's `scoring.fmeasure`, in Python's evaluation order so the floats are identical. */
function fmeasure(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

function ngramCounts(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = tokens.slice(i, i + n).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** ROUGE-N: clipped n-gram overlap; precision over the prediction's n-grams, recall over the reference's. */
export function rougeN(target: readonly string[], prediction: readonly string[], n: number): number {
  const targetCounts = ngramCounts(target, n);
  const predictionCounts = ngramCounts(prediction, n);
  let overlap = 0;
  for (const [gram, count] of targetCounts) overlap += Math.min(count, predictionCounts.get(gram) ?? 0);
  const targetTotal = Math.max(0, target.length - n + 1);
  const predictionTotal = Math.max(0, prediction.length - n + 1);
  return fmeasure(overlap / Math.max(predictionTotal, 1), overlap / Math.max(targetTotal, 1));
}

/** Length of the longest common subsequence (two rows of the DP table). */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      current[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/** ROUGE-L: LCS over tokens; 0 when either side has no token. */
export function rougeL(target: readonly string[], prediction: readonly string[]): number {
  if (target.length === 0 || prediction.length === 0) return 0;
  const lcs = lcsLength(target, prediction);
  return fmeasure(lcs / prediction.length, lcs / target.length);
}

/** HELM's `_remove_braces`: one leading `{` and one trailing `}`. */
export function removeBraces(text: string): string {
  const start = text.startsWith('{') ? 1 : 0;
  const end = text.length > start && text.endsWith('}') ? text.length - 1 : text.length;
  return text.slice(start, end);
}

export interface RougeValues {
  readonly rouge_1: number;
  readonly rouge_2: number;
  readonly rouge_l: number;
}

/**
 * F-measures of one prediction against one reference (no brace removal or stripping).
 * @example rougeScores('the cat sat', 'the cat ran').rouge_1 // 0.666…
 */
export function rougeScores(reference: string, prediction: string): RougeValues {
  const target = rougeTokenize(reference);
  const predicted = rougeTokenize(prediction);
  return {
    rouge_1: rougeN(target, predicted, 1),
    rouge_2: rougeN(target, predicted, 2),
    rouge_l: rougeL(target, predicted),
  };
}

const DESCRIPTORS: readonly MetricDescriptor[] = [
  {
    name: 'rouge_1',
    description: 'ROUGE-1 F-measure (unigram overlap, Porter-stemmed) against the best reference.',
    helm_compatible: true,
    report: true,
  },
  {
    name: 'rouge_2',
    description: 'ROUGE-2 F-measure (bigram overlap, Porter-stemmed) against the best reference.',
    helm_compatible: true,
    report: true,
  },
  {
    name: 'rouge_l',
    description: 'ROUGE-L F-measure (longest common token subsequence) against the best reference.',
    helm_compatible: true,
    report: true,
  },
];

/**
 * Per instance: the best F-measure over all references of the first completion. Corrected-set instances
 * (docs/benchmarks.md) feed only `_corrected` metrics, so they get no ROUGE values.
 */
function computeRouge({ instance, completions }: MetricInput): MetricValues {
  if (completions.length === 0 || instance.variant === 'corrected' || instance.references.length === 0) return {};
  const prediction = removeBraces(pyStrip(completions[0]!));
  const best = { rouge_1: 0, rouge_2: 0, rouge_l: 0 };
  for (const reference of instance.references) {
    const scores = rougeScores(removeBraces(reference.output.text), prediction);
    best.rouge_1 = Math.max(best.rouge_1, scores.rouge_1);
    best.rouge_2 = Math.max(best.rouge_2, scores.rouge_2);
    best.rouge_l = Math.max(best.rouge_l, scores.rouge_l);
  }
  return best;
}

/** `rouge_1`, `rouge_2`, `rouge_l` (HELM's summarization ROUGE). */
export const rougeFamily: MetricFamily = {
  name: 'rouge',
  metrics: DESCRIPTORS,
  compute: computeRouge,
};
