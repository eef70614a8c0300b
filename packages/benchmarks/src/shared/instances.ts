import { CORRECT_TAG } from '@eval-factory/types';
import type { Instance, Reference } from '@eval-factory/types';

/** An instance before its id is known (HELM numbers instances after the scenario returns them). */
export type UnnumberedInstance = Omit<Instance, 'id'>;

/**
 * References in option order; those for which `isCorrect(index)` holds carry the `correct` tag.
 * @example optionReferences(['yes', 'no'], (i) => i === 1) // [{output:{text:'yes'},tags:[]}, {output:{text:'no'},tags:['correct']}]
 */
export function optionReferences(texts: readonly string[], isCorrect: (index: number) => boolean): Reference[] {
  return texts.map((text, i) => ({ output: { text }, tags: isCorrect(i) ? [CORRECT_TAG] : [] }));
}

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
