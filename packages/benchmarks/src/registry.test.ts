import { describe, expect, it } from '@jest/globals';
import { benchmarkNames, buildRegistry, getBenchmark, listBenchmarks } from './registry.js';
import { pubmedQa } from './pubmed_qa/definition.js';
import { BENCHMARK_ORDER } from '@eval-factory/testkit';

const NAMES = BENCHMARK_ORDER;

describe('benchmark registry', () => {
  it('lists the benchmarks in registration order', async () => {
    expect(benchmarkNames()).toEqual(NAMES);
    expect((await listBenchmarks()).map((b) => b.name)).toEqual(NAMES);
  });

  it('finds a benchmark by its YAML name', async () => {
    expect((await getBenchmark('head_qa')).name).toBe('head_qa');
  });

  it('rejects an unknown name with EF_UNKNOWN_BENCHMARK listing the known names', async () => {
    await expect(getBenchmark('pubmedqa')).rejects.toMatchObject({
      code: 'EF_UNKNOWN_BENCHMARK',
      message: expect.stringContaining('pubmedqa'),
      hint: expect.stringContaining('pubmed_qa, head_qa, medbullets'),
    });
  });

  it('refuses a duplicate name', () => {
    const load = async () => pubmedQa;
    expect(() =>
      buildRegistry([
        { name: 'pubmed_qa', load },
        { name: 'pubmed_qa', load },
      ]),
    ).toThrow('Duplicate benchmark name in the registry: pubmed_qa');
  });

  it('gives every definition a main metric, a source and a load function', async () => {
    for (const b of await listBenchmarks()) {
      const reported = b.metrics
        .flatMap((f) => f.metrics)
        .filter((m) => m.report)
        .map((m) => m.name);
      expect(reported).toContain(b.main_metric);
      expect(b.source.url).toMatch(/^https:\/\//);
      expect(typeof b.load).toBe('function');
    }
  });
});
