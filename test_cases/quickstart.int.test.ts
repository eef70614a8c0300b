/**
 * The README's first command ends in scripts/quickstart.mjs: a first run on the shipped fixtures must be clean — no
 * warning about its own data (EF_DATA_DRIFT), no error, three successful runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { runNode } from '@eval-factory/testkit';
import { REPO_ROOT, tempDir } from './support.js';

describe('npm run quickstart (after the build)', () => {
  it('a first run prints no warning or error and leaves three successful runs', async () => {
    const root = join(tempDir(), 'quickstart-output');
    const r = await runNode([join(REPO_ROOT, 'scripts', 'quickstart.mjs'), '--output_root', root], {
      cwd: REPO_ROOT,
      env: { ...process.env, CI: 'true' },
    });
    const output = `${r.stdout}\n${r.stderr}`;
    expect(output).not.toMatch(/warning\[|error\[|EF_[A-Z_]+/);
    expect(r.code).toBe(0);
    for (const name of ['pubmed_qa', 'head_qa', 'medbullets']) {
      const evaluation = parse(readFileSync(join(root, name, 'evaluation_config.yaml'), 'utf8'));
      expect(evaluation.status).toBe('success');
      expect(evaluation.warnings ?? []).toEqual([]);
    }
  });
});
