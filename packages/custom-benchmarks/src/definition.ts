/**
 * A benchmark defined in a YAML file: `loadCustomBenchmark(file)` checks the definition (schema, files,
 * template syntax, metrics) synchronously and returns a BenchmarkDefinition whose `load` streams and checks the
 * data. Custom benchmarks are not registered: the engine builds one per `custom:` run entry.
 */
import { readdirSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { CUSTOM_BENCHMARK, type BenchmarkDefinition } from '@eval-factory/types';
import { benchmarkNames } from '@eval-factory/benchmarks';
import { customError } from './errors.js';
import { loadCustomData } from './load.js';
import type { LoadState } from './load.js';
import { medhelmSpec } from './medhelm.js';
import { JURY_ANNOTATOR, buildMetricFamilies } from './metric-registry.js';
import { nativeSpec } from './native.js';
import { readDefinition } from './read-definition.js';
import { fieldError } from './sources.js';
import { compileTemplate } from './template.js';

export { CUSTOM_BENCHMARK };

/**
 * Reads, checks and builds a custom benchmark from its definition file (relative paths: from the current folder).
 * Definition problems throw coded UserErrors (docs/errors.md, custom benchmarks); data problems surface from `load`.
 * @example const quiz = loadCustomBenchmark('configs/custom/clinical_quiz.yml'); await quiz.load(ctx)
 */
export function loadCustomBenchmark(file: string): BenchmarkDefinition {
  const raw = readDefinition(resolve(file));
  const spec = raw.format === 'medhelm' ? medhelmSpec(raw) : nativeSpec(raw);
  if (spec.name === CUSTOM_BENCHMARK || benchmarkNames().includes(spec.name)) {
    throw fieldError(
      raw,
      'EF_CUSTOM_SCHEMA',
      ['name'],
      `"${spec.name}" is the name of a built-in benchmark; choose another name`,
    );
  }
  const metrics = buildMetricFamilies(spec);
  const template = compileTemplate(spec.template, spec.file);
  const state: LoadState = { hasGroups: false };
  const judged = spec.metrics.includes('jury_score') && spec.rubric !== null;
  const group = spec.groupColumn ?? 'category';
  return {
    name: spec.name,
    description: spec.description,
    args: [],
    prompt: spec.prompt,
    metrics,
    main_metric: spec.mainMetric,
    ...(judged
      ? { jury: { annotator: JURY_ANNOTATOR, template: spec.rubric!.template, criteria: spec.rubric!.criteria } }
      : {}),
    // A getter: whether any row has a group is only known once the data is loaded.
    get breakdown() {
      return state.hasGroups
        ? { name: group, key: (instance: { readonly sub_split?: string }) => instance.sub_split ?? null }
        : undefined;
    },
    source: {
      url: spec.data.kind === 'url' ? spec.data.url : spec.data.path,
      revision: null,
      license: 'user-provided data',
    },
    load: (ctx) => loadCustomData(spec, template, ctx, state),
  };
}

export interface CustomBenchmarkListing {
  readonly benchmarks: readonly { readonly name: string; readonly file: string }[];
  /** Files that are not valid definitions (listed by `ef-bench list` as warnings, never fatal). */
  readonly problems: readonly { readonly file: string; readonly code: string; readonly message: string }[];
}

/**
 * The definitions in a folder (`*.yml` / `*.yaml`, not recursive, by file name): each file's `name` after the
 * schema check; data is not read.
 * @example listCustomBenchmarks('configs/custom').benchmarks.map((b) => b.name) // ['clinical_quiz', …]
 */
export function listCustomBenchmarks(dir: string): CustomBenchmarkListing {
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() && ['.yml', '.yaml'].includes(extname(e.name).toLowerCase()))
      .map((e) => e.name)
      .sort();
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UserError(
      'EF_CUSTOM_BENCHMARK_FILE',
      `Cannot list the benchmarks folder ${resolve(dir)} (${why})`,
      'Pass an existing folder of benchmark definitions (.yml/.yaml).',
    );
  }
  const benchmarks: { name: string; file: string }[] = [];
  const problems: { file: string; code: string; message: string }[] = [];
  for (const name of names) {
    const file = resolve(join(dir, name));
    try {
      const benchmark = String(readDefinition(file).value.name);
      const first = benchmarks.find((b) => b.name === benchmark);
      if (first)
        throw customError(
          'EF_CUSTOM_SCHEMA',
          file,
          `the name ${benchmark} is already used by ${first.file}`,
          'Give each definition in the folder its own name.',
        );
      benchmarks.push({ name: benchmark, file });
    } catch (error) {
      problems.push({
        file,
        code: (error as { code?: string }).code ?? 'EF_CUSTOM_SCHEMA',
        message: (error as Error).message,
      });
    }
  }
  return { benchmarks, problems };
}
