/**
 * Metrics of the custom task kinds that HELM has no equivalent for: `numeric_match`, `label_accuracy` and
 * `regex_match`. Pure functions of the completion and the instance (gold values sit in `extra_data`).
 */
import { CORRECT_TAG } from '@eval-factory/types';
import type { Instance, MetricFamily, MetricInput, MetricValues } from '@eval-factory/types';
import { normalizeText, pyStrip } from '@eval-factory/metrics';
import { compileUserPattern } from './user-regex.js';

/** What the numeric task stores per instance: a gold value (± tolerance) or a closed range. */
export interface NumericGold {
  readonly value: number | null;
  readonly lower: number | null;
  readonly upper: number | null;
}

const NUMBER = /[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?|[-+]?\.\d+(?:[eE][-+]?\d+)?/;

/**
 * The first number written in a text (thousands separators allowed), or null.
 * @example firstNumber('About 1,250.5 mL/day') // 1250.5
 */
export function firstNumber(text: string): number | null {
  const match = NUMBER.exec(text);
  if (!match) return null;
  const value = Number(match[0].replaceAll(',', ''));
  return Number.isFinite(value) ? value : null;
}

/**
 * 1 when `pred` lies in [lower, upper], or within max(tolerance, relativeTolerance·|value|) of `value`.
 * @example numericCorrect(10.4, { value: 10, lower: null, upper: null }, 0.5, 0) // 1
 */
export function numericCorrect(pred: number, gold: NumericGold, tolerance: number, relativeTolerance: number): number {
  if (gold.lower !== null || gold.upper !== null) {
    return (gold.lower === null || pred >= gold.lower) && (gold.upper === null || pred <= gold.upper) ? 1 : 0;
  }
  if (gold.value === null) return 0;
  const allowed = Math.max(tolerance, relativeTolerance * Math.abs(gold.value));
  // A tiny epsilon so that 0.1 + 0.2 style representation errors never flip a boundary case.
  return Math.abs(pred - gold.value) <= allowed + 1e-12 * Math.max(1, Math.abs(gold.value)) ? 1 : 0;
}

export function numericMatchFamily(tolerance: number, relativeTolerance: number): MetricFamily {
  return {
    name: 'numeric_match',
    metrics: [
      {
        name: 'numeric_match',
        description:
          'The first number in the answer equals the gold value within the tolerance (or lies in the gold range).',
        helm_compatible: false,
        report: true,
      },
    ],
    compute({ instance, completions }: MetricInput): MetricValues {
      if (completions.length === 0) return {};
      const gold = (instance.extra_data?.numeric ?? null) as NumericGold | null;
      const pred = firstNumber(completions[0]!);
      if (gold === null || pred === null) return { numeric_match: 0 };
      return { numeric_match: numericCorrect(pred, gold, tolerance, relativeTolerance) };
    },
  };
}

function golds(instance: Instance): string[] {
  return instance.references.filter((r) => r.tags.includes(CORRECT_TAG)).map((r) => r.output.text);
}

const EDGE_PUNCTUATION = /^[\s"'`*_([{<.,:;!?-]+|[\s"'`*_)\]}>.,:;!?-]+$/g;

/**
 * The label an answer names: the whole answer (trimmed of quotes, markdown and punctuation) if it is a label, else
 * the longest label the answer starts with as a whole word; null when it names none.
 * @example labelOf('Yes, because…', ['yes', 'no', 'maybe'], false) // 'yes'
 */
export function labelOf(answer: string, labels: readonly string[], caseSensitive: boolean): string | null {
  const fold = (s: string) => (caseSensitive ? s : s.toLowerCase());
  const text = fold(pyStrip(answer).replace(EDGE_PUNCTUATION, ''));
  let best: string | null = null;
  for (const label of labels) {
    const l = fold(label);
    const whole = text === l;
    const prefix = text.startsWith(l) && /^[^\p{L}\p{N}]/u.test(text.slice(l.length));
    if ((whole || prefix) && (best === null || label.length > best.length)) best = label;
    if (whole) return label;
  }
  return best;
}

export function labelAccuracyFamily(labels: readonly string[], caseSensitive: boolean): MetricFamily {
  return {
    name: 'label_accuracy',
    metrics: [
      {
        name: 'label_accuracy',
        description:
          'The answer names the gold label (case-insensitive unless configured; surrounding punctuation ignored).',
        helm_compatible: false,
        report: true,
      },
    ],
    compute({ instance, completions }: MetricInput): MetricValues {
      if (completions.length === 0) return {};
      const label = labelOf(completions[0]!, labels, caseSensitive);
      const fold = (s: string) => (caseSensitive ? s : s.toLowerCase());
      return { label_accuracy: label !== null && golds(instance).some((g) => fold(g) === fold(label)) ? 1 : 0 };
    },
  };
}

/** `regex_match`: the user's pattern runs on RE2 (user-regex.ts), linear in the length of the answer. */
export function regexMatchFamily(pattern: string, flags: string, group: number): MetricFamily {
  const regex = compileUserPattern(pattern, flags);
  return {
    name: 'regex_match',
    metrics: [
      {
        name: 'regex_match',
        description:
          'The text the pattern extracts from the answer equals the gold answer after normalisation (case, punctuation, articles, spaces).',
        helm_compatible: false,
        report: true,
      },
    ],
    compute({ instance, completions }: MetricInput): MetricValues {
      if (completions.length === 0) return {};
      const extracted = regex.extract(completions[0]!, group);
      if (extracted === null) return { regex_match: 0 };
      return { regex_match: golds(instance).some((g) => normalizeText(g) === normalizeText(extracted)) ? 1 : 0 };
    },
  };
}
