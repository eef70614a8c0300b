import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
// @ts-expect-error: a plain .mjs script without type declarations
import { checkDependencyDirection } from '../scripts/check-deps-direction.mjs';
import { fakeTrees, passesOnTheRealTree, type SourceCheck } from './source-check-support.js';
import { REPO_ROOT } from './support.js';

const check = checkDependencyDirection as SourceCheck;
const SCRIPT = join(REPO_ROOT, 'scripts/check-deps-direction.mjs');
const fakeTree = fakeTrees('ef-deps-');

const manifest = (name: string, deps: Record<string, string> = {}, devDeps: Record<string, string> = {}) => ({
  name: `@eval-factory/${name}`,
  dependencies: deps,
  devDependencies: devDeps,
});

/** A tree that obeys every rule: one more import turns it into a violation. */
const CLEAN = {
  'packages/types/package.json': manifest('types'),
  'packages/types/src/index.ts': 'export interface Instance { readonly id: string }\n',
  'packages/metrics/package.json': manifest('metrics', { '@eval-factory/types': '0.1.0' }),
  'packages/metrics/src/index.ts':
    "import type { Instance } from '@eval-factory/types';\nexport const f = (i: Instance) => i.id;\n",
  'packages/engine/package.json': manifest('engine', { '@eval-factory/metrics': '0.1.0', openai: '^6' }),
  'packages/engine/src/clients/client.ts': "import OpenAI from 'openai';\nexport const c = OpenAI;\n",
  'packages/engine/src/index.ts':
    "export { f } from '@eval-factory/metrics';\n// import x from '@eval-factory/cli'; (a comment is not an import)\n",
  'packages/outputs/package.json': {
    ...manifest('outputs', { '@eval-factory/types': '0.1.0' }, { '@eval-factory/testkit': '0.1.0' }),
    exports: { '.': './dist/index.js', './early': './dist/early.js' },
  },
  'packages/outputs/src/early.ts': 'export const early = 1;\n',
  'packages/outputs/src/index.ts':
    "import { readFileSync } from 'node:fs';\nexport const s = 'data from \\'@eval-factory/engine\\'';\nexport const r = readFileSync;\n",
  'packages/outputs/src/index.test.ts': "import { startFakeOpenAIServer } from '@eval-factory/testkit';\n",
  'packages/testkit/package.json': manifest('testkit'),
  'packages/testkit/src/index.ts': 'export const t = 1;\n',
  'packages/cli/package.json': manifest('cli', { '@eval-factory/outputs': '0.1.0' }),
  'packages/cli/src/index.ts':
    "export { s } from '@eval-factory/outputs';\nexport { early } from '@eval-factory/outputs/early'; // a declared subpath\n",
};

