/**
 * Hostile cases that one CLI call against the echo model cannot show (a live Redis paused mid-run, signals to a
 * process group, several runs and a merge): each row names the test that shows it, or the doc that says what a user
 * must know. table.test.ts checks that every row's test still exists under that name, so the table cannot go stale.
 */
export interface CaseShownElsewhere {
  readonly name: string;
  /** A test file (from the repository root) and the exact start of its test's name; or a doc and a phrase in it. */
  readonly where: { readonly test: string; readonly title: string } | { readonly doc: string; readonly says: string };
}

export const CASES_SHOWN_ELSEWHERE: readonly CaseShownElsewhere[] = [
  {
    name: '27.3 a judged benchmark with a shared cache ends, and its judge tier connects',
    where: { test: 'test_cases/redis-faults.int.test.ts', title: '27.3 a judged run with --cache ends' },
  },
  {
    name: '27.7 a shared-cache entry of another shape is a miss, never copied into cache.db',
    where: { test: 'test_cases/redis-faults.int.test.ts', title: '27.7 an entry of another shape is a miss' },
  },
  {
    name: "27.10 sharding keeps mtsamples_replicate's corrected set",
    where: { test: 'test_cases/scale-shards.int.test.ts', title: '27.10 mtsamples_replicate in 3 shards, merged' },
  },
  {
    name: '27.12 merge of a judged benchmark asks no judge and needs no judge key',
    where: { test: 'test_cases/merge-judged.int.test.ts', title: '27.12 merge answers the judges from the units' },
  },
  {
    name: '27.13 Ctrl-C to the whole process group, pressed again and again, keeps the partial results',
    where: { test: 'test_cases/interrupt-group.int.test.ts', title: '27.13 SIGINT to the whole group' },
  },
  {
    name: '27.14 a 20k-entry run-entries file parses in linear work',
    where: { test: 'packages/suite/src/run-entries.test.ts', title: '27.14 reads line numbers from one pass' },
  },
  {
    name: '27.17 a shared cache does not tell API keys apart: the docs say so and what to do',
    where: { doc: 'docs/scale.md', says: 'The API key is not part of a request' },
  },
  {
    name: '27.18 a duplicated shard folder is not a done unit',
    where: { test: 'test_cases/scale-shards.int.test.ts', title: '27.18 a unit folder copied over another shard' },
  },
  {
    name: '27.19 answers in flight at SIGTERM are kept, none re-sent by the resume',
    where: {
      test: 'test_cases/stop-keeps-answers.int.test.ts',
      title: '27.19 the answers in flight when SIGTERM came',
    },
  },
];
