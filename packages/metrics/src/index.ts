export { PY_WHITESPACE, pyStrip, pyLstrip, pyRstrip, pySplit, pyTitle } from './python-text.js';
export { titleCaseOf } from './title-case.js';
export { ASCII_PUNCTUATION, normalizeText } from './normalize.js';
export {
  exactMatch,
  quasiExactMatch,
  prefixExactMatch,
  quasiPrefixExactMatch,
  exactMatchFamily,
} from './exact-match.js';
export {
  emptyStat,
  addValue,
  mergeStats,
  statFromValues,
  StatAccumulator,
  summaryStats,
  meanOverTrials,
  percentile,
} from './stats.js';
export { parseJudgeReply, juryFamily, HELM_JURY_DEFAULT_SCORE, pyInt, pyIntOfString } from './jury/index.js';
export type { JudgeReplyMode, JudgeReplyParse, JuryFamilyOptions } from './jury/index.js';
export { rougeFamily, rougeScores, rougeTokenize } from './rouge.js';
export { porterStem } from './porter-stemmer.js';
export { NumpyLegacyRandom, pandasSamplePositions } from './numpy-random.js';
export {
  firstNumber,
  labelAccuracyFamily,
  labelOf,
  numericCorrect,
  numericMatchFamily,
  regexMatchFamily,
} from './task-match.js';
export type { NumericGold } from './task-match.js';
