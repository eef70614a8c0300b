import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanupTempDirs, makeTempDir } from '@eval-factory/testkit';
import { collectRuns, pickRun } from './collect.js';
import { findRunDirs, isRunDir } from './find-runs.js';
import { readInstanceValues, valuesInOrder } from './instance-values.js';
import { missingReason, readRun, scenarioOf } from './read-run.js';

afterAll(cleanupTempDirs);

/** A run folder written by hand, in the shapes of docs/configuration.md (trimmed to what is read). */
const EVALUATION_CONFIG = `schema_version: 1
status: partial
task: ehr_sql
framework: helm
run:
  run_entry: ehr_sql:model=org/model-x
  run_name: ehr_sql:model=org_model-x
  started_at: 2025-01-01T00:00:00Z
  ended_at: 2025-01-01T00:05:00Z
model: {model_id: org/model-x, url: "http://127.0.0.1:9/v1", type: chat}
helm_compatible: false
counts:
  requests: {total: 3, succeeded: 2, failed: 1, retried: 0, cached: 0}
  instances: {evaluated: 3, scored: 2, failed: 1, unscored: 0}
metrics:
  - name: ehr_sql_execution_accuracy
    value: 0.5
    stats: {count: 2, sum: 1, sum_squared: 1, min: 0, max: 1, mean: 0.5, variance: 0.25, stddev: 0.5, stderr: 0.5}
    main: true
    helm_compatible: true
    lower_is_better: false
    description: Execution accuracy.
  - name: ehr_sql_precision_answerable
    value: 1
    stats: {sum: 1, count: 1}
    main: false
    helm_compatible: true
    lower_is_better: false
    description: Precision on answerable questions.
warnings:
  - {code: EF_INSTANCES_FAILED, message: "1 of 3 instances failed (see results.jsonl for each reason)"}
errors: []
`;
const RESULTS_YML = `results:
  groups: {}
  tasks:
    ehr_sql:
      metrics:
        ehr_sql_execution_accuracy:
          scores:
            mean:
              stats: {count: 2, max: 1, mean: 0.5, min: 0, stddev: 0.5, stderr: 0.5, sum: 1, sum_squared: 1, variance: 0.25}
              value: 0.5
        ehr_sql_precision_answerable:
          scores:
            mean:
              stats: {count: 1, sum: 1}
              value: 1
`;
const RESULTS_JSONL = [
  '{"instance_id":"q1","train_trial_index":0,"status":"ok","prediction":"SELECT 1","metrics":{"ehr_sql_execution_accuracy":1,"ehr_sql_correct_answerable":1,"ehr_sql_predicted_answerable":1}}',
  '{"instance_id":"q2","train_trial_index":0,"status":"failed","reason":"server_error: HTTP 500","prediction":null,"metrics":{}}',
  '{"instance_id":"q3","train_trial_index":0,"status":"ok","prediction":"SELECT 2","metrics":{"ehr_sql_execution_accuracy":0}}',
  '',
].join('\n');

async function handWrittenRun(): Promise<string> {
  const dir = join((await makeTempDir('ef-runs-')).path, 'out');
  mkdirSync(dir);
  writeFileSync(join(dir, 'evaluation_config.yaml'), EVALUATION_CONFIG);
  writeFileSync(join(dir, 'results.yml'), RESULTS_YML);
  writeFileSync(join(dir, 'results.jsonl'), RESULTS_JSONL);
  return dir;
}

