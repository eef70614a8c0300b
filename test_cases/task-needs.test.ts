/**
 * What a benchmark needs before it runs is declared by the benchmark (its jury, its `requires`) and, for the
 * factory's early checks, by framework.yml (a judge roster, `requires`): the factory may not import benchmark code.
 * This test ties the two, so neither can change alone.
 */
import { describe, expect, it } from '@jest/globals';
import { listBenchmarks } from '@eval-factory/benchmarks';
import { loadFramework, needsFrom } from '@eval-factory/config';

const needs = needsFrom([loadFramework()]);
const definitions = await listBenchmarks();

describe('framework.yml and the benchmark definitions agree on what each benchmark needs', () => {
  it.each(definitions.map((d) => [d.name, d] as const))('%s', (_name, definition) => {
    expect(needs(definition.name)).toEqual({
      requires: definition.requires ?? [],
      judged: definition.jury !== undefined,
    });
  });

  it('covers every framework.yml task with a benchmark definition', () => {
    const names = new Set(definitions.map((d) => d.name));
    expect(
      loadFramework()
        .evaluations.filter((t) => t.available && !t.internal && !names.has(t.type))
        .map((t) => t.type),
    ).toEqual([]);
  });
});
