/**
 * A suite summarises each job as it ends from what its run wrote (`rememberRun`), not by parsing the two YAML files
 * back: what it keeps must be what parsing them gives, edge values included, and it stands only while the files do.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { cleanupTempDirs, makeTempDir } from '@eval-factory/testkit';
import { RUN_FILES } from '@eval-factory/types';
import { binaryInstances, writeRun } from '../fixtures/write-run.js';
import { readRun, rememberRun } from './read-run.js';

afterAll(cleanupTempDirs);

/** As @eval-factory/outputs' dumpYaml writes a run's files (that package is not a dependency of this one). */
const dumpYaml = (value: unknown, sorted: boolean) =>
  stringify(value, (_k: unknown, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), {
    sortMapEntries: sorted,
    lineWidth: 0,
    minContentWidth: 0,
    aliasDuplicateObjects: false,
  });

/** A fixture run's documents with the values YAML and a plain copy would disagree on. */
async function documentsWithEdges() {
  const dir = writeRun(join((await makeTempDir('ef-remember-')).path, 'm', 'pubmed_qa'), {
    task: 'pubmed_qa',
    model: 'org/m',
    main: 'exact_match',
    instances: binaryInstances('exact_match', [1, 0, 1]),
  });
  const read = (name: string) => parse(readFileSync(join(dir, name), 'utf8')) as Record<string, any>;
  const evaluation = read(RUN_FILES.evaluationConfig);
  const results = read(RUN_FILES.resultsYml);
  evaluation.metrics.push(
    { name: 'not_finite', value: Number.NaN, stats: { count: Number.POSITIVE_INFINITY } },
    { name: 'negative_zero', value: -0, stats: { count: 2, sum: undefined }, main: undefined },
    { name: 'rounding', value: 0.1 + 0.2, stats: { count: 3 }, range: [undefined, 1] },
  );
  evaluation.run.ended_at = new Date(Date.UTC(2026, 0, 2));
  evaluation.warnings = [{ code: 'EF_X', message: 'yes' }, undefined];
  results.results.tasks.pubmed_qa.metrics.rounding = { scores: { mean: { value: 0.1 + 0.2 } } };
  results.results.tasks.pubmed_qa.metrics.negative_zero = { scores: { mean: { value: -0 } } };
  writeFileSync(join(dir, RUN_FILES.evaluationConfig), dumpYaml(evaluation, false));
  writeFileSync(join(dir, RUN_FILES.resultsYml), dumpYaml(results, true));
  return { dir, evaluation, results };
}

describe('rememberRun', () => {
  it('keeps what parsing the files gives, and readRun returns it while the files stay as they are', async () => {
    const { dir, evaluation, results } = await documentsWithEdges();
    const parsed = readRun(dir);
    const remembered = rememberRun(dir, { evaluation, results });
    expect(remembered).toEqual(parsed);
    expect(remembered.metrics.find((m) => m.name === 'negative_zero')?.value).toBe(-0);
    expect(readRun(dir)).toBe(remembered);
  });

  it('is not served once a file changes: the run is read again', async () => {
    const { dir, evaluation, results } = await documentsWithEdges();
    const remembered = rememberRun(dir, { evaluation, results });
    writeFileSync(join(dir, RUN_FILES.evaluationConfig), dumpYaml({ ...evaluation, status: 'partial' }, false));
    const again = readRun(dir);
    expect(again).not.toBe(remembered);
    expect(again.state).toBe('partial');
  });

  it('a run without results.yml takes its values from evaluation_config.yaml, as when read', async () => {
    const { dir, evaluation } = await documentsWithEdges();
    const { rmSync } = await import('node:fs');
    rmSync(join(dir, RUN_FILES.resultsYml));
    const parsed = readRun(dir);
    expect(rememberRun(dir, { evaluation, results: null })).toEqual(parsed);
  });
});