describe('readRun', () => {
  it('reads state, model, scenario, counts and metrics (ratio metrics recognised)', async () => {
    const run = readRun(await handWrittenRun());
    expect(run).toMatchObject({
      state: 'partial',
      task: 'ehr_sql',
      scenario: 'ehr_sql',
      model: 'org/model-x',
      helmCompatible: false,
      endedAt: '2025-01-01T00:05:00Z',
      problems: [],
    });
    expect(run.counts).toEqual({ evaluated: 3, scored: 2, failed: 1, unscored: 0 });
    expect(run.metrics).toEqual([
      {
        name: 'ehr_sql_execution_accuracy',
        value: 0.5,
        count: 2,
        main: true,
        lowerIsBetter: false,
        helmCompatible: true,
        ratio: false,
        range: null,
      },
      {
        name: 'ehr_sql_precision_answerable',
        value: 1,
        count: 1,
        main: false,
        lowerIsBetter: false,
        helmCompatible: true,
        ratio: true,
        range: null,
      },
    ]);
  });

  it('damaged YAML is EF_RUN_UNREADABLE; collectRuns lists it instead of stopping', async () => {
    const dir = await handWrittenRun();
    writeFileSync(join(dir, 'results.yml'), 'results: [unclosed\n');
    expect(() => readRun(dir)).toThrow(expect.objectContaining({ code: 'EF_RUN_UNREADABLE' }));
    const { runs, unreadable } = collectRuns([dir]);
    expect(runs).toEqual([]);
    expect(unreadable[0].message).toContain('results.yml is not valid YAML');
  });

  it('scenarioOf drops only the model arguments (model, model_deployment)', () => {
    expect(scenarioOf('head_qa:language=en,category=None,model=a_b', 'head_qa')).toBe(
      'head_qa:language=en,category=None',
    );
    expect(scenarioOf('pubmed_qa:model=a_b', 'pubmed_qa')).toBe('pubmed_qa');
    expect(scenarioOf('med_dialog,subset=x:model=a_b,model_deployment=c_d', 'med_dialog')).toBe('med_dialog,subset=x');
    expect(scenarioOf(null, 'pubmed_qa')).toBe('pubmed_qa');
  });

  it('missingReason names the first recorded error when nothing more specific is known', async () => {
    const run = {
      ...readRun(await handWrittenRun()),
      state: 'error' as const,
      errors: [{ code: 'EF_ENGINE_FAILED', message: 'engine exited 1' }],
    };
    expect(missingReason(run, 'exact_match')).toBe('error: EF_ENGINE_FAILED: engine exited 1');
    expect(missingReason({ ...run, errors: [] }, 'exact_match')).toBe('metric exact_match not reported by this run');
  });
});

describe('readInstanceValues', () => {
  it('streams results.jsonl: ids in order, statuses, per-metric values', async () => {
    const iv = await readInstanceValues(join(await handWrittenRun(), 'results.jsonl'));
    expect(iv.ids).toEqual(['q1', 'q2', 'q3']);
    expect(iv.statuses).toEqual({ ok: 2, failed: 1, unscored: 0 });
    expect(valuesInOrder(iv, 'ehr_sql_execution_accuracy')).toEqual([1, 0]);
    expect(valuesInOrder(iv, 'absent')).toEqual([]);
  });

  it('averages an instance over its trials and keeps only the metrics asked for', async () => {
    const file = join((await makeTempDir('ef-runs-')).path, 'results.jsonl');
    writeFileSync(
      file,
      ['a', 'b', 'a', 'b']
        .map((id, t) =>
          JSON.stringify({
            instance_id: id,
            train_trial_index: t < 2 ? 0 : 1,
            status: 'ok',
            metrics: { m: t, other: 1 },
          }),
        )
        .join('\n'),
    );
    const iv = await readInstanceValues(file, new Set(['m']));
    expect(valuesInOrder(iv, 'm')).toEqual([1, 2]);
    expect([...iv.values.keys()]).toEqual(['m']);
  });

  it('a line that is not JSON is EF_RUN_UNREADABLE naming the line', async () => {
    const file = join((await makeTempDir('ef-runs-')).path, 'results.jsonl');
    writeFileSync(file, '{"instance_id":"a","metrics":{}}\n{"instance_id":\n');
    await expect(readInstanceValues(file)).rejects.toThrow(
      expect.objectContaining({ code: 'EF_RUN_UNREADABLE', message: `${file}:2 is not a JSON line` }),
    );
  });
});

