import type { BenchmarkDefinition } from '@eval-factory/types';
import { exactMatchFamily } from '@eval-factory/metrics';
import { HEAD_QA_CATEGORIES, HEAD_QA_LANGUAGES, loadHeadQa } from './load.js';
import { headQaPrompt } from './prompt.js';

/** HEAD-QA: Spanish healthcare specialisation exams (English translation by default), text-only questions. */
export const headQa: BenchmarkDefinition = {
  name: 'head_qa',
  description:
    'HEAD-QA: four-option questions from Spanish healthcare specialisation exams (biology, chemistry, medicine, nursing, pharmacology, psychology).',
  // Declaration order matters: it forms the run name `head_qa:language=en,category=None`.
  args: [
    {
      name: 'language',
      default: 'en',
      values: HEAD_QA_LANGUAGES,
      description: 'Dataset language: en (English translation) or es (original Spanish).',
    },
    {
      name: 'category',
      default: null,
      values: HEAD_QA_CATEGORIES,
      description: 'Keep only questions of this exam category (default: all).',
    },
  ],
  prompt: headQaPrompt,
  metrics: [exactMatchFamily],
  main_metric: 'exact_match',
  source: {
    url: 'https://huggingface.co/datasets/dvilares/head_qa',
    revision: null,
    license: 'MIT (plus the Spanish Ministry of Health re-use conditions)',
  },
  load: (ctx) => loadHeadQa(ctx),
};
