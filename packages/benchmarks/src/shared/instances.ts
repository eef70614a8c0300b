import { CORRECT_TAG, type Instance, type Reference } from '@eval-factory/types';

/** An instance before its id is known (HELM numbers instances after the scenario returns them). */
export type UnnumberedInstance = Omit<Instance, 'id'>;

/**
 * References in option order; those for which `isCorrect(index)` holds carry the `correct` tag. Identical option
 * lists with the same answer (yes/no/maybe for every PubMedQA question, yes/no for EHRSHOT) share one frozen list:
 * a run holds its instances for its whole length, and a million copies of the same three references were a third
 * of a large run's memory. Lists of unique options (most MCQ) are made fresh once SHARED_LISTS are known.
 * @example optionReferences(['yes', 'no'], (i) => i === 1) // [{output:{text:'yes'},tags:[]}, {output:{text:'no'},tags:['correct']}]
 */
export function optionReferences(texts: readonly string[], isCorrect: (index: number) => boolean): Reference[] {
  const correct = texts.map((_, i) => isCorrect(i));
  // The same option array again (PubMedQA passes one constant for every question): found by identity and answer,
  // without serialising the options once per instance (a fifth of loading a million questions).
  const answer = correct.map((c) => (c ? '1' : '0')).join('');
  const same = byTexts.get(texts)?.get(answer);
  if (same) return same;
  const key = JSON.stringify([texts, correct]); // unambiguous whatever the option texts hold
  const known = sharedLists.get(key);
  if (known) return remember(texts, answer, known);
  const references = texts.map((text, i) => ({ output: { text }, tags: correct[i] ? [CORRECT_TAG] : [] }));
  if (sharedLists.size >= SHARED_LISTS) return references;
  const frozen = Object.freeze(
    references.map((r) => Object.freeze({ output: Object.freeze(r.output), tags: Object.freeze(r.tags) })),
  ) as unknown as Reference[];
  sharedLists.set(key, frozen);
  return remember(texts, answer, frozen);
}

/** A shared list, found next time by its option array's identity (held weakly: a fresh array per call is let go). */
function remember(texts: readonly string[], answer: string, list: Reference[]): Reference[] {
  let answers = byTexts.get(texts);
  if (!answers) byTexts.set(texts, (answers = new Map()));
  answers.set(answer, list);
  return list;
}

const SHARED_LISTS = 256;
const sharedLists = new Map<string, Reference[]>();
const byTexts = new WeakMap<readonly string[], Map<string, Reference[]>>();

/**
 * Assigns HELM's ids `id0, id1, …` over all instances in load order (docs/architecture.md).
 * @example numberInstances([a, b]).map((x) => x.id) // ['id0', 'id1']
 */
export function numberInstances(instances: readonly UnnumberedInstance[]): Instance[] {
  return instances.map((instance, i) => ({ id: `id${i}`, ...instance }));
}

/**
 * HELM's instance set followed by a corrected set that runs beside it (ids `c-id0, c-id1, …`, variant `corrected`),
 * each numbered from 0: the layout of benchmarks whose `_corrected` metric needs instances HELM loses.
 * @example withCorrectedSet([a], [a, b]).map((x) => x.id) // ['id0', 'c-id0', 'c-id1']
 */
export function withCorrectedSet(
  helm: readonly UnnumberedInstance[],
  corrected: readonly UnnumberedInstance[],
): Instance[] {
  const correctedInstances = numberInstances(corrected).map((i) => ({
    ...i,
    id: `c-${i.id}`,
    variant: 'corrected' as const,
  }));
  return [...numberInstances(helm), ...correctedInstances];
}