describe('findRunDirs', () => {
  it('finds runs at any depth, not inside a run, skipping lone run_config.yml files', async () => {
    const root = (await makeTempDir('ef-find-')).path;
    for (const d of ['x/run1', 'x/run1/runs/inner', 'y/z/run2', '.hidden/run3']) {
      mkdirSync(join(root, d), { recursive: true });
      writeFileSync(join(root, d, 'evaluation_config.yaml'), 'status: success\n');
    }
    mkdirSync(join(root, 'started', 'logs'), { recursive: true });
    writeFileSync(join(root, 'started', 'run_config.yml'), 'config: {}\n');
    writeFileSync(join(root, 'run_config.yml'), 'config: {}\n');
    expect(findRunDirs([root, join(root, 'x')]).map((d) => d.slice(root.length + 1))).toEqual([
      '.hidden/run3',
      'started',
      'x/run1',
      'y/z/run2',
    ]);
    expect(isRunDir(root)).toBe(false);
  });

  it('27.5 a run under a hidden folder (a model folder `._ckpt-1000` of an older suite) is found, not skipped', async () => {
    const root = (await makeTempDir('ef-find-')).path;
    for (const d of ['suite/._ckpt-1000/pubmed_qa', 'suite/org_a/pubmed_qa', '.run']) {
      mkdirSync(join(root, d), { recursive: true });
      writeFileSync(join(root, d, 'evaluation_config.yaml'), 'status: success\n');
    }
    // A hidden folder is searched two levels deep only (a model folder and its runs): .git or .cache stay cheap.
    mkdirSync(join(root, '.cache', 'a', 'b', 'run'), { recursive: true });
    writeFileSync(join(root, '.cache', 'a', 'b', 'run', 'evaluation_config.yaml'), 'status: success\n');
    expect(findRunDirs([root]).map((d) => d.slice(root.length + 1))).toEqual([
      '.run',
      'suite/._ckpt-1000/pubmed_qa',
      'suite/org_a/pubmed_qa',
    ]);
  });

  it('a missing path and a tree without runs are coded errors', async () => {
    const root = (await makeTempDir('ef-find-')).path;
    expect(() => findRunDirs([join(root, 'nope')])).toThrow(
      expect.objectContaining({ code: 'EF_RUNS_PATH_NOT_FOUND' }),
    );
    expect(() => findRunDirs([root])).toThrow(expect.objectContaining({ code: 'EF_NO_RUNS' }));
  });
});

describe('pickRun', () => {
  it('prefers finished runs, then the latest', async () => {
    const base = readRun(await handWrittenRun());
    const older = { ...base, dir: '/o', endedAt: '2025-01-01T00:00:00Z' };
    const newer = { ...base, dir: '/n', endedAt: '2025-02-01T00:00:00Z' };
    const unfinished = { ...base, dir: '/u', state: 'incomplete' as const, endedAt: null };
    expect(pickRun([older, unfinished, newer]).dir).toBe('/n');
    expect(pickRun([unfinished, { ...older, state: 'error' as const }]).dir).toBe('/o');
  });
});

describe("readRun: a metric's declared range", () => {
  it('is read from evaluation_config.yaml when it is two finite numbers, lowest first; anything else is null', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'ef-range-'));
    const metric = (name: string, range: unknown) => ({
      name,
      value: 3,
      stats: { count: 2, mean: 3 },
      main: name === 'a',
      range,
    });
    writeFileSync(
      join(dir, 'evaluation_config.yaml'),
      JSON.stringify({
        status: 'success',
        task: 't',
        run: {},
        model: {},
        metrics: [metric('a', [1, 5]), metric('b', [5, 1]), metric('c', 'x')],
      }),
    );
    const run = readRun(dir);
    expect(run.metrics.map((m) => m.range)).toEqual([[1, 5], null, null]);
  });
});
