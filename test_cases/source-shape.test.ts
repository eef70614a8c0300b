import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
// @ts-expect-error: a plain .mjs script without type declarations
import { ALLOWED_LONG, checkSourceShape, MAX_LINES } from '../scripts/check-source-shape.mjs';
import { fakeTrees, passesOnTheRealTree, type SourceCheck } from './source-check-support.js';
import { REPO_ROOT } from './support.js';

const check = checkSourceShape as SourceCheck;
const SCRIPT = join(REPO_ROOT, 'scripts/check-source-shape.mjs');
const LIMIT = MAX_LINES as number;
const fakeTree = fakeTrees('ef-shape-');

const lines = (n: number) => 'export const x = 1;\n'.repeat(n);
const ALLOWED_TABLE = Object.keys(ALLOWED_LONG as Record<string, string>)[0] as string;

describe('check-source-shape', () => {
  passesOnTheRealTree(check, 'scripts/check-source-shape.mjs', 'source shape');

  it(`a source file over ${LIMIT} lines is a violation; at ${LIMIT}, a test, or a listed data table it is not`, () => {
    const root = fakeTree({
      'packages/a/src/long.ts': lines(LIMIT + 1),
      'packages/a/src/fits.ts': lines(LIMIT),
      'packages/a/src/long.test.ts': lines(LIMIT + 50),
      'packages/v/browser/views/long.ts': lines(LIMIT + 1),
      [ALLOWED_TABLE]: lines(LIMIT + 100),
    });
    expect(check(root).violations).toEqual([
      { file: 'packages/a/src/long.ts', message: expect.stringContaining(`${LIMIT + 1} lines (over ${LIMIT})`) },
      { file: 'packages/v/browser/views/long.ts', message: expect.stringContaining(`${LIMIT + 1} lines`) },
    ]);
  });

  it('a listed file no longer over the limit must leave the list', () => {
    const root = fakeTree({ [ALLOWED_TABLE]: lines(10) });
    expect(check(root).violations).toEqual([
      { file: ALLOWED_TABLE, message: expect.stringContaining('remove it from the list') },
    ]);
  });

  it('an import circle inside a package is a violation, type-only and through a folder index too', () => {
    const root = fakeTree({
      'packages/a/src/one.ts': "import { two } from './deep/two.js';\nexport const one = two;\n",
      'packages/a/src/deep/two.ts': "export { three as two } from '../three.js';\n",
      'packages/a/src/three.ts': "import type { One } from './one.js';\nexport const three = 3;\n",
      'packages/b/src/index.ts': "import { y } from './y/index.js';\nexport const x = y;\n",
      'packages/b/src/y/index.ts': "import { x } from '../index.js';\nexport const y = 1;\nexport const z = x;\n",
      // Not circles: a chain, an import of another package, an import in a comment, a test importing its subject.
      'packages/c/src/a.ts': "import { b } from './b.js';\n// import { a } from './a.js';\nexport const a = b;\n",
      'packages/c/src/b.ts': "import { t } from '@eval-factory/types';\nexport const b = t;\n",
      'packages/c/src/b.test.ts': "import { b } from './b.js';\nimport { a } from './a.js';\n",
    });
    expect(check(root).violations).toEqual([
      {
        file: 'packages/a/src/deep/two.ts',
        message:
          'import circle: packages/a/src/deep/two.ts -> packages/a/src/three.ts -> packages/a/src/one.ts -> packages/a/src/deep/two.ts',
      },
      {
        file: 'packages/b/src/index.ts',
        message: 'import circle: packages/b/src/index.ts -> packages/b/src/y/index.ts -> packages/b/src/index.ts',
      },
    ]);
  });

  it('exits 1 and says why on a planted violation', () => {
    const root = fakeTree({ 'packages/a/src/long.ts': lines(LIMIT + 1) });
    const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('source shape: 1 violation(s)');
  });
});
