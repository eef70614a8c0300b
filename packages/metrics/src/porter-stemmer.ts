/**
 * NLTK's `PorterStemmer()` in its default `NLTK_EXTENSIONS` mode (nltk/stem/porter.py, NLTK 3.x), the stemmer
 * Google's rouge-score uses with `use_stemmer=True`, so HELM's ROUGE numbers need exactly this variant.
 *
 * Why not the `stemmer` npm package: it implements Martin Porter's reference JavaScript version, which differs from
 * NLTK's mode on a few rules (step 1c turns any `y` after a vowel into `i`: "days" → "dai", NLTK keeps "day"; no
 * irregular-forms table: "dying"; no special `-ies`/`-ied` handling of 4-letter words: "aged"/"ages"; no `fulli`
 * rule and an `alli` rule applied later: "carefully"; `logi` measured without the `l`: "biology"). On the 17,424
 * distinct tokens longer than three characters of the MTSamples reports it disagrees with NLTK on 182.
 */

const IRREGULAR_FORMS: Readonly<Record<string, string>> = {
  sky: 'sky',
  skies: 'sky',
  dying: 'die',
  lying: 'lie',
  tying: 'tie',
  news: 'news',
  innings: 'inning',
  inning: 'inning',
  outings: 'outing',
  outing: 'outing',
  cannings: 'canning',
  canning: 'canning',
  howe: 'howe',
  proceed: 'proceed',
  exceed: 'exceed',
  succeed: 'succeed',
};

type Condition = ((stem: string) => boolean) | null;
/** `[suffix, replacement, condition]`; the suffix `*d` means "ends with a double consonant". */
type Rule = readonly [string, string, Condition];

function isConsonant(word: string, i: number): boolean {
  const ch = word[i];
  if (ch === 'a' || ch === 'e' || ch === 'i' || ch === 'o' || ch === 'u') return false;
  if (ch === 'y') return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** Porter's m: the number of vowel→consonant transitions. */
function measure(stem: string): number {
  let m = 0;
  for (let i = 1; i < stem.length; i++) if (!isConsonant(stem, i - 1) && isConsonant(stem, i)) m++;
  return m;
}

const positiveMeasure = (stem: string): boolean => measure(stem) > 0;
const measureAboveOne = (stem: string): boolean => measure(stem) > 1;

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** Condition *o, with NLTK's extension for two-letter stems (vowel + consonant). */
function endsCvc(word: string): boolean {
  const n = word.length;
  const classic =
    n >= 3 &&
    isConsonant(word, n - 3) &&
    !isConsonant(word, n - 2) &&
    isConsonant(word, n - 1) &&
    !'wxy'.includes(word[n - 1]!);
  return classic || (n === 2 && !isConsonant(word, 0) && isConsonant(word, 1));
}

/** The first rule whose suffix matches decides: applied if its condition holds, otherwise the word is kept. */
function applyRules(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === '*d' && endsDoubleConsonant(word)) {
      const stem = word.slice(0, -2);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

function step1a(word: string): string {
  if (word.endsWith('ies') && word.length === 4) return `${word.slice(0, -3)}ie`;
  return applyRules(word, [
    ['sses', 'ss', null],
    ['ies', 'i', null],
    ['ss', 'ss', null],
    ['s', '', null],
  ]);
}

function step1b(word: string): string {
  if (word.endsWith('ied')) return word.slice(0, -3) + (word.length === 4 ? 'ie' : 'i');
  if (word.endsWith('eed')) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? `${stem}ee` : word;
  }
  let stem: string | null = null;
  for (const suffix of ['ed', 'ing']) {
    if (word.endsWith(suffix) && containsVowel(word.slice(0, -suffix.length))) {
      stem = word.slice(0, -suffix.length);
      break;
    }
  }
  if (stem === null) return word;
  const last = stem[stem.length - 1]!;
  return applyRules(stem, [
    ['at', 'ate', null],
    ['bl', 'ble', null],
    ['iz', 'ize', null],
    ['*d', last, () => !'lsz'.includes(last)],
    ['', 'e', (s) => measure(s) === 1 && endsCvc(s)],
  ]);
}

function step1c(word: string): string {
  return applyRules(word, [['y', 'i', (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]]);
}

const STEP2_RULES: readonly Rule[] = [
  ['ational', 'ate', positiveMeasure],
  ['tional', 'tion', positiveMeasure],
  ['enci', 'ence', positiveMeasure],
  ['anci', 'ance', positiveMeasure],
  ['izer', 'ize', positiveMeasure],
  ['bli', 'ble', positiveMeasure],
  ['alli', 'al', positiveMeasure],
  ['entli', 'ent', positiveMeasure],
  ['eli', 'e', positiveMeasure],
  ['ousli', 'ous', positiveMeasure],
  ['ization', 'ize', positiveMeasure],
  ['ation', 'ate', positiveMeasure],
  ['ator', 'ate', positiveMeasure],
  ['alism', 'al', positiveMeasure],
  ['iveness', 'ive', positiveMeasure],
  ['fulness', 'ful', positiveMeasure],
  ['ousness', 'ous', positiveMeasure],
  ['aliti', 'al', positiveMeasure],
  ['iviti', 'ive', positiveMeasure],
  ['biliti', 'ble', positiveMeasure],
  ['fulli', 'ful', positiveMeasure],
];

function step2(word: string): string {
  // NLTK applies ALLI → AL first and runs the result through step 2 again.
  if (word.endsWith('alli') && positiveMeasure(word.slice(0, -4))) return step2(`${word.slice(0, -4)}al`);
  // The `l` of `logi` stays with the stem when measuring, so short stems like "geo" and "theo" qualify.
  return applyRules(word, [...STEP2_RULES, ['logi', 'log', () => positiveMeasure(word.slice(0, -3))]]);
}

const STEP3_RULES: readonly Rule[] = [
  ['icate', 'ic', positiveMeasure],
  ['ative', '', positiveMeasure],
  ['alize', 'al', positiveMeasure],
  ['iciti', 'ic', positiveMeasure],
  ['ical', 'ic', positiveMeasure],
  ['ful', '', positiveMeasure],
  ['ness', '', positiveMeasure],
];

const STEP4_RULES: readonly Rule[] = [
  ...['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent'].map(
    (s): Rule => [s, '', measureAboveOne],
  ),
  ['ion', '', (stem) => measure(stem) > 1 && (stem.endsWith('s') || stem.endsWith('t'))],
  ...['ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'].map((s): Rule => [s, '', measureAboveOne]),
];

function step5a(word: string): string {
  if (!word.endsWith('e')) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : word;
}

function step5b(word: string): string {
  return applyRules(word, [['ll', 'l', () => measure(word.slice(0, -1)) > 1]]);
}

/**
 * Stems one word like NLTK's `PorterStemmer().stem(word)` (lower-cases first).
 * @example porterStem('days') // 'day'
 * @example porterStem('generalizations') // 'gener'
 */
export function porterStem(word: string): string {
  const lower = word.toLowerCase();
  // NLTK looks the word up before lower-casing it, then returns the entry of the lower-cased form.
  if (Object.hasOwn(IRREGULAR_FORMS, word)) return IRREGULAR_FORMS[lower]!;
  if (word.length <= 2) return lower;
  let stem = step1a(lower);
  stem = step1b(stem);
  stem = step1c(stem);
  stem = step2(stem);
  stem = applyRules(stem, STEP3_RULES);
  stem = applyRules(stem, STEP4_RULES);
  stem = step5a(stem);
  return step5b(stem);
}
