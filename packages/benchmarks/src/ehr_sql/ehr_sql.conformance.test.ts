import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import type { Instance, LoadedData } from '@eval-factory/types';
import { realDataDir, realDataPresent } from '../shared/conformance-support.js';
import { recordingContext, tempDir } from '../shared/test-support.js';
import { createEhrSqlAnnotator } from './annotator.js';
import type { EhrSqlAnnotation } from './annotator.js';
import { ehrSql } from './definition.js';
import { ehrSqlFamily } from './metric.js';
import { annotatorContext, fakeRequest } from './test-support.js';

const run = realDataPresent('ehr_sql') ? it : it.skip;

async function loadReal(): Promise<{ loaded: LoadedData; warnings: unknown[]; logs: string[] }> {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: realDataDir('ehr_sql') });
  return { loaded: await ehrSql.load(ctx), warnings: ctx.warnings, logs: ctx.logs };
}

type Answer = (instance: Instance) => string;

/** Annotates every instance with the model's answer (gold and predicted SQL run on the real demo database). */
async function annotateAll(loaded: LoadedData, answer: Answer): Promise<EhrSqlAnnotation[]> {
  const annotator = createEhrSqlAnnotator();
  const ctx = annotatorContext(loaded.resources ?? {});
  const out: EhrSqlAnnotation[] = [];
  for (const instance of loaded.instances) {
    out.push(
      (await annotator.annotate(
        { instance, request: fakeRequest(instance), completions: [answer(instance)] },
        ctx,
      )) as unknown as EhrSqlAnnotation,
    );
  }
  return out;
}

/** Per-instance metric values and the mean of one metric over the instances that have it. */
function score(loaded: LoadedData, annotations: readonly EhrSqlAnnotation[], answer: Answer) {
  const values = loaded.instances.map((instance, i) =>
    ehrSqlFamily.compute({
      instance,
      request: fakeRequest(instance),
      completions: [answer(instance)],
      annotations: { ehr_sql_execution: annotations[i] },
    }),
  );
  const mean = (name: string) =>
    values.reduce((s, v) => s + (v[name] ?? 0), 0) / values.filter((v) => name in v).length;
  return { values, mean };
}

const alwaysEmpty: Answer = () => '';
/** A perfect SQL generator that abstains exactly on the unanswerable questions. */
const perfect: Answer = (x) => (x.extra_data?.is_impossible === true ? '' : x.references[0].output.text);

function census(instances: readonly Instance[], annotations: readonly EhrSqlAnnotation[]): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (key: string) => void (counts[key] = (counts[key] ?? 0) + 1);
  annotations.forEach((a, i) => {
    if (instances[i].extra_data?.is_impossible === true) return add('unanswerable');
    if (a.ground_truth_fallback) return add(a.ground_truth_error === null ? 'fallback_empty' : 'fallback_error');
    if (a.ground_truth_result.length === 0) return add(a.ground_truth_error === null ? 'empty' : 'error_no_values');
    const key = JSON.stringify(a.ground_truth_result);
    add(key === '[[0]]' ? 'zero' : key === '[[null]]' ? 'null' : 'substantive');
  });
  return counts;
}

describe('ehr_sql on the real EHRSQL eICU files and demo database (docs/benchmarks/ehr_sql.md)', () => {
  run(
    'loads 2,909 eval instances (950 unanswerable) numbered from id9270, with the 3,211-character schema',
    async () => {
      const { loaded, warnings, logs } = await loadReal();
      expect(warnings).toEqual([]);
      expect(logs.some((m) => m.includes('no train.json'))).toBe(true);
      const { instances } = loaded;
      expect(instances).toHaveLength(2909);
      expect(instances.filter((x) => x.extra_data?.is_impossible === true)).toHaveLength(950);
      expect(instances.filter((x) => x.references[0].output.text === 'null')).toHaveLength(950);
      expect([instances[0].id, instances[2908].id]).toEqual(['id9270', 'id12178']);
      expect(new Set(instances.map((x) => x.split))).toEqual(new Set(['test']));
      const schema = instances[0].input.text.slice(
        '-- Database Schema:\n'.length,
        instances[0].input.text.indexOf('\n\n--                     Question:\n'),
      );
      expect(schema).toHaveLength(3211);
      expect(schema.match(/^CREATE TABLE/gm)).toHaveLength(10);
      expect(loaded.data.files.map((f) => f.sha256)).toEqual([
        'e63ce19c6a55c7a97a010dabbd0297d30666e8631b36f6f0e1aa19ddd93c70a3',
        'b511d9294b8dac50840173ab18b3e42a5f03abef88c326b5a4393e75c9c7ed8f',
        'e423f49c2e45b7a4441f83dd69c18c7b01889958f58db4130a2b280de8b9ab28',
        'a2996946babe6d5c5bbc5e19e26d16123e3dcfa8932c57a3299f91885b469266',
      ]);
      expect(loaded.resources).toEqual({
        db_path: join(realDataDir('ehr_sql'), 'eicu.sqlite'),
        current_time_literal: null,
      });
      const warfarin = instances.find((x) => x.source_id === 'e99739f1cdf689b4761876f3');
      expect(warfarin?.extra_data?.value).toEqual({ drug_name: 'warfarin sodium 2.5 mg po tabs' });
    },
  );

  run(
    'gold census on the demo database: 950 / 845 (563 [(0,)], 241 [(NULL,)], 41 other) / 166 / 940 + 8; always-empty model ≈ 0.384',
    async () => {
      const { loaded } = await loadReal();
      const annotations = await annotateAll(loaded, alwaysEmpty);
      expect(census(loaded.instances, annotations)).toEqual({
        unanswerable: 950,
        zero: 563,
        null: 241,
        substantive: 41,
        empty: 166,
        fallback_empty: 940,
        fallback_error: 8,
      });
      const { values, mean } = score(loaded, annotations, alwaysEmpty);
      expect(mean('ehr_sql_execution_accuracy')).toBeCloseTo((950 + 166) / 2909, 10);
      expect(values.filter((v) => !('ehr_sql_execution_accuracy_corrected' in v))).toHaveLength(8);
      expect(mean('ehr_sql_execution_accuracy_corrected')).toBeCloseTo(950 / 2901, 10);
      expect(mean('ehr_sql_total_ground_truth_answerable')).toBeCloseTo(1959 / 2909, 10);
      const warfarin = loaded.instances.findIndex((x) => x.source_id === 'e99739f1cdf689b4761876f3');
      expect(annotations[warfarin].ground_truth_result).toEqual(['warfarin sodium 2.5 mg po tabs']);
    },
    300_000,
  );

  run(
    'a perfect generator that abstains on unanswerables: HELM ≈ 0.617 (warfarin scores 0), corrected 1.0 on the 2,901 scored',
    async () => {
      const { loaded } = await loadReal();
      const annotations = await annotateAll(loaded, perfect);
      const { values, mean } = score(loaded, annotations, perfect);
      expect(mean('ehr_sql_execution_accuracy')).toBeCloseTo((950 + 845) / 2909, 10);
      expect(mean('ehr_sql_execution_accuracy_corrected')).toBe(1);
      expect(mean('ehr_sql_query_validity')).toBeCloseTo((1959 - 8) / 2909, 10); // the 8 failing gold queries
      const warfarin = loaded.instances.findIndex((x) => x.source_id === 'e99739f1cdf689b4761876f3');
      expect(values[warfarin]).toMatchObject({
        ehr_sql_execution_accuracy: 0,
        ehr_sql_execution_accuracy_corrected: 1,
        exact_match: 1,
      });
    },
    300_000,
  );
});