describe('check-deps-direction', () => {
  passesOnTheRealTree(check, 'scripts/check-deps-direction.mjs', 'dependency direction');

  it('accepts a clean fake tree (comments, strings and tests are not source imports)', () => {
    const { files, violations } = check(fakeTree(CLEAN));
    expect(violations).toEqual([]);
    expect(files).toBe(14); // 6 package.json + 8 source files; index.test.ts is not read
  });

  it('reports a factory package importing the engine, with file and exit code 1', () => {
    const root = fakeTree({
      ...CLEAN,
      'packages/outputs/src/summary.ts': "\nimport { f } from '@eval-factory/engine';\nexport const g = f;\n",
    });
    const { violations } = check(root);
    expect(violations).toEqual([
      {
        file: 'packages/outputs/src/summary.ts',
        message: expect.stringMatching(
          /^imports '@eval-factory\/engine' \(line 2\): factory package outputs never imports engine/,
        ),
      },
    ]);
    const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("packages/outputs/src/summary.ts: imports '@eval-factory/engine' (line 2)");
    expect(run.stdout).not.toMatch(/: ok/);
  });

  it('reports each rule of docs/architecture.md', () => {
    const root = fakeTree({
      ...CLEAN,
      'packages/types/package.json': manifest('types', { '@eval-factory/metrics': '0.1.0' }),
      // Third-party modules declared, so that each line below breaks only the rule it is about.
      'packages/metrics/package.json': manifest('metrics', { '@eval-factory/types': '0.1.0', openai: '^6' }),
      'packages/engine/package.json': manifest('engine', {
        '@eval-factory/metrics': '0.1.0',
        openai: '^6',
        keyv: '^5',
        '@keyv/sqlite': '^4',
      }),
      'packages/metrics/src/bad.ts': [
        "import { c } from '@eval-factory/engine';", // metrics only on types (and undeclared is moot)
        "import type { Instance } from '@eval-factory/types/src/index.js';", // deep import
        "import OpenAI from 'openai';", // openai outside engine/src/clients
        "import { t } from '@eval-factory/testkit';", // testkit in source
        "import { s } from '../../outputs/src/index.js';", // relative reach into another package
      ].join('\n'),
      'packages/engine/src/cache/store.ts':
        "import Keyv from 'keyv';\nexport type T = typeof import('@keyv/sqlite');\n",
      'packages/engine/src/runner/run.ts':
        "import { Keyv } from 'keyv';\nexport { Instance } from '@eval-factory/types';\n",
      'packages/outputs/package.json': {
        ...manifest('outputs', { '@eval-factory/cli': '0.1.0' }),
        exports: { '.': './dist/index.js', './early': './dist/early.js' },
      },
      'packages/cli/src/late.ts':
        "import { late } from '@eval-factory/outputs/late'; // a subpath outputs does not export\n",
    });
    const found = check(root).violations.map((v) => `${v.file}: ${v.message}`);
    const expected = [
      /^packages\/metrics\/src\/bad\.ts: imports '@eval-factory\/engine' \(line 1\): metrics may import only @eval-factory\/types$/,
      /^packages\/metrics\/src\/bad\.ts: imports '@eval-factory\/types\/src\/index\.js' \(line 2\): deep import/,
      /^packages\/cli\/src\/late\.ts: imports '@eval-factory\/outputs\/late' \(line 1\): deep import/,
      /^packages\/metrics\/src\/bad\.ts: imports 'openai' \(line 3\): only engine\/src\/clients/,
      /^packages\/metrics\/src\/bad\.ts: imports '@eval-factory\/testkit' \(line 4\): testkit is imported only by tests and scripts/,
      /^packages\/metrics\/src\/bad\.ts: imports '\.\.\/\.\.\/outputs\/src\/index\.js' \(line 5\): reaches outside its package/,
      /^packages\/engine\/src\/runner\/run\.ts: imports 'keyv' \(line 1\): only engine\/src\/cache/,
      /^packages\/engine\/src\/runner\/run\.ts: imports '@eval-factory\/types' \(line 2\): @eval-factory\/types is not declared/,
      /^packages\/types\/package\.json: dependencies lists @eval-factory\/metrics: types depends on no workspace package$/,
      /^packages\/outputs\/package\.json: dependencies lists @eval-factory\/cli: nothing imports cli/,
    ];
    for (const pattern of expected) expect(found.some((line) => pattern.test(line))).toBe(true);
    expect(found).toHaveLength(expected.length);
  });

  it('reports the suite pipeline run backwards: only cli imports orchestrator, only orchestrator imports executors', () => {
    const pipeline = {
      'packages/orchestrator/package.json': manifest('orchestrator', { '@eval-factory/executors': '0.1.0' }),
      'packages/orchestrator/src/index.ts': "export { e } from '@eval-factory/executors';\n",
      'packages/executors/package.json': manifest('executors', { '@eval-factory/outputs': '0.1.0' }),
      'packages/executors/src/index.ts': 'export const e = 1;\n',
      'packages/cli/package.json': manifest('cli', {
        '@eval-factory/outputs': '0.1.0',
        '@eval-factory/orchestrator': '0.1.0',
      }),
      'packages/cli/src/run.ts': "export { e } from '@eval-factory/orchestrator';\n",
    };
    expect(check(fakeTree({ ...CLEAN, ...pipeline })).violations).toEqual([]);
    const root = fakeTree({
      ...CLEAN,
      ...pipeline,
      'packages/executors/package.json': manifest('executors', { '@eval-factory/orchestrator': '0.1.0' }),
      'packages/executors/src/back.ts': "export { e } from '@eval-factory/orchestrator';\n",
      'packages/cli/package.json': manifest('cli', {
        '@eval-factory/outputs': '0.1.0',
        '@eval-factory/orchestrator': '0.1.0',
        '@eval-factory/executors': '0.1.0',
      }),
      'packages/cli/src/slurm.ts': "export { e } from '@eval-factory/executors';\n",
    });
    const found = check(root).violations.map((v) => `${v.file}: ${v.message}`);
    expect(found.sort()).toEqual([
      'packages/cli/package.json: dependencies lists @eval-factory/executors: only @eval-factory/orchestrator imports executors (cli → orchestrator → executors → executor)',
      "packages/cli/src/slurm.ts: imports '@eval-factory/executors' (line 1): only @eval-factory/orchestrator imports executors (cli → orchestrator → executors → executor)",
      'packages/executors/package.json: dependencies lists @eval-factory/orchestrator: only @eval-factory/cli imports orchestrator (cli → orchestrator → executors → executor)',
      "packages/executors/src/back.ts: imports '@eval-factory/orchestrator' (line 1): only @eval-factory/cli imports orchestrator (cli → orchestrator → executors → executor)",
    ]);
  });

  it('reports a module the source loads that an install for use leaves out, and a dependency only tests load', () => {
    const root = fakeTree({
      ...CLEAN,
      'packages/outputs/package.json': {
        ...(CLEAN['packages/outputs/package.json'] as object),
        ...manifest('outputs', { '@eval-factory/types': '0.1.0', yaml: '^2' }, { arrow: '^18' }),
      },
      'packages/outputs/src/feather.ts': "export const read = async () => (await import('arrow')).tableFromIPC;\n",
      'packages/outputs/src/index.test.ts':
        "import { parse } from 'yaml';\nimport { t } from '@eval-factory/testkit';\n",
      'packages/cli/src/args.ts': "import yargs from 'yargs';\nexport const y = yargs;\n",
    });
    expect(check(root).violations).toEqual([
      {
        file: 'packages/cli/src/args.ts',
        message:
          "imports 'yargs' (line 1): yargs is loaded at run time but not in packages/cli/package.json dependencies",
      },
      {
        file: 'packages/outputs/src/feather.ts',
        message:
          "imports 'arrow' (line 1): arrow is loaded at run time but not in packages/outputs/package.json dependencies (it is only a devDependency)",
      },
      {
        file: 'packages/outputs/package.json',
        message: 'dependencies lists yaml, which only tests import: move it to devDependencies',
      },
    ]);
  });
});
