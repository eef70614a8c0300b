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

  // A task may run another benchmark under its own name (NVIDIA's med_dialog_icliniq runs med_dialog, subset icliniq).
  const tasks = loadFramework().evaluations.filter((t) => t.available && !t.internal);
  const benchmarkOf = (t: (typeof tasks)[number]) =>
    ((t.defaults.config as { params?: { task?: string } } | undefined)?.params?.task ?? t.type) as string;

  it('covers every framework.yml task with a benchmark definition', () => {
    const names = new Set(definitions.map((d) => d.name));
    expect(tasks.filter((t) => !names.has(benchmarkOf(t))).map((t) => t.type)).toEqual([]);
  });

  it('gives a task named apart from its benchmark the needs of that benchmark', () => {
    for (const t of tasks.filter((t) => benchmarkOf(t) !== t.type))
      expect(needs(t.type)).toEqual(needs(benchmarkOf(t)));
  });
});
