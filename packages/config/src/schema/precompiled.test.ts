/**
 * The precompiled (ajv standalone) validators that `npm run build` generates with scripts/build-validators.mjs:
 * every generated file is what the generator makes from today's schemas and ajv (a schema edited without a build
 * fails here), and the precompiled functions give the same verdicts and the same error objects (with `parentSchema`,
 * which flattenError reads) as the same schemas compiled by ajv at run time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
// @ts-expect-error: a plain .mjs script without type declarations
import { AJV_OPTIONS, REPO_ROOT, TARGETS, generateSource } from '../../../../scripts/build-validators.mjs';
import { mergedEvaluation } from '../test-support.js';
import type { SchemaKind } from './validate.js';

interface Target {
  readonly pkg: string;
  readonly out: string;
  readonly schemas: readonly string[];
  readonly exports: Readonly<Record<string, string>>;
}
const targets = TARGETS as readonly Target[];
const generate = generateSource as (target: Target, options?: { readSchema?: (file: string) => object }) => string;
const readJson = (file: string): any => JSON.parse(readFileSync(file, 'utf8'));
const configTarget = targets.find((t) => t.pkg === 'packages/config')!;

/** The target's exports compiled by ajv at run time, as validate.ts and read-definition.ts used to. */
function runtimeValidators(target: Target): Record<string, ValidateFunction> {
  const ajv = new Ajv({ ...AJV_OPTIONS });
  const ids = new Map<string, string>();
  for (const path of target.schemas) {
    const schema = readJson(join(REPO_ROOT, target.pkg, path));
    ids.set(path.split('/').pop()!, schema.$id);
    ajv.addSchema(schema);
  }
  return Object.fromEntries(
    Object.entries(target.exports).map(([name, ref]) => {
      const [file, pointer] = ref.split('#');
      return [name, ajv.getSchema(pointer === undefined ? ids.get(file!)! : `${ids.get(file!)}#${pointer}`)!];
    }),
  );
}

async function precompiledValidators(target: Target): Promise<Record<string, ValidateFunction>> {
  return (await import(join(REPO_ROOT, target.pkg, target.out))) as Record<string, ValidateFunction>;
}

/** Verdict and errors of one validator on one document. */
function outcome(validate: ValidateFunction, doc: unknown): { valid: boolean; errors: ErrorObject[] } {
  const valid = validate(doc) as boolean;
  return { valid, errors: valid ? [] : [...(validate.errors ?? [])] };
}

describe('generated validators are up to date', () => {
  it.each(
    targets.map((t) => [`${t.pkg}/${t.out}`, t] as const),
  )("%s is what the generator makes from today's schemas", (file, target) => {
    const onDisk = readFileSync(join(REPO_ROOT, file), 'utf8');
    // Compared as a flag: a 90 kB diff says nothing more than "run npm run build".
    expect({ file, stale: onDisk !== generate(target) }).toEqual({ file, stale: false });
  });

  it('the generated code follows the schemas (an edited schema changes it)', () => {
    const edited = generate(configTarget, {
      readSchema: (file) => {
        const schema = readJson(file);
        if (!file.endsWith('framework.schema.json')) return schema;
        return { ...schema, properties: { ...schema.properties, precompile_probe: { type: 'string' } } };
      },
    });
    expect(edited).not.toBe(generate(configTarget));
    expect(edited).toContain('precompile_probe');
    expect(readFileSync(join(REPO_ROOT, configTarget.pkg, configTarget.out), 'utf8')).not.toContain('precompile_probe');
  });

  it('compiles with the options validation has always used', () => {
    expect(AJV_OPTIONS).toEqual({
      allErrors: true,
      verbose: true,
      strict: true,
      allowUnionTypes: true,
      strictRequired: false,
    });
  });

  it('covers every SchemaKind', () => {
    const kinds: Record<SchemaKind, true> = { runConfig: true, evaluation: true, framework: true };
    expect(Object.keys(configTarget.exports).sort()).toEqual(Object.keys(kinds).sort());
  });
});

