/** After the README's `npm install`, `npx eval-factory` runs the CLI (issue 19.2): the workspace bin is linked. */
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { REPO_ROOT } from './support.js';

describe('node_modules/.bin', () => {
  it.each([
    ['eval-factory', 'packages/cli/dist/bin.js'],
    ['ef-bench', 'packages/engine/dist/bin.js'],
  ])('%s links to %s', (bin, target) => {
    expect(realpathSync(join(REPO_ROOT, 'node_modules', '.bin', bin))).toBe(realpathSync(join(REPO_ROOT, target)));
  });
});
