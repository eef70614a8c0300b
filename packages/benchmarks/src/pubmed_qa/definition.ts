import type { BenchmarkDefinition } from '@eval-factory/types';
import { exactMatchFamily } from '@eval-factory/metrics';
import { loadPubmedQa, PUBMED_QA_COMMIT, PUBMED_QA_URL, streamPubmedQa } from './load.js';
import { pubmedQaPrompt } from './prompt.js';

/** PubMedQA (PQA-L): yes/no/maybe questions on PubMed abstracts, all 1,000 expert-labelled entries. */
export const pubmedQa: BenchmarkDefinition = {
  name: 'pubmed_qa',
  description:
    'PubMedQA (PQA-L): answer yes, no or maybe to a research question given the abstract of a PubMed article.',
  args: [],
  prompt: pubmedQaPrompt,
  metrics: [exactMatchFamily],
  main_metric: 'exact_match',
  source: { url: PUBMED_QA_URL, revision: PUBMED_QA_COMMIT, license: 'MIT' },
  load: loadPubmedQa,
  loadStream: streamPubmedQa,
};