describe('precompiled and run-time-compiled validators agree', () => {
  const evaluation = (mutate: (v: any) => void = () => {}) => {
    const v: any = mergedEvaluation(
      { limit_samples: 10, parallelism: 1, extra: { subject: null, anything: 'open' } },
      { adapter_config: { free: 1 } },
    );
    mutate(v);
    return v;
  };
  const framework = (mutate: (v: any) => void = () => {}) => {
    const v: any = parse(readFileSync(join(REPO_ROOT, 'framework.yml'), 'utf8'));
    mutate(v);
    return v;
  };

  const table: [SchemaKind, string, unknown][] = [
    ['evaluation', 'valid', evaluation()],
    [
      'evaluation',
      'unknown params key',
      evaluation((v) => {
        v.config.params.limit_sample = 5;
      }),
    ],
    [
      'evaluation',
      'several errors',
      evaluation((v) => {
        v.config.params.parallelism = 0;
        v.config.params.top_p = 'x';
        v.targets = {};
      }),
    ],
    [
      'evaluation',
      'missing keys',
      evaluation((v) => {
        delete v.command;
        delete v.config.output_dir;
        delete v.target.api_endpoint;
      }),
    ],
    [
      'evaluation',
      'metadata',
      evaluation((v) => {
        v.metadata = {};
      }),
    ],
    [
      'evaluation',
      'judge via $ref',
      evaluation((v) => {
        v.config.params.extra.judges = { gpt: { provider: 'x', max_tokens: 0 } };
      }),
    ],
    [
      'evaluation',
      'duplicate endpoint types',
      evaluation((v) => {
        v.config.supported_endpoint_types = ['chat', 'chat', 'chatty'];
      }),
    ],
    [
      'evaluation',
      'empty strings (minLength)',
      evaluation((v) => {
        v.config.type = '';
        v.target.api_endpoint.model_id = '';
      }),
    ],
    ['evaluation', 'not an object', ['config']],
    ['runConfig', 'partial with metadata', { config: { type: 'x' }, metadata: { versioning: { a: 1 } } }],
    [
      'runConfig',
      'null metadata, wrong types',
      { metadata: null, config: { params: { max_retries: 1.5, temperature: -1 } } },
    ],
    [
      'runConfig',
      'unknown keys at depth',
      { config: { params: { extra: { report_corrected: 'yes' } } }, target: { api_endpoint: { modelid: 'x' } } },
    ],
    ['runConfig', 'null', null],
    ['framework', 'framework.yml', framework()],
    [
      'framework',
      'bad name pattern',
      framework((v) => {
        v.framework.name = 'has space';
      }),
    ],
    [
      'framework',
      'missing and unknown keys',
      framework((v) => {
        delete v.defaults.command;
        v.framework.extra = 1;
        v.evaluations[0].defaults = {};
      }),
    ],
    [
      'framework',
      'wrong types in the list',
      framework((v) => {
        v.evaluations[1].internal = 'no';
        v.evaluations[2].defaults.config.type = 'a b';
      }),
    ],
  ];

  it('the table has valid and invalid documents of every kind', () => {
    const runtime = runtimeValidators(configTarget);
    for (const kind of ['evaluation', 'runConfig', 'framework'] as const) {
      const verdicts = table.filter(([k]) => k === kind).map(([, , doc]) => runtime[kind]!(doc));
      expect(verdicts).toContain(true);
      expect(verdicts).toContain(false);
    }
  });

  it.each(table)('%s: %s', async (kind, _name, doc) => {
    const precompiled = (await precompiledValidators(configTarget))[kind]!;
    const runtime = runtimeValidators(configTarget)[kind]!;
    const expected = outcome(runtime, doc);
    expect(outcome(precompiled, doc)).toEqual(expected);
    // verbose: every error carries its schema and parent schema (flattenError lists parentSchema.properties).
    for (const error of outcome(precompiled, doc).errors) expect(error.parentSchema).toEqual(expect.any(Object));
  });

  it.each(
    targets.map((t) => [t.pkg, t] as const),
  )('%s: every export agrees on documents of the wrong shape', async (_pkg, target) => {
    const precompiled = await precompiledValidators(target);
    const runtime = runtimeValidators(target);
    expect(Object.keys(precompiled).sort()).toEqual(Object.keys(target.exports).sort());
    for (const name of Object.keys(target.exports)) {
      for (const doc of [null, 'x', [], {}, { name: 1, description: [], unknown_key: true }]) {
        expect(outcome(precompiled[name]!, doc)).toEqual(outcome(runtime[name]!, doc));
      }
    }
  });
});
